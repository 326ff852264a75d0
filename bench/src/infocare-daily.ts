// `npm run bench infocare-daily`: the day-late InfoCare (issue 36, domain infocare/half-hourly.ts) on real
// homes' half-hours (infocare-daily-homes.ts: REFIT houses 20 and 2, tuned on; UK-DALE house 2 and IDEAL
// house 65, checks). Each day is judged against the 28 before it and with the day before, as the product
// judges it each morning. Printed per home:
//   - ordinary days (complete, a band to judge by, someone about by the plugs and more than 3 active
//     half-hours) and the Warnings raised on them, per home-week — target ≤ 0.10; in brackets the first
//     bench's count, every day with more than 3 active half-hours (an empty house whose fridge and timers
//     lift 4–24 half-hours over the floor counted as ordinary there);
//     and how many of them fell on days the plugs were silent 6 h or more from 07:00 to 22:00 (most
//     likely a day out; IDEAL's plugs, shower and laundry only, are silent so every day);
//   - the other days (nobody about by the plugs, or ≤ 3 active half-hours) and their Warnings, apart;
//   - incomplete days (an outage: a half-hour missing): never judged, so never "low activity";
//   - injected quiet days, each ordinary day made quiet and judged against the same band: "little" (70 %
//     of its active half-hours brought down to the floor, by a seeded draw) and "late" (nothing above the
//     floor from 05:00 to noon), then the same relative to her own usual, nothing after 13:00, and every
//     use smaller (see quiet()) — target ≥ 80 %.
// Then each home delivered as a supplier delivers it, late and with outages (infocare-daily-lag.ts).
// `SHOW=1` prints each Warning on an ordinary day with its figures and band.
import {
  activeFromWh,
  addDays,
  type DayBands,
  type DayBefore,
  dayBands,
  dayFindings,
  type HalfHourlyDay,
  halfHourlyDay,
  localDate,
  localParts,
} from '@homeview/domain';
import { Rng } from '@homeview/simulator';
import { type RealHome, realHomes, type Series, ZONE } from './infocare-daily-homes';
import { lagAndOutages } from './infocare-daily-lag';

type Kind = 'little' | 'late' | 'little_usual' | 'late_usual' | 'fall' | 'scaled';
const KINDS: readonly Kind[] = ['little', 'late', 'little_usual', 'late_usual', 'fall', 'scaled'];

/**
 * The day's half-hours made quiet, each active one brought down to the floor: `little` 70 % of them (a
 * seeded draw), `late` those from 05:00 to noon; and as a bad day of her own (3 December 2026):
 * `little_usual` all but 30 % of her usual count (the band's median), so a busy day made quiet is as
 * quiet as an ordinary one made quiet, `late_usual` those from 05:00 to 4 hours after her usual start;
 * and (3 December 2026, afternoon) `fall`, those from 13:00 on (the afternoon and evening of a fall),
 * and `scaled`, every half-hour's rise over the floor cut to 30 % (each use smaller, not fewer: a
 * checker's other way to make a day quiet, which a count of active half-hours reads least well).
 */
function quiet(
  series: Series,
  day: HalfHourlyDay,
  bands: DayBands,
  kind: Kind,
  random: () => number,
): Series {
  const out: Series = new Map(series);
  const threshold = activeFromWh(day.floor_wh);
  const lateUntil = kind === 'late' ? 12 * 60 : (bands.began_minute?.median ?? 7 * 60) + 240;
  const keep =
    kind === 'little' ? 0.3 : (0.3 * bands.active_half_hours.median) / Math.max(1, day.active_half_hours);
  for (const [slot, wh] of series) {
    if (localDate(slot, ZONE) !== day.date) continue;
    if (kind === 'scaled') {
      out.set(slot, Math.round(Math.min(wh, day.floor_wh) + Math.max(0, wh - day.floor_wh) * 0.3));
      continue;
    }
    if (wh < threshold) continue;
    const p = localParts(slot, ZONE);
    const minute = p.hour * 60 + p.minute;
    if (kind === 'fall') {
      if (minute >= 13 * 60) out.set(slot, day.floor_wh);
      continue;
    }
    const late = kind === 'late' || kind === 'late_usual';
    if (late ? minute >= 5 * 60 && minute < lateUntil : random() >= keep) out.set(slot, day.floor_wh);
  }
  return out;
}

/** A day whose plugs were silent this long between 07:00 and 22:00 was most likely a day out. */
const OUT_SILENCE = 6 * 60;

function judgeHome({ name, series, present, plugSilence }: RealHome): { ordinary: number; warned: number } {
  const dates = [...new Set([...series.keys()].map((t) => localDate(t, ZONE)))].sort();
  const judged: HalfHourlyDay[] = [];
  // Seeded: every run injects the same quiet days; `little` draws from the first bench's sequence.
  const rngs = { little: new Rng(7), little_usual: new Rng(8) };
  const random = (kind: Kind) => () => (kind === 'little_usual' ? rngs.little_usual : rngs.little).next();
  const count = {
    ordinary: 0,
    warned: 0,
    out: 0,
    warnedOut: 0,
    away: 0,
    awayWarned: 0,
    busy: 0,
    busyWarned: 0,
    incomplete: 0,
  };
  const injected = Object.fromEntries(KINDS.map((k) => [k, { hit: 0, of: 0 }])) as Record<Kind, Hit>;
  let before: DayBefore | null = null;
  for (const date of dates) {
    const day = halfHourlyDay(date, ZONE, series);
    const bands = day && dayBands(judged.filter((d) => d.date >= addDays(date, -28)));
    const dayBefore = before?.day?.date === addDays(date, -1) ? before : null;
    before = { day, bands };
    if (day === null) {
      count.incomplete++;
      continue;
    }
    judged.push(day);
    if (bands === null) continue;
    const warned = dayFindings(day, bands, dayBefore).length > 0;
    // The first bench's count: every day with more than 3 active half-hours was "ordinary".
    if (day.active_half_hours > 3)
      [count.busy, count.busyWarned] = [count.busy + 1, count.busyWarned + +warned];
    // Ordinary: someone about by the plugs and more than 3 active half-hours.
    if (day.active_half_hours <= 3 || !present.has(date)) {
      [count.away, count.awayWarned] = [count.away + 1, count.awayWarned + +warned];
      continue;
    }
    count.ordinary++;
    if (warned) count.warned++;
    const out = (plugSilence.get(date) ?? 0) >= OUT_SILENCE;
    if (out) count.out++;
    if (warned && out) count.warnedOut++;
    if (warned && process.env.SHOW)
      console.log(name, JSON.stringify(day), dayFindings(day, bands, dayBefore), JSON.stringify(bands));
    for (const kind of KINDS) {
      const made = halfHourlyDay(date, ZONE, quiet(series, day, bands, kind, random(kind))) as HalfHourlyDay;
      injected[kind].of++;
      if (dayFindings(made, bands, dayBefore).length > 0) injected[kind].hit++;
    }
  }
  const pct = ({ hit, of }: Hit) => `${((hit / Math.max(1, of)) * 100).toFixed(0)} %`;
  const perWeek = (n: number, of: number) => ((n / Math.max(1, of)) * 7).toFixed(3);
  console.log(
    `  ${name.padEnd(16)} ordinary days ${String(count.ordinary).padStart(3)}, Warnings ${String(count.warned).padStart(2)} = ${perWeek(count.warned, count.ordinary)} per home-week (≤ 0.10), ${count.warnedOut} of them on the ${count.out} days the plugs were silent 6 h+ from 07:00 to 22:00` +
      ` [every day > 3 active: ${perWeek(count.busyWarned, count.busy)} of ${count.busy}]` +
      ` │ nobody about by the plugs or ≤ 3 active ${count.away} (warned ${count.awayWarned}) │ incomplete ${count.incomplete}` +
      ` │ injected quiet flagged (≥ 80 %): little ${pct(injected.little)}, late ${pct(injected.late)} of ${injected.late.of}` +
      ` │ of her usual: little ${pct(injected.little_usual)}, late ${pct(injected.late_usual)}` +
      ` │ nothing after 13:00 ${pct(injected.fall)} │ every half-hour's rise over the floor × 0.3 ${pct(injected.scaled)}`,
  );
  return { ordinary: count.ordinary, warned: count.warned };
}

type Hit = { hit: number; of: number };

export async function benchInfocareDaily(): Promise<void> {
  const homes = realHomes();
  const all = homes.map(judgeHome);
  const [ordinary, warned] = [all.reduce((s, h) => s + h.ordinary, 0), all.reduce((s, h) => s + h.warned, 0)];
  console.log(
    `  all four together: ${warned} Warnings on ${ordinary} ordinary days = ${((warned / ordinary) * 7).toFixed(3)} per home-week (≤ 0.10)`,
  );
  // The same homes delivered a day late, with lag and outages (infocare-daily-lag.ts).
  for (const { name, series, usualMinute: usual } of homes) {
    const dates = [...new Set([...series.keys()].map((t) => localDate(t, ZONE)))].sort();
    console.log(lagAndOutages(name, series, dates, usual));
  }
}
