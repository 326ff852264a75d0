import { readFileSync } from 'node:fs';
import { instantOfLocal, localParts } from '@homeview/domain';
import { realFile } from '../../../shared/real-data';
import { REFIT_FILE, wriggyGas, ZONE } from './real-series';

// What the Octopus stand-in serves, before faults: REFIT house 20's half-hours as the import MPAN, a
// made export on the same slots, and wriggy's gas as an SMETS2 meter's m³. Read once per process.

export interface Row {
  start: number;
  /** kWh as the file writes it (4 decimals). */
  kwh: number;
}

let series: Row[] | undefined;

/**
 * REFIT house 20's half-hours as UTC slots, ascending (the stand-in's import series). Its times are a
 * naive UK clock with 48 rows on every date (SOURCE.md): on the spring day the two rows of the skipped
 * hour (01:00, 01:30) do not exist and are left out (46); on the autumn day the two rows of the repeated
 * hour are served for both of its occurrences (50).
 */
export function refitSeries(): Row[] {
  if (series) return series;
  const rows: Row[] = [];
  const lines = readFileSync(realFile(REFIT_FILE), 'utf8').trim().split('\n').slice(1);
  for (const line of lines) {
    const [stamp, kwh] = line.split(',') as [string, string];
    const [date, time] = stamp.split(' ') as [string, string];
    const [h, m] = time.split(':').map(Number) as [number, number];
    const second = h * 3600 + m * 60;
    for (const which of ['earlier', 'later'] as const) {
      const start = instantOfLocal(date, second, ZONE, which);
      const p = localParts(start, ZONE);
      if (p.date !== date || p.hour !== h || p.minute !== m) break; // the skipped hour
      if (which === 'later' && start === rows.at(-1)?.start) break; // not a repeated hour
      rows.push({ start, kwh: Number(kwh) });
    }
  }
  rows.sort((a, b) => a.start - b.start);
  series = rows;
  return rows;
}

let gas: Row[] | undefined;

/**
 * The gas MPRN as an SMETS2 meter counts it, in m³ to 3 decimals (`kwh` holds m³ here): the daily gas of
 * wriggy/home-carbon shaped into half-hours (glowmarkt-standin-data.ts, 2021-03-15 → 2023-06-30), each
 * half-hour's Wh as the litres 39.5 MJ/m³ gives them (1 m³ ≈ 11,220.6 Wh), rounded to the litre. Shaped
 * data: the daily totals are real, the m³ are what a meter at that calorific value would have counted.
 */
export function gasSeries(): Row[] {
  if (gas) return gas;
  gas = [...wriggyGas().slots]
    .filter((e): e is [number, number] => e[1] !== null)
    .map(([start, wh]) => ({ start, kwh: Math.round((wh * 3_600_000) / (102_264 * 395)) / 1000 }))
    .sort((a, b) => a.start - b.start);
  return gas;
}

/** A deterministic export series on the same slots: 0.2 kWh 10:00–15:00 local, else 0. */
export function exportSeries(): Row[] {
  return refitSeries().map((r) => {
    const hour = localParts(r.start, ZONE).hour;
    return { start: r.start, kwh: hour >= 10 && hour < 15 ? 0.2 : 0 };
  });
}
