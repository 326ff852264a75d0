// `npm run bench meter-infocare`: InfoCare on the whole-house meter alone against InfoCare with the
// appliance channels (issue 24), replayed over the same real months of ../shared/data/real (read in place;
// REFIT, UK-DALE and IDEAL, CC BY 4.0, attributions in each SOURCE.md).
//
// Per home, two replays, each on a fresh database:
//   (a) plug-based: the file imported whole (`npm run import -- appliances` code): the aggregate as
//       whole-house readings, the channels as appliance uses (estimates only of the types no channel
//       measures, as the product keeps them);
//   (b) meter-only: the same file cut to `Time,Aggregate` and imported the same way: no flag, the house
//       simply has no channels, and every use it has is estimated from the meter.
// Each replay is the engine's own (`replayHouse`: one evaluation every STEP_S, learning only from what was
// stored before each instant, as live runs would have). Printed side by side per home:
//   - every alert of each replay;
//   - departures: the plug-based replay's "Morning not started", "No activity" and "… left on" alerts,
//     and which of them the meter-only replay also alerted within 30 minutes (a morning or an inactivity
//     matches either of the two; a left-on matches a left-on) — target ≥ 90 %;
//   - meter-only alerts per home-week on ordinary days (≥ 90 % covered, some appliance use in the
//     plug-based store, no plug-based alert other than "No data" raised that day, no outage ≥ 20 min),
//     "No data" apart — target ≤ 0.10;
//   - every data outage (the aggregate missing, empty or 0, for ≥ 20 minutes) and when each replay said
//     "No data" — target: within 30 minutes of its start.
// Months: every month of the four homes (26 home-months), each home's consecutive months replayed as one
// span (IDEAL's three months apart, each alone); `HOMES=UK-DALE,"REFIT house 2"` picks homes by whole
// words of their names. Files' clocks are local (Europe/London), but UK-DALE's, which are UTC.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { addDays, instantOfLocal, localDate, localParts } from '@homeview/domain';
import { runImport } from '../../apps/server/src/cli/run-import';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Db } from '../../apps/server/src/db/types';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { type ReplayedAlert, replayHouse } from '../../apps/server/src/features/infocare/backfill';
import { openBenchStore } from './store';
import { ELECTRICITY_CODE } from '../../apps/server/src/shared/fuel';

const REAL = join(import.meta.dirname, '../../../shared/data/real');
const ZONE = 'Europe/London';
const STEP_S = Number(process.env.METER_INFOCARE_STEP_S ?? 300);
const MATCH_S = 30 * 60;
const OUTAGE_S = 20 * 60;

interface Home {
  name: string;
  naiveZone: string;
  files: string[];
}

const R20 = (m: string) =>
  ['04', '05', '10'].includes(m)
    ? `refit-house20-1min/REFIT_House20_2014-${m}.csv`
    : `nilm-1min/REFIT_House20_2014-${m}.csv.gz`;
const R2 = (m: string) =>
  m === '2014-06' ? 'refit-house2-1min/REFIT_House2_2014-06.csv' : `nilm-1min/REFIT_House2_${m}.csv.gz`;

/** Every month of every home: each span is a run of consecutive months, replayed as one. */
export const HOMES: Home[] = [
  {
    name: 'REFIT house 20',
    naiveZone: ZONE,
    files: ['03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map(R20),
  },
  {
    name: 'REFIT house 2',
    naiveZone: ZONE,
    files: [
      '2013-10',
      '2013-11',
      '2013-12',
      '2014-01',
      '2014-02',
      '2014-03',
      '2014-04',
      '2014-05',
      '2014-06',
    ].map(R2),
  },
  {
    name: 'UK-DALE house 2',
    naiveZone: 'UTC',
    files: [
      'nilm-1min/UKDALE_House2_2013-05.csv.gz',
      'nilm-1min/UKDALE_House2_2013-06.csv.gz',
      'ukdale-house2-1min/UKDALE_House2_2013-07.csv',
      'nilm-1min/UKDALE_House2_2013-08.csv.gz',
    ],
  },
  {
    name: 'IDEAL house 65 2017-06',
    naiveZone: ZONE,
    files: ['ideal-house65-1min/IDEAL_House65_2017-06.csv'],
  },
  { name: 'IDEAL house 65 2018-02', naiveZone: ZONE, files: ['nilm-1min/IDEAL_House65_2018-02.csv.gz'] },
  { name: 'IDEAL house 65 2018-04', naiveZone: ZONE, files: ['nilm-1min/IDEAL_House65_2018-04.csv.gz'] },
];

const hhmm = (ts: number) => {
  const p = localParts(ts, ZONE);
  return `${p.date} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};
const min = (s: number) => `${Math.round(s / 60)} min`;

type Family = 'no_data' | 'quiet' | 'long_on' | 'unusual';
/** What an alert is about, from its stored name (alerts.ts names them). */
function familyOf(a: ReplayedAlert): Family {
  if (a.name === 'No data') return 'no_data';
  if (a.name === 'Morning not started' || a.name === 'No activity') return 'quiet';
  if (a.name.endsWith(' left on')) return 'long_on';
  return 'unusual';
}

interface Texts {
  full: string;
  aggregateOnly: string;
  /** Epoch s of the rows with an aggregate (> 0), in order, and the file's first and last row. */
  present: number[];
  first: number;
  last: number;
}

async function readFiles(home: Home): Promise<Texts> {
  const out: Texts = { full: '', aggregateOnly: '', present: [], first: Infinity, last: -Infinity };
  const full: string[] = [];
  const aggregate: string[] = [];
  for (const file of home.files) {
    const raw = await readFile(join(REAL, file));
    const lines = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8').trim().split('\n');
    if (full.length === 0) {
      full.push(lines[0] as string);
      aggregate.push('Time,Aggregate');
    }
    for (const line of lines.slice(1)) {
      const [time, agg] = line.split(',') as [string, string];
      const [d, t] = time.split(' ') as [string, string];
      const [h, m] = t.split(':').map(Number) as [number, number];
      const ts = instantOfLocal(d, h * 3600 + m * 60, home.naiveZone);
      // The files' grid has the hour the clocks skip in spring (DST days are approximate in them): rows
      // at a local time that does not exist are left out, as the import would refuse them.
      const p = localParts(ts, home.naiveZone);
      if (p.date !== d || p.hour !== h || p.minute !== m) continue;
      full.push(line);
      aggregate.push(`${time},${agg}`);
      out.first = Math.min(out.first, ts);
      out.last = Math.max(out.last, ts);
      if (Number(agg) > 0) out.present.push(ts);
    }
  }
  out.full = `${full.join('\n')}\n`;
  out.aggregateOnly = `${aggregate.join('\n')}\n`;
  return out;
}

/** Stretches of ≥ OUTAGE_S with no aggregate inside the replayed span (its ends are not outages). */
function outagesOf(present: readonly number[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let k = 1; k < present.length; k++) {
    const start = (present[k - 1] as number) + 60;
    const end = present[k] as number;
    if (end - start >= OUTAGE_S) out.push({ start, end });
  }
  return out;
}

interface Replayed {
  alerts: ReplayedAlert[];
  seconds: number;
  importLine: string;
  /** Local days with ≥ 90 % coverage and with some appliance use (measured or estimated). */
  coverage: Map<string, number>;
  activeDays: Set<string>;
  estimated: number;
  measured: number;
}

async function replayOne(
  store: 'pglite' | 'postgres',
  home: Home,
  file: string,
  from: number,
  to: number,
): Promise<Replayed> {
  const opened = await openBenchStore(store, 'meter_infocare');
  if (!opened) throw new Error('no store');
  const { db } = opened;
  try {
    await migrate(db);
    const username = home.name.toLowerCase().replace(/\W+/g, '-');
    const ids = await insertHomes(db, [
      { username, name: home.name, propertyType: 'Detached', occupants: { over74: 1 }, demo: false },
    ]);
    const houseId = ids.get(username) as number;
    let importLine = '';
    const code = await runImport(
      ['appliances', '--house', String(houseId), '--naive-zone', home.naiveZone, file],
      {
        env: process.env,
        out: (line) => {
          importLine = line;
        },
        err: (line) => console.error(line),
        open: async () => ({ ...db, close: async () => {} }) as Db,
        now: () => new Date('2030-01-01T00:00:00Z'),
      },
    );
    if (code !== 0) throw new Error(`import of ${file} failed`);
    const started = performance.now();
    const alerts = await replayHouse(
      db,
      { id: houseId, owner_user_id: 0, time_zone: ZONE },
      from,
      to,
      STEP_S,
    );
    const seconds = (performance.now() - started) / 1000;
    const coverage = new Map(
      (
        await db.query<{ day: string; c: number }>(
          `select to_char(day, 'YYYY-MM-DD') as day, covered_s::float8 / (slots * 1800) as c from daily_rollups
            where house_id = $1 and fuel = ${ELECTRICITY_CODE}`,
          [houseId],
        )
      ).rows.map((r) => [r.day, Number(r.c)]),
    );
    const events = (
      await db.query<{ start_ts: number; estimated: boolean }>(
        `select start_ts, estimated from appliance_events e join appliance_types t on t.id = e.appliance_type_id
          where house_id = $1 and not t.continuous`,
        [houseId],
      )
    ).rows;
    return {
      alerts,
      seconds,
      importLine: importLine.replace(/^Imported \S+ into house \d+: /, ''),
      coverage,
      activeDays: new Set(events.map((e) => localDate(Number(e.start_ts), ZONE))),
      estimated: events.filter((e) => e.estimated).length,
      measured: events.filter((e) => !e.estimated).length,
    };
  } finally {
    await opened.drop();
  }
}

export interface HomeFigures {
  departures: number;
  matched: number;
  /** Of them, those whose plug-based alert rests on measured uses (its text does not mention the meter). */
  measuredDepartures: number;
  measuredMatched: number;
  ordinaryWeeks: number;
  meterOnOrdinary: number;
  plugOnOrdinary: number;
  outages: number;
  meterNoDataInTime: number;
  plugNoDataInTime: number;
}

async function benchHome(store: 'pglite' | 'postgres', home: Home, scratch: string): Promise<HomeFigures> {
  const texts = await readFiles(home);
  const base = home.name.toLowerCase().replace(/\W+/g, '-');
  const fullFile = join(scratch, `${base}.csv`);
  const meterFile = join(scratch, `${base}-aggregate.csv`);
  await writeFile(fullFile, texts.full);
  await writeFile(meterFile, texts.aggregateOnly);
  const from = instantOfLocal(localDate(texts.first, ZONE), 0, ZONE);
  const to = texts.last + 60;
  const plug = await replayOne(store, home, fullFile, from, to);
  const meter = await replayOne(store, home, meterFile, from, to);
  const outages = outagesOf(texts.present);

  console.log(`\n## ${home.name}: ${home.files.map((f) => f.replace(/^.*\//, '')).join(', ')}`);
  console.log(
    `  (a) plug-based: ${plug.importLine}; ${plug.measured} measured and ${plug.estimated} estimated uses`,
  );
  console.log(`  (b) meter-only: ${meter.importLine}; ${meter.estimated} estimated uses`);
  const days = Math.round((to - from) / 86400);
  console.log(
    `  replayed ${days} days, one evaluation every ${STEP_S} s: ${plug.seconds.toFixed(0)} s plug-based, ${meter.seconds.toFixed(0)} s meter-only`,
  );

  // Side by side: every alert of both replays in time order.
  const rows = [
    ...plug.alerts.map((a) => ({ a, side: 0 })),
    ...meter.alerts.map((a) => ({ a, side: 1 })),
  ].sort((x, y) => x.a.raised_at - y.a.raised_at || x.side - y.side);
  const cell = (a: ReplayedAlert) => `${hhmm(a.raised_at)} ${a.level} ${a.name}`.slice(0, 62).padEnd(62);
  console.log(`  ${'(a) plug-based'.padEnd(62)} │ (b) meter-only`);
  for (const { a, side } of rows)
    console.log(side === 0 ? `  ${cell(a)} │` : `  ${''.padEnd(62)} │ ${cell(a)}`);
  console.log(`  alerts: ${plug.alerts.length} plug-based, ${meter.alerts.length} meter-only`);
  const texts2 = meter.alerts
    .filter((a) => familyOf(a) !== 'no_data')
    .map((a) => `    ${hhmm(a.raised_at)} ${a.text}`);
  if (texts2.length > 0) console.log(`  meter-only texts:\n${texts2.join('\n')}`);

  // Departures the plug-based replay alerted, and whether the meter-only one did within 30 minutes.
  const departures = plug.alerts.filter((a) => familyOf(a) === 'quiet' || familyOf(a) === 'long_on');
  let matched = 0;
  let measuredDepartures = 0;
  let measuredMatched = 0;
  for (const d of departures) {
    // The plug-based home keeps estimates of what no channel measures (a hob, a shower, unnamed loads):
    // an alert resting on them says so in its text ("meter"), and is counted apart.
    const onEstimates = /meter/.test(d.text);
    if (!onEstimates) measuredDepartures++;
    const fam = familyOf(d);
    const near = meter.alerts
      .filter((m) => familyOf(m) === fam)
      .sort((x, y) => Math.abs(x.raised_at - d.raised_at) - Math.abs(y.raised_at - d.raised_at))[0];
    const ok = near !== undefined && Math.abs(near.raised_at - d.raised_at) <= MATCH_S;
    if (ok) matched++;
    if (ok && !onEstimates) measuredMatched++;
    console.log(
      `  departure ${hhmm(d.raised_at)} ${d.name}${onEstimates ? ' (plug-based alert on estimated uses)' : ''}: ` +
        (near === undefined
          ? 'meter-only raised none of its kind'
          : `meter-only ${near.name} ${near.raised_at >= d.raised_at ? '+' : '−'}${min(Math.abs(near.raised_at - d.raised_at))}${ok ? ' ✔' : ' ✘'}`),
    );
  }

  // Ordinary days: covered, some use, no plug-based alert but "No data", no outage.
  const departureDays = new Set(
    plug.alerts.filter((a) => familyOf(a) !== 'no_data').map((a) => localDate(a.raised_at, ZONE)),
  );
  const outageDays = new Set<string>();
  for (const o of outages)
    for (let d = localDate(o.start, ZONE); d <= localDate(o.end, ZONE); d = addDays(d, 1)) outageDays.add(d);
  const ordinary = new Set<string>();
  for (let d = localDate(from, ZONE); instantOfLocal(d, 0, ZONE) < to; d = addDays(d, 1))
    if (
      (plug.coverage.get(d) ?? 0) >= 0.9 &&
      plug.activeDays.has(d) &&
      !departureDays.has(d) &&
      !outageDays.has(d)
    )
      ordinary.add(d);
  const weeks = ordinary.size / 7;
  const onOrdinary = (r: Replayed) =>
    r.alerts.filter((a) => familyOf(a) !== 'no_data' && ordinary.has(localDate(a.raised_at, ZONE)));
  const meterOrdinary = onOrdinary(meter);
  const plugOrdinary = onOrdinary(plug);
  const rate = (n: number) => (weeks > 0 ? n / weeks : 0).toFixed(2);
  console.log(
    `  ordinary days: ${ordinary.size} (${weeks.toFixed(1)} home-weeks): meter-only ${meterOrdinary.length} alerts → ` +
      `${rate(meterOrdinary.length)} per home-week; plug-based ${plugOrdinary.length} (none by construction)`,
  );
  for (const a of meterOrdinary) console.log(`    ${hhmm(a.raised_at)} ${a.level} ${a.name}: ${a.text}`);

  // Outages: "No data" raised within 30 minutes of the start.
  const noDataIn = (r: Replayed, o: { start: number; end: number }) =>
    r.alerts.find(
      (a) => familyOf(a) === 'no_data' && a.raised_at >= o.start && a.raised_at <= o.end + STEP_S,
    );
  let meterInTime = 0;
  let plugInTime = 0;
  console.log(`  data outages (aggregate missing ≥ ${OUTAGE_S / 60} min): ${outages.length}`);
  for (const o of outages) {
    const m = noDataIn(meter, o);
    const p = noDataIn(plug, o);
    if (m && m.raised_at - o.start <= MATCH_S) meterInTime++;
    if (p && p.raised_at - o.start <= MATCH_S) plugInTime++;
    const say = (a: ReplayedAlert | undefined) =>
      a ? `"No data" after ${min(a.raised_at - o.start)}` : 'none';
    console.log(
      `    ${hhmm(o.start)} → ${hhmm(o.end)} (${min(o.end - o.start)}): meter-only ${say(m)}; plug-based ${say(p)}`,
    );
  }
  return {
    departures: departures.length,
    matched,
    measuredDepartures,
    measuredMatched,
    ordinaryWeeks: weeks,
    meterOnOrdinary: meterOrdinary.length,
    plugOnOrdinary: plugOrdinary.length,
    outages: outages.length,
    meterNoDataInTime: meterInTime,
    plugNoDataInTime: plugInTime,
  };
}

/** `HOMES` words pick homes by whole words of their names: "REFIT" both REFIT homes, "REFIT house 2" not
 * house 20 too. */
const pickedBy = (name: string, words: string) =>
  new RegExp(`(^|\\s)${words.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`).test(name);

export async function benchMeterInfocare(store: 'pglite' | 'postgres'): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'homeview-meter-infocare-'));
  const only = process.env.HOMES?.split(',');
  const all: HomeFigures[] = [];
  try {
    for (const home of HOMES)
      if (!only || only.some((o) => pickedBy(home.name, o))) all.push(await benchHome(store, home, scratch));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const sum = (k: keyof HomeFigures) => all.reduce((s, f) => s + f[k], 0);
  const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(0)} %`);
  console.log('\n  all homes:');
  console.log(
    `    plug-based departures also alerted meter-only within 30 min: ${sum('matched')} of ${sum('departures')} ` +
      `(${pct(sum('matched'), sum('departures'))}; target ≥ 90 %); of those resting on measured uses: ` +
      `${sum('measuredMatched')} of ${sum('measuredDepartures')} (${pct(sum('measuredMatched'), sum('measuredDepartures'))})`,
  );
  const weeks = sum('ordinaryWeeks');
  console.log(
    `    meter-only alerts on ordinary days: ${sum('meterOnOrdinary')} in ${weeks.toFixed(1)} home-weeks → ` +
      `${(weeks > 0 ? sum('meterOnOrdinary') / weeks : 0).toFixed(2)} per home-week (target ≤ 0.10)`,
  );
  console.log(
    `    outages ≥ 20 min reported "No data" within 30 min: meter-only ${sum('meterNoDataInTime')} of ${sum('outages')}, ` +
      `plug-based ${sum('plugNoDataInTime')} of ${sum('outages')} (target: all)`,
  );
}
