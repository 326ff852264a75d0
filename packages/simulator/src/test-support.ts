// Helpers shared by the tests (no I/O): independent local-clock formatting and yearly totals.

import type { ApplianceEvent, SimulatedDay } from './simulate';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Local 'HH:MM' of an instant, computed with Intl independently of the simulator's own zone code. */
export function localClock(epoch: number, zone = 'Europe/London'): string {
  let f = clocks.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(zone, f);
  }
  return f.format(new Date(epoch * 1000));
}

/** Minutes after local midnight of an instant. */
export function localMinutes(epoch: number, zone = 'Europe/London'): number {
  const [h, m] = localClock(epoch, zone).split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function utc(y: number, month: number, d: number, h = 0, min = 0): number {
  return Date.UTC(y, month - 1, d, h, min) / 1000;
}

export interface Totals {
  importWh: number;
  exportWh: number;
  generationWh: number;
  /** import + generation − export: what the household used. */
  useWh: number;
  days: number;
  awayDays: number;
  events: ApplianceEvent[];
}

export function totals(days: Iterable<SimulatedDay>, keepEvents = false): Totals {
  const t: Totals = { importWh: 0, exportWh: 0, generationWh: 0, useWh: 0, days: 0, awayDays: 0, events: [] };
  for (const d of days) {
    for (let i = 0; i < d.minutes; i++) {
      t.importWh += d.importWh[i] ?? 0;
      t.exportWh += d.exportWh[i] ?? 0;
      t.generationWh += d.generationWh[i] ?? 0;
    }
    t.days++;
    if (d.away) t.awayDays++;
    if (keepEvents) t.events.push(...d.events);
  }
  t.useWh = t.importWh + t.generationWh - t.exportWh;
  return t;
}
