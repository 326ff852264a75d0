// `npm run bench meter-activity`: appliance uses found in the whole-house signal alone (issue 24),
// measured against the appliance channels recorded beside it in the real homes of ../shared/data/real
// (read in place, never copied: REFIT, UK-DALE and IDEAL, CC BY 4.0, attributions in each SOURCE.md).
// The detector sees only the aggregate, turned into integer Wh a minute exactly as the import does
// (wholeHouseReadings); the channels are the ground truth. Clocks are the files' naive clocks read as
// UTC: the detector does not care about the zone, and days are the files' own calendar days.
//
// Ground truth, from the channels:
//   - a kettle use is a run of minutes with the Kettle channel ≥ 500 W (runs one minute apart joined)
//     drawing ≥ 40 Wh (about a minute at full power or more). Shorter runs (a top-up boil of a few
//     seconds, 21 % of the runs in REFIT house 2) are "don't care": a detection on one is neither right
//     nor wrong.
//   - a shower (IDEAL) is a run of minutes with the Shower channel ≥ 3 kW drawing ≥ 150 Wh.
//   - a day's first real appliance use is its first minute with any channel ≥ 500 W (kettle,
//     microwave, washing machine or dishwasher heating) in a run of such minutes that began that day (a
//     dishwasher heating from 23:54 into 00:01 is the day before's use, not the new day's first: both
//     "late" days of the first-activity figure until 2026-11-27 were such); fridges and standby have no
//     channel and never count. Days count when the aggregate covers ≥ 90 % of them and they have a real use, in the homes
//     whose channels include the kitchen (kettle and microwave: not IDEAL, whose channels are the shower
//     and the washing machines). Loads without a channel (an electric shower in REFIT house 2, an oven,
//     a toaster) are real activity the truth cannot see: "early" days are often those.
// A detection matches a true use when their starts are within 2 minutes (one to one, in time order).
// The first activity of a day is the first detected use of any kind; it is right within 15 minutes.
// CPU: the detector's own CPU time over each whole month, per day of data.
//
// Tuning months (TUNING below): the older single-month folders (REFIT house 20 April, May and October
// 2014, REFIT house 2 June 2014, UK-DALE house 2 July 2013, IDEAL house 65 June 2017). Every month of
// nilm-1min is held out (20 home-months): the held-out figures are the ones that count. (Until the
// detector's third tuning step the tuning set was REFIT house 20 and IDEAL only, so that REFIT house 2
// and UK-DALE house 2 were homes never seen; bench/NOTES.md has the figures of that split.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  detectMeterUses,
  detectMeterUsesIn,
  METER_CONTEXT_S,
  type MeterSample,
  type MeterUse,
} from '@homeview/domain';
import { wholeHouseReadings } from '../../apps/server/src/ingest/formats';

const REAL = join(import.meta.dirname, '../../../shared/data/real');

interface Month {
  home: string;
  file: string;
}

const HOMES: Record<string, string[]> = {
  'REFIT house 20': [
    'nilm-1min/REFIT_House20_2014-03.csv.gz',
    'refit-house20-1min/REFIT_House20_2014-04.csv',
    'refit-house20-1min/REFIT_House20_2014-05.csv',
    'nilm-1min/REFIT_House20_2014-06.csv.gz',
    'nilm-1min/REFIT_House20_2014-07.csv.gz',
    'nilm-1min/REFIT_House20_2014-08.csv.gz',
    'nilm-1min/REFIT_House20_2014-09.csv.gz',
    'refit-house20-1min/REFIT_House20_2014-10.csv',
    'nilm-1min/REFIT_House20_2014-11.csv.gz',
    'nilm-1min/REFIT_House20_2014-12.csv.gz',
  ],
  'REFIT house 2': [
    'nilm-1min/REFIT_House2_2013-10.csv.gz',
    'nilm-1min/REFIT_House2_2013-11.csv.gz',
    'nilm-1min/REFIT_House2_2013-12.csv.gz',
    'nilm-1min/REFIT_House2_2014-01.csv.gz',
    'nilm-1min/REFIT_House2_2014-02.csv.gz',
    'nilm-1min/REFIT_House2_2014-03.csv.gz',
    'nilm-1min/REFIT_House2_2014-04.csv.gz',
    'nilm-1min/REFIT_House2_2014-05.csv.gz',
    'refit-house2-1min/REFIT_House2_2014-06.csv',
  ],
  'UK-DALE house 2': [
    'nilm-1min/UKDALE_House2_2013-05.csv.gz',
    'nilm-1min/UKDALE_House2_2013-06.csv.gz',
    'ukdale-house2-1min/UKDALE_House2_2013-07.csv',
    'nilm-1min/UKDALE_House2_2013-08.csv.gz',
  ],
  'IDEAL house 65': [
    'ideal-house65-1min/IDEAL_House65_2017-06.csv',
    'nilm-1min/IDEAL_House65_2018-02.csv.gz',
    'nilm-1min/IDEAL_House65_2018-04.csv.gz',
  ],
};

/** The months the detector's thresholds were tuned on; every other month is held out. */
export const TUNING = new Set([
  'refit-house20-1min/REFIT_House20_2014-04.csv',
  'refit-house20-1min/REFIT_House20_2014-05.csv',
  'refit-house20-1min/REFIT_House20_2014-10.csv',
  'refit-house2-1min/REFIT_House2_2014-06.csv',
  'ukdale-house2-1min/UKDALE_House2_2013-07.csv',
  'ideal-house65-1min/IDEAL_House65_2017-06.csv',
]);

const TRUE_ON_W = 500;
const KETTLE_MIN_WH = 40;
const SHOWER_ON_W = 3000;
const SHOWER_MIN_WH = 150;
const MATCH_S = 2 * 60;
const FIRST_WITHIN_S = 15 * 60;
const DAY_COVERAGE = 0.9;

export interface MonthData {
  /** Epoch seconds of each row (naive clock read as UTC). */
  t: number[];
  /** Whole-house W, null where missing. */
  aggregate: (number | null)[];
  channels: Record<string, number[]>;
}

export function readMonth(file: string): MonthData {
  const raw = readFileSync(join(REAL, file));
  const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const lines = text.trim().split('\n');
  const header = (lines[0] as string).trim().split(',');
  const names = header.slice(2);
  const data: MonthData = { t: [], aggregate: [], channels: Object.fromEntries(names.map((n) => [n, []])) };
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    data.t.push(Date.parse(`${(cells[0] as string).replace(' ', 'T')}Z`) / 1000);
    const agg = Number(cells[1]);
    data.aggregate.push(agg > 0 ? agg : null);
    names.forEach((n, k) => {
      data.channels[n]?.push(Number(cells[k + 2]) || 0);
    });
  }
  return data;
}

/** The aggregate as the import stores it: integer Wh a minute, rounding carried (no reading when missing). */
export function meterSamples(data: MonthData): MeterSample[] {
  const readings = wholeHouseReadings(
    data.t.map((t, k) => ({ line: k + 2, t, aggregate_w: data.aggregate[k] ?? null, watts: [] })),
    60,
  );
  return readings.map((r) => ({ start: r.start, seconds: r.interval_s, wh: r.import_wh }));
}

interface TrueUse {
  start: number;
  counts: boolean;
}

/** Runs of minutes with the channel ≥ onW (one-minute dips joined); counts when it drew ≥ minWh. */
function trueUses(data: MonthData, channel: string, onW: number, minWh: number): TrueUse[] {
  const w = data.channels[channel] as number[];
  const uses: TrueUse[] = [];
  let start = -1;
  let wh = 0;
  let lastOn = -10;
  for (let k = 0; k <= w.length; k++) {
    const on = k < w.length && (w[k] as number) >= onW;
    if (on) {
      if (start < 0 || k - lastOn > 2) {
        if (start >= 0) uses.push({ start: data.t[start] as number, counts: wh >= minWh });
        start = k;
        wh = 0;
      }
      wh += (w[k] as number) / 60;
      lastOn = k;
    }
  }
  if (start >= 0) uses.push({ start: data.t[start] as number, counts: wh >= minWh });
  return uses;
}

interface Score {
  tp: number;
  fp: number;
  fn: number;
}
const emptyScore = (): Score => ({ tp: 0, fp: 0, fn: 0 });
const add = (a: Score, b: Score) => {
  a.tp += b.tp;
  a.fp += b.fp;
  a.fn += b.fn;
};

/** One-to-one matching in time order, starts within MATCH_S; detections on "don't care" uses ignored. */
function score(found: readonly number[], truth: readonly TrueUse[]): Score {
  const s = emptyScore();
  const used = new Set<number>();
  for (const f of found) {
    let best = -1;
    for (let k = 0; k < truth.length; k++) {
      const d = Math.abs((truth[k] as TrueUse).start - f);
      if (!used.has(k) && d <= MATCH_S && (best < 0 || d < Math.abs((truth[best] as TrueUse).start - f)))
        best = k;
    }
    if (best < 0) s.fp++;
    else {
      used.add(best);
      if ((truth[best] as TrueUse).counts) s.tp++;
    }
  }
  truth.forEach((u, k) => {
    if (u.counts && !used.has(k)) s.fn++;
  });
  return s;
}

interface FirstScore {
  days: number;
  within: number;
  early: number;
  /** Of the early days, those whose first detected use is a shower (no channel in REFIT or UK-DALE). */
  earlyShower: number;
  late: number;
}

const noFirst = (): FirstScore => ({ days: 0, within: 0, early: 0, earlyShower: 0, late: 0 });

/** Per day: the first detected use against the first minute any channel was ≥ TRUE_ON_W in a run of
 * such minutes that began that day (a run from the evening before is the day before's use). */
function firstActivity(data: MonthData, uses: readonly MeterUse[]): FirstScore {
  const day = (t: number) => Math.floor(t / 86400);
  const covered = new Map<number, number>();
  const truth = new Map<number, number>();
  const channels = Object.values(data.channels);
  const runStart = channels.map(() => -1);
  data.t.forEach((t, k) => {
    if (data.aggregate[k] !== null) covered.set(day(t), (covered.get(day(t)) ?? 0) + 1);
    channels.forEach((w, c) => {
      const on = (w[k] as number) >= TRUE_ON_W;
      const prevOn = k > 0 && (w[k - 1] as number) >= TRUE_ON_W && t - (data.t[k - 1] as number) <= 60;
      if (on && !prevOn) runStart[c] = t;
      if (on && !truth.has(day(t)) && day(runStart[c] as number) === day(t)) truth.set(day(t), t);
    });
  });
  const found = new Map<number, MeterUse>();
  for (const u of uses) if (!found.has(day(u.start))) found.set(day(u.start), u);
  const s = noFirst();
  for (const [d, t] of truth) {
    if ((covered.get(d) ?? 0) < DAY_COVERAGE * 1440) continue;
    s.days++;
    const f = found.get(d);
    if (f !== undefined && Math.abs(f.start - t) <= FIRST_WITHIN_S) s.within++;
    else if (f !== undefined && f.start < t) {
      s.early++;
      if (f.kind === 'electric_shower') s.earlyShower++;
    } else s.late++;
  }
  return s;
}

/** Runs of an appliance (channel ≥ 20 W, pauses up to 30 min joined) that heat (a minute ≥ 1.5 kW):
 * the washes the whole-house signal can show. */
function heatedRuns(data: MonthData, channel: string): { start: number; end: number }[] {
  const w = data.channels[channel] as number[];
  const runs: { start: number; end: number; heats: boolean }[] = [];
  for (let k = 0; k < w.length; k++) {
    if ((w[k] as number) < 20) continue;
    const t = data.t[k] as number;
    const last = runs.at(-1);
    if (last && t - last.end <= 30 * 60) last.end = t + 60;
    else runs.push({ start: t, end: t + 60, heats: false });
    if ((w[k] as number) >= 1500) (runs.at(-1) as { heats: boolean }).heats = true;
  }
  return runs.filter((r) => r.heats);
}

/** Detected washes of one kind against the runs of its channel: right when they overlap one. */
function washScore(uses: readonly MeterUse[], runs: readonly { start: number; end: number }[]): Score {
  const s = emptyScore();
  const hit = new Set<number>();
  for (const u of uses) {
    const k = runs.findIndex((r) => u.start < r.end && u.end > r.start);
    if (k < 0) s.fp++;
    else if (!hit.has(k)) {
      hit.add(k);
      s.tp++;
    }
  }
  s.fn = runs.length - hit.size;
  return s;
}

/** Minute by minute, as NILM papers score: a minute is on in truth when the kettle channel is ≥ 500 W,
 * detected when it lies inside a detected kettle use. */
function kettleMinutes(data: MonthData, uses: readonly MeterUse[]): Score {
  const s = emptyScore();
  const w = data.channels.Kettle as number[];
  const on = new Set<number>();
  for (const u of uses) if (u.kind === 'kettle') for (let t = u.start; t < u.end; t += 60) on.add(t);
  data.t.forEach((t, k) => {
    if (data.aggregate[k] === null) return;
    const truth = (w[k] as number) >= TRUE_ON_W;
    if (truth && on.has(t)) s.tp++;
    else if (truth) s.fn++;
    else if (on.has(t)) s.fp++;
  });
  return s;
}

/** Kettle detections lasting one clock minute and longer: how many, and how many with the kettle on. */
interface ByLength {
  oneMinute: { n: number; real: number };
  longer: { n: number; real: number };
}
const noLength = (): ByLength => ({ oneMinute: { n: 0, real: 0 }, longer: { n: 0, real: 0 } });

/** A detected kettle is real when the Kettle channel is ≥ TRUE_ON_W in some minute from MATCH_S before
 * its start to its end (any run, a short top-up included): the evidence an unusual-hour message on an
 * estimated use rests on (InfoCare's UNUSUAL_ESTIMATED_MIN_S). */
function kettleByLength(data: MonthData, uses: readonly MeterUse[]): ByLength {
  const out = noLength();
  const w = data.channels.Kettle as number[];
  const row = new Map(data.t.map((t, k) => [t, k]));
  for (const u of uses) {
    if (u.kind !== 'kettle') continue;
    let real = false;
    for (let t = u.start - MATCH_S; t < u.end && !real; t += 60) {
      const k = row.get(t);
      real = k !== undefined && (w[k] as number) >= TRUE_ON_W;
    }
    const bucket = u.end - u.start <= 60 ? out.oneMinute : out.longer;
    bucket.n++;
    if (real) bucket.real++;
  }
  return out;
}

interface MonthResult {
  kettleByLength: ByLength;
  kettleMinutes: Score;
  kettle: Score;
  shower: Score;
  dishwasher: Score;
  washer: Score;
  first: FirstScore;
  cpuMs: number;
  days: number;
}

export function measureMonth(data: MonthData): MonthResult {
  const samples = meterSamples(data);
  const before = process.cpuUsage();
  const uses = detectMeterUses(samples);
  const cpu = process.cpuUsage(before);
  const startsOf = (kind: string) => uses.filter((u) => u.kind === kind).map((u) => u.start);
  return {
    // A home without the channel (IDEAL has no kettle channel, the others no shower) is not scored on it.
    kettleMinutes: data.channels.Kettle ? kettleMinutes(data, uses) : emptyScore(),
    kettleByLength: data.channels.Kettle ? kettleByLength(data, uses) : noLength(),
    kettle: data.channels.Kettle
      ? score(startsOf('kettle'), trueUses(data, 'Kettle', TRUE_ON_W, KETTLE_MIN_WH))
      : emptyScore(),
    shower: data.channels.Shower
      ? score(startsOf('electric_shower'), trueUses(data, 'Shower', SHOWER_ON_W, SHOWER_MIN_WH))
      : emptyScore(),
    dishwasher: washScore(
      uses.filter((u) => u.kind === 'dishwasher'),
      heatedRuns(data, 'Dishwasher'),
    ),
    washer: washScore(
      uses.filter((u) => u.kind === 'washing_machine'),
      heatedRuns(data, 'WashingMachine'),
    ),
    // Scored only where the channels include the kitchen (kettle and microwave): IDEAL's are the shower
    // and the washing machines, so its first kettle of the day, seen by the detector, has no truth.
    first: data.channels.Kettle && data.channels.Microwave ? firstActivity(data, uses) : noFirst(),
    cpuMs: (cpu.user + cpu.system) / 1000,
    days: samples.length / 1440,
  };
}

const ratio = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);
let digits = 2;
const f2 = (x: number) => (Number.isNaN(x) ? '   – ' : x.toFixed(digits).padStart(5));
function prf(s: Score): string {
  const p = ratio(s.tp, s.tp + s.fp);
  const r = ratio(s.tp, s.tp + s.fn);
  const f = ratio(2 * p * r, p + r);
  return `${f2(p)} ${f2(r)} ${f2(f)} ${String(s.tp + s.fn).padStart(4)}`;
}
function firsts(s: FirstScore): string {
  if (s.days === 0) return '   –    (no kitchen channels)';
  return `${f2(ratio(s.within, s.days))} ${String(s.days).padStart(3)} (${s.early} early${s.earlyShower ? ` [${s.earlyShower} shower]` : ''}, ${s.late} late)`;
}

interface Total {
  kettleByLength: ByLength;
  kettleMinutes: Score;
  kettle: Score;
  shower: Score;
  dishwasher: Score;
  washer: Score;
  first: FirstScore;
  cpuMs: number;
  days: number;
}
const emptyTotal = (): Total => ({
  kettleByLength: noLength(),
  kettleMinutes: emptyScore(),
  kettle: emptyScore(),
  shower: emptyScore(),
  dishwasher: emptyScore(),
  washer: emptyScore(),
  first: noFirst(),
  cpuMs: 0,
  days: 0,
});
function addTotal(t: Total, r: MonthResult): void {
  add(t.kettle, r.kettle);
  add(t.kettleMinutes, r.kettleMinutes);
  for (const b of ['oneMinute', 'longer'] as const) {
    t.kettleByLength[b].n += r.kettleByLength[b].n;
    t.kettleByLength[b].real += r.kettleByLength[b].real;
  }
  add(t.shower, r.shower);
  add(t.dishwasher, r.dishwasher);
  add(t.washer, r.washer);
  t.first.days += r.first.days;
  t.first.within += r.first.within;
  t.first.early += r.first.early;
  t.first.earlyShower += r.first.earlyShower;
  t.first.late += r.first.late;
  t.cpuMs += r.cpuMs;
  t.days += r.days;
}
const line = (label: string, t: Total) =>
  `  ${label.padEnd(34)} ${prf(t.kettle)} │ ${prf(t.shower)} │ ${firsts(t.first).padEnd(26)} │ ${(t.cpuMs / t.days).toFixed(2)}`;

/** The write path's way: each hour of new readings read with METER_CONTEXT_S either side (13 h for 1). */
function windowCpu(file: string): void {
  const samples = meterSamples(readMonth(file));
  const first = samples[0]?.start as number;
  const last = samples.at(-1)?.start as number;
  const found: MeterUse[] = [];
  let cpuUs = 0;
  for (let from = first - (first % 3600); from <= last; from += 3600) {
    const read = samples.filter(
      (s) => s.start >= from - METER_CONTEXT_S && s.start < from + 3600 + METER_CONTEXT_S,
    );
    const before = process.cpuUsage();
    found.push(...detectMeterUsesIn(read, from, from + 3600));
    const cpu = process.cpuUsage(before);
    cpuUs += cpu.user + cpu.system;
  }
  const days = samples.length / 1440;
  const same = JSON.stringify(found) === JSON.stringify(detectMeterUses(samples));
  console.log(
    `\n  run hour by hour, each hour with ${METER_CONTEXT_S / 3600} h either side (${file}): ${(cpuUs / 1000 / days).toFixed(2)} ms CPU per home-day; its ${found.length} uses are ${same ? 'those' : 'NOT those'} of the month in one run`,
  );
}

export async function benchMeterActivity(): Promise<void> {
  const months: Month[] = Object.entries(HOMES).flatMap(([home, files]) =>
    files.map((file) => ({ home, file })),
  );
  // Warm the detector once so the first month's CPU is not the JIT's.
  detectMeterUses(meterSamples(readMonth(months[0]?.file as string)));
  console.log(
    `  ${'home, month (T = tuning)'.padEnd(34)} kettle P     R    F1    n │ shower P     R    F1    n │ first ≤ 15 min, days           │ CPU ms/day`,
  );
  const tuningTotal = emptyTotal();
  const heldOut = emptyTotal();
  const heldOutByHome = new Map(Object.keys(HOMES).map((home) => [home, emptyTotal()]));
  for (const m of months) {
    const r = measureMonth(readMonth(m.file));
    const tuning = TUNING.has(m.file);
    const name = m.file.replace(/^.*_(\d{4}-\d{2}).*$/, '$1');
    const total = emptyTotal();
    addTotal(total, r);
    if (r.days < 1) continue;
    console.log(line(`${m.home} ${name}${tuning ? ' T' : ''}`, total));
    if (tuning) addTotal(tuningTotal, r);
    else {
      addTotal(heldOut, r);
      addTotal(heldOutByHome.get(m.home) as Total, r);
    }
  }
  console.log('');
  digits = 3; // the totals, to tell a figure on a target's line from one just under it
  console.log(line('tuning months', tuningTotal));
  for (const [home, total] of heldOutByHome) console.log(line(`held out, ${home}`, total));
  console.log(line('HELD OUT (the figures that count)', heldOut));
  console.log('');
  console.log(
    `  ${'washes (overlapping a heated run)'.padEnd(34)} dishwasher P R F1 n │ washing machine P R F1 n`,
  );
  for (const [label, t] of [
    ['tuning months', tuningTotal],
    ['HELD OUT', heldOut],
  ] as const) {
    console.log(`  ${label.padEnd(34)} ${prf(t.dishwasher)} │ ${prf(t.washer)}`);
  }
  console.log('');
  console.log(
    `  ${'kettle minute by minute (n minutes)'.padEnd(34)} P     R     F1    n │ (NILM papers' measure)`,
  );
  for (const [label, t] of [
    ['tuning months', tuningTotal],
    ['HELD OUT', heldOut],
  ] as const) {
    console.log(`  ${label.padEnd(34)} ${prf(t.kettleMinutes)}`);
  }
  console.log('');
  console.log(
    `  ${'kettles found, by length'.padEnd(34)} one clock minute: with the kettle on, n │ longer: with the kettle on, n`,
  );
  const share = (b: { n: number; real: number }) => `${f2(ratio(b.real, b.n))} ${String(b.n).padStart(4)}`;
  for (const [label, t] of [
    ['tuning months', tuningTotal],
    ['HELD OUT', heldOut],
  ] as const) {
    console.log(
      `  ${label.padEnd(34)} ${share(t.kettleByLength.oneMinute).padEnd(36)} │ ${share(t.kettleByLength.longer)}`,
    );
  }
  windowCpu(months.find((m) => TUNING.has(m.file))?.file as string);
  console.log(
    '  targets (held out): kettle P ≥ 0.90 and F1 ≥ 0.90; first activity ≤ 15 min on ≥ 95 % of days; ≤ 5 ms CPU/home-day',
  );
}
