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
// `SHOW=1` prints each Warning on an ordinary day with its figures and band. The homes and how their
// files become half-hours: infocare-daily-homes.ts.
import {
  activeFromWh,
  addDays,
  dayBands,
  dayFindings,
  type HalfHourlyDay,
  halfHourlyDay,
  localDate,
  localParts,
} from '@homeview/domain';
import { Rng } from '@homeview/simulator';
import { realHomes, type Series, ZONE } from './infocare-daily-homes';
import { lagAndOutages } from './infocare-daily-lag';

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
  const homes = realHomes();
  for (const { name, series } of homes) judgeHome(name, series);
  // The same homes delivered a day late, with lag and outages (infocare-daily-lag.ts).
  for (const { name, series, usualMinute: usual } of homes) {
    const dates = [...new Set([...series.keys()].map((t) => localDate(t, ZONE)))].sort();
    console.log(lagAndOutages(name, series, dates, usual));
  }
}
