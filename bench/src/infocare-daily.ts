// `npm run bench infocare-daily`: the day-late InfoCare (issue 36, domain infocare/half-hourly.ts) on real
// homes' half-hours, read in place from ../shared/data/real (REFIT, CC BY 4.0, attributions in each
// SOURCE.md): REFIT House 20's 15 months of half-hours, and REFIT House 2's 8 months of 1-minute readings
// summed into half-hours. Each day is judged against the 28 before it, as the product would each morning.
// Printed per home:
//   - ordinary days (complete, someone about: more than 3 active half-hours, a band to judge by) and the
//     Warnings raised on them, per home-week — target ≤ 0.10;
//   - days with nobody about (≤ 3 active half-hours: away, or worse) and their Warnings, apart;
//   - incomplete days (an outage: a half-hour missing): never judged, so never "low activity";
//   - injected quiet days, each ordinary day made quiet in two ways and judged against the same band:
//     "little" (70 % of its active half-hours brought down to the floor, by a seeded draw) and "late"
//     (nothing above the floor from 05:00 to noon) — target ≥ 80 % flagged.
// Then each home delivered as a supplier delivers it, late and with outages (infocare-daily-lag.ts).
// `SHOW=1` prints each Warning on an ordinary day with its figures and band. The files' clocks are naive
// UK local time: each half-hour is placed at its local instant (the earlier
// of two on the autumn night).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  activeFromWh,
  addDays,
  dayBands,
  dayFindings,
  type HalfHourlyDay,
  halfHourlyDay,
  instantOfLocal,
  localDate,
  localParts,
} from '@homeview/domain';
import { Rng } from '@homeview/simulator';
import { lagAndOutages } from './infocare-daily-lag';

const REAL = join(import.meta.dirname, '../../../shared/data/real');
const ZONE = 'Europe/London';

/** Wh by half-hour start, from a naive-local "YYYY-MM-DD HH:MM" and a Wh figure (null: missing). */
type Series = Map<number, number>;

const at = (local: string) => {
  const [date, time] = local.split(' ') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  return instantOfLocal(date, (h * 60 + (m < 30 ? 0 : 30)) * 60, ZONE, 'earlier');
};

function house20(): Series {
  const text = readFileSync(join(REAL, 'refit-house20-halfhourly/refit_house20_halfhourly_kwh.csv'), 'utf8');
  const series: Series = new Map();
  for (const line of text.trim().split('\n').slice(1)) {
    const [local, kwh, , , , , present, missing] = line.split(',') as string[];
    if (Number(present) < 25 || Number(missing) > 5) continue; // an outage: the half-hour is missing
    series.set(at(local as string), Math.round(Number(kwh) * 1000));
  }
  return series;
}

function house2(): Series {
  const months = ['2013-10', '2013-11', '2013-12', '2014-01', '2014-02', '2014-03', '2014-04', '2014-05'];
  const sums = new Map<number, { wh: number; n: number }>();
  for (const month of months) {
    const text = gunzipSync(readFileSync(join(REAL, `nilm-1min/REFIT_House2_${month}.csv.gz`))).toString();
    for (const line of text.trim().split('\n').slice(1)) {
      const [time, aggregate] = line.split(',') as [string, string];
      const w = Number(aggregate);
      if (!(w > 0)) continue; // Aggregate 0 is missing data
      const slot = at(time.slice(0, 16));
      const sum = sums.get(slot) ?? { wh: 0, n: 0 };
      sum.wh += w / 60;
      sum.n++;
      sums.set(slot, sum);
    }
  }
  const series: Series = new Map();
  for (const [slot, { wh, n }] of sums) if (n >= 25) series.set(slot, Math.round((wh * 30) / n));
  return series;
}

/** The day's half-hours made quiet: `little` drops 70 % of what rose above the floor, `late` the morning. */
function quiet(series: Series, day: HalfHourlyDay, kind: 'little' | 'late', random: () => number): Series {
  const out: Series = new Map(series);
  const threshold = activeFromWh(day.floor_wh);
  for (const [slot, wh] of series) {
    if (localDate(slot, ZONE) !== day.date || wh < threshold) continue;
    const p = localParts(slot, ZONE);
    const minute = p.hour * 60 + p.minute;
    if (kind === 'late' ? minute >= 5 * 60 && minute < 12 * 60 : random() < 0.7) out.set(slot, day.floor_wh);
  }
  return out;
}

function judgeHome(name: string, series: Series): void {
  const dates = [...new Set([...series.keys()].map((t) => localDate(t, ZONE)))].sort();
  const judged: HalfHourlyDay[] = [];
  const rng = new Rng(7); // seeded: every run injects the same quiet days
  const random = () => rng.next();
  let ordinary = 0;
  let warned = 0;
  let away = 0;
  let awayWarned = 0;
  let incomplete = 0;
  const injected = { little: { hit: 0, of: 0 }, late: { hit: 0, of: 0 } };
  for (const date of dates) {
    const day = halfHourlyDay(date, ZONE, series);
    if (day === null) {
      incomplete++;
      continue;
    }
    const bands = dayBands(judged.filter((d) => d.date >= addDays(date, -28)));
    judged.push(day);
    if (bands === null) continue;
    const findings = dayFindings(day, bands);
    if (day.active_half_hours <= 3) {
      away++;
      if (findings.length > 0) awayWarned++;
      continue;
    }
    ordinary++;
    if (findings.length > 0) warned++;
    if (findings.length > 0 && process.env.SHOW)
      console.log(name, JSON.stringify(day), findings, JSON.stringify(bands));
    for (const kind of ['little', 'late'] as const) {
      const made = halfHourlyDay(date, ZONE, quiet(series, day, kind, random)) as HalfHourlyDay;
      injected[kind].of++;
      if (dayFindings(made, bands).length > 0) injected[kind].hit++;
    }
  }
  const pct = ({ hit, of }: { hit: number; of: number }) =>
    `${((hit / Math.max(1, of)) * 100).toFixed(0)} % of ${of}`;
  console.log(
    `  ${name.padEnd(16)} ordinary days ${String(ordinary).padStart(3)}, Warnings ${String(warned).padStart(2)} = ${((warned / Math.max(1, ordinary)) * 7).toFixed(3)} per home-week (≤ 0.10)` +
      ` │ nobody about ${away} (warned ${awayWarned}) │ incomplete ${incomplete} (never judged)` +
      ` │ injected quiet flagged: little ${pct(injected.little)}, late ${pct(injected.late)} (≥ 80 %)`,
  );
}

export async function benchInfocareDaily(): Promise<void> {
  const homes: [string, Series, number][] = [
    ['REFIT house 20', house20(), 9 * 60 + 30],
    ['REFIT house 2', house2(), 7 * 60],
  ];
  for (const [name, series] of homes) judgeHome(name, series);
  // The same homes delivered a day late, with lag and outages (infocare-daily-lag.ts).
  for (const [name, series, usual] of homes) {
    const dates = [...new Set([...series.keys()].map((t) => localDate(t, ZONE)))].sort();
    console.log(lagAndOutages(name, series, dates, usual));
  }
}
