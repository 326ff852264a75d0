// InfoCare real-data acceptance (not in CI): `npx tsx bench/src/infocare-real.ts [--step S]`.
// Imports the real homes of ../shared/data/real (appliance channels as events, the aggregate as readings)
// into a throwaway store, replays the engine over each contiguous span exactly as live runs would have
// (replayHouse: learning only from data before each instant, one evaluation every S seconds, default
// 300), and reports per home:
//   - alerts per home-week on ordinary days (≥ 90 % coverage, some activity, no departure: not a morning
//     started more than 90 min after the usual first activity, not touched by an absence of ≥ 24 h;
//     no-data alerts apart), and the same over every covered day with activity;
//   - every long spell without kettle or microwave use (a morning whose first use came more than 90 min
//     after the usual first use, or a waking-hours gap ≥ 5 h) and the delay from the usual first use or
//     the last use to the first Off alert in it;
//   - every data outage (aggregate missing ≥ 30 min) and the delay to its "no data" alert.
// Targets (issue 7): ≤ 0.10 alerts per home-week on ordinary days; a missed morning alerted ≤ 90 min
// after the usual first use; no data within 30 min.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, dayTypeOf, instantOfLocal, localDate, localParts, quantile } from '@homeview/domain';
import { runImport } from '../../apps/server/src/cli/run-import';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Db } from '../../apps/server/src/db/types';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { type ReplayedAlert, replayHouse } from '../../apps/server/src/features/infocare/backfill';
import { openBenchStore } from './store';
import { ELECTRICITY_CODE } from '../../apps/server/src/shared/fuel';

const REAL = join(import.meta.dirname, '../../../shared/data/real');
const ZONE = 'Europe/London';
const KETTLE = 1;
const MICROWAVE = 2;

interface Home {
  name: string;
  naiveZone?: string;
  spans: { files: string[] }[];
}

const HOMES: Home[] = [
  { name: 'REFIT house 2', spans: [{ files: ['refit-house2-1min/REFIT_House2_2014-06.csv'] }] },
  {
    name: 'REFIT house 20',
    spans: [
      {
        files: [
          'refit-house20-1min/REFIT_House20_2014-04.csv',
          'refit-house20-1min/REFIT_House20_2014-05.csv',
        ],
      },
      { files: ['refit-house20-1min/REFIT_House20_2014-10.csv'] },
    ],
  },
  {
    name: 'UK-DALE house 2',
    naiveZone: 'UTC',
    spans: [{ files: ['ukdale-house2-1min/UKDALE_House2_2013-07.csv'] }],
  },
  { name: 'IDEAL house 65', spans: [{ files: ['ideal-house65-1min/IDEAL_House65_2017-06.csv'] }] },
];

const hhmm = (ts: number) => {
  const p = localParts(ts, ZONE);
  return `${p.date} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};
const min = (s: number) => `${Math.round(s / 60)} min`;

/** Instants (epoch s) of the file's rows whose aggregate is missing (0 or empty), and its span. */
function missingMinutes(file: string, naiveZone: string): { missing: number[]; first: number; last: number } {
  const lines = readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean);
  const toTs = (t: string) => {
    const [d, time] = t.split(' ') as [string, string];
    const [h, m] = time.split(':').map(Number) as [number, number];
    return instantOfLocal(d, h * 3600 + m * 60, naiveZone);
  };
  const missing: number[] = [];
  for (const line of lines) {
    const [t, agg] = line.split(',');
    if (!agg || Number(agg) === 0) missing.push(toTs(t as string));
  }
  return {
    missing,
    first: toTs(lines[0]?.split(',')[0] as string),
    last: toTs(lines.at(-1)?.split(',')[0] as string),
  };
}

function outagesOf(missing: readonly number[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const t of missing) {
    const last = out.at(-1);
    if (last && t - last.end <= 60) last.end = t + 60;
    else out.push({ start: t, end: t + 60 });
  }
  return out.filter((o) => o.end - o.start >= 30 * 60);
}

async function report(db: Db, home: Home, step: number): Promise<void> {
  const username = home.name.toLowerCase().replace(/\W+/g, '-');
  const ids = await insertHomes(db, [
    { username, name: home.name, propertyType: 'Detached', occupants: { over74: 1 }, demo: false },
  ]);
  const houseId = ids.get(username) as number;
  const house = { id: houseId, owner_user_id: 0, time_zone: ZONE };
  const quiet = { end: async () => {}, close: async () => {} };
  for (const span of home.spans)
    for (const file of span.files) {
      const code = await runImport(
        [
          'appliances',
          '--house',
          String(houseId),
          ...(home.naiveZone ? ['--naive-zone', home.naiveZone] : []),
          join(REAL, file),
        ],
        {
          env: process.env,
          out: () => {},
          err: (line) => console.error(line),
          open: async () => ({ ...db, close: quiet.close }) as Db,
          now: () => new Date('2030-01-01T00:00:00Z'),
        },
      );
      if (code !== 0) throw new Error(`import of ${file} failed`);
    }
  const alerts: ReplayedAlert[] = [];
  const outages: { start: number; end: number }[] = [];
  const spans: { from: number; to: number }[] = [];
  const started = performance.now();
  for (const span of home.spans) {
    const files = span.files.map((f) => missingMinutes(join(REAL, f), home.naiveZone ?? ZONE));
    outages.push(...outagesOf(files.flatMap((f) => f.missing)));
    const from = instantOfLocal(localDate(files[0]!.first, ZONE), 0, ZONE);
    const to = files.at(-1)!.last + 60;
    spans.push({ from, to });
    alerts.push(...(await replayHouse(db, house, from, to, step)));
  }
  const seconds = (performance.now() - started) / 1000;
  const uses = (
    await db.query<{ start_ts: number }>(
      'select start_ts from appliance_events where house_id = $1 and appliance_type_id = any($2::int[]) order by start_ts',
      [houseId, [KETTLE, MICROWAVE]],
    )
  ).rows.map((r) => Number(r.start_ts));
  const coverage = new Map(
    (
      await db.query<{ day: string; c: number }>(
        `select to_char(day, 'YYYY-MM-DD') as day, covered_s::float8 / (slots * 1800) as c from daily_rollups
          where house_id = $1 and fuel = ${ELECTRICITY_CODE}`,
        [houseId],
      )
    ).rows.map((r) => [r.day, r.c]),
  );
  const activity = (
    await db.query<{ start_ts: number; end_ts: number }>(
      `select start_ts, end_ts from appliance_events e join appliance_types t on t.id = e.appliance_type_id
        where house_id = $1 and not t.continuous order by start_ts`,
      [houseId],
    )
  ).rows.map((r) => ({ start: Number(r.start_ts), end: Number(r.end_ts) }));
  const active = new Set(activity.map((a) => localDate(a.start, ZONE)));
  const days: string[] = [];
  for (const s of spans)
    for (let d = localDate(s.from, ZONE); instantOfLocal(d, 0, ZONE) < s.to; d = addDays(d, 1)) days.push(d);
  const covered = days.filter((d) => (coverage.get(d) ?? 0) >= 0.9 && active.has(d));
  // The usual first use of a day: the median over the 28 days before of that day type (weekday/weekend),
  // as the engine learns it (every day while a day type has fewer than 3).
  const usualFirst = (d: string, firsts: ReadonlyMap<string, number>): number | undefined => {
    const before = covered.filter((x) => x < d && x >= addDays(d, -28) && firsts.has(x));
    const sameType = before.filter((x) => dayTypeOf(x) === dayTypeOf(d));
    const pool = sameType.length >= 3 ? sameType : before;
    return pool.length < 3
      ? undefined
      : quantile(
          pool.map((x) => firsts.get(x) as number),
          0.5,
        );
  };
  const firstsOf = (starts: readonly number[]) => {
    const out = new Map<string, number>();
    for (const u of starts) {
      const d = localDate(u, ZONE);
      if (!out.has(d)) out.set(d, localParts(u, ZONE).minuteOfDay);
    }
    return out;
  };
  // Departures, which the engine should report, are not ordinary days: a day that did not start within
  // 90 min of its usual first activity (of any kind), and the days an absence of 24 h or more (no
  // activity at all while the meter reports) touches, leaving and coming back included.
  const firstActivity = firstsOf(activity.map((a) => a.start));
  const departures = new Set<string>();
  for (const d of covered) {
    const usual = usualFirst(d, firstActivity);
    const first = firstActivity.get(d);
    if (usual !== undefined && first !== undefined && first > usual + 90) departures.add(d);
  }
  for (let k = 1; k < activity.length; k++) {
    const from = (activity[k - 1] as { end: number }).end;
    const to = (activity[k] as { start: number }).start;
    // Within one replayed span: the months between two files are not an absence.
    if (to - from < 24 * 3600 || !spans.some((s) => from >= s.from && to < s.to)) continue;
    for (let d = localDate(from, ZONE); d <= localDate(to, ZONE); d = addDays(d, 1)) departures.add(d);
  }
  const ordinary = covered.filter((d) => !departures.has(d));
  const ordinarySet = new Set(ordinary);
  const judged = alerts.filter((a) => a.name !== 'No data');
  const onOrdinary = judged.filter((a) => ordinarySet.has(localDate(a.raised_at, ZONE)));
  const onCovered = judged.filter((a) => covered.includes(localDate(a.raised_at, ZONE)));
  const weeks = ordinary.length / 7;
  const rate = (n: number, w: number) => (w > 0 ? n / w : 0).toFixed(2);
  const replayed = days.length / seconds;
  console.log(`\n## ${home.name} (house ${houseId})`);
  console.log(
    `replayed ${days.length} days in ${seconds.toFixed(0)} s (${replayed.toFixed(2)} home-days/s, one evaluation every ${step} s): ` +
      `${alerts.length} alerts, ${ordinary.length} ordinary days (${weeks.toFixed(1)} home-weeks; ` +
      `${covered.length - ordinary.length} covered days with a departure left out: ${[...departures]
        .filter((d) => covered.includes(d))
        .sort()
        .join(' ')})`,
  );
  const kinds = new Map<string, number>();
  for (const a of onOrdinary) kinds.set(a.name, (kinds.get(a.name) ?? 0) + 1);
  console.log(
    `alerts on ordinary days: ${onOrdinary.length} → ${rate(onOrdinary.length, weeks)} per home-week (target ≤ 0.10)` +
      ` ${JSON.stringify(Object.fromEntries(kinds))}; on every covered day with activity: ${onCovered.length} → ` +
      `${rate(onCovered.length, covered.length / 7)} per home-week`,
  );
  for (const a of onOrdinary) console.log(`  ${hhmm(a.raised_at)} ${a.level} ${a.name}: ${a.text}`);
  const otherAlerts = judged.filter((a) => !ordinarySet.has(localDate(a.raised_at, ZONE)));
  if (otherAlerts.length > 0) {
    console.log(`alerts on other days (departures, data gaps, no activity): ${otherAlerts.length}`);
    for (const a of otherAlerts) console.log(`  ${hhmm(a.raised_at)} ${a.level} ${a.name}: ${a.text}`);
  }
  // Long spells without kettle or microwave.
  const offAlerts = judged.filter((a) => a.type === 'Off');
  const firstAlertIn = (from: number, to: number) =>
    offAlerts.find((a) => a.raised_at >= from - 3600 && a.raised_at < to);
  if (uses.length === 0) console.log('kettle/microwave: no such channel in this home (no spells to judge)');
  else {
    const firstUse = firstsOf(uses);
    const spells: string[] = [];
    for (const d of days) {
      const usual = usualFirst(d, firstUse);
      if (usual === undefined || (coverage.get(d) ?? 0) < 0.5) continue;
      const usualAt = instantOfLocal(d, Math.round(usual * 60), ZONE);
      const first = firstUse.get(d);
      if (first === undefined || first > usual + 90) {
        const end =
          first === undefined ? instantOfLocal(addDays(d, 1), 0, ZONE) : instantOfLocal(d, first * 60, ZONE);
        const alert = firstAlertIn(usualAt, end);
        spells.push(
          `  late/missed morning ${d}: usual first use ${hhmm(usualAt).slice(11)}, first use ${first === undefined ? 'none' : hhmm(end).slice(11)}; ` +
            (alert
              ? `alerted ${min(alert.raised_at - usualAt)} after the usual first use (${alert.name})`
              : 'no alert'),
        );
      }
    }
    for (let k = 1; k < uses.length; k++) {
      const a = uses[k - 1] as number;
      const b = uses[k] as number;
      const pa = localParts(a, ZONE);
      if (b - a < 5 * 3600 || pa.date !== localDate(b, ZONE) || pa.hour < 6) continue;
      const alert = firstAlertIn(a + 3600, b);
      spells.push(
        `  gap ${hhmm(a)} → ${hhmm(b).slice(11)} (${min(b - a)}): ` +
          (alert ? `alerted ${min(alert.raised_at - a)} after the last use (${alert.name})` : 'no alert'),
      );
    }
    console.log(`long spells without kettle or microwave: ${spells.length}`);
    for (const s of spells) console.log(s);
  }
  const noData = alerts.filter((a) => a.name === 'No data');
  console.log(`data outages (aggregate missing ≥ 30 min): ${outages.length}`);
  for (const o of outages) {
    const alert = noData.find((a) => a.raised_at >= o.start && a.raised_at <= o.end);
    console.log(
      `  ${hhmm(o.start)} → ${hhmm(o.end).slice(11)} (${min(o.end - o.start)}): ` +
        (alert ? `"no data" ${min(alert.raised_at - o.start)} after it began` : 'no "no data" alert'),
    );
  }
}

const stepArg = process.argv.indexOf('--step');
const step = stepArg > 0 ? Number(process.argv[stepArg + 1]) : 300;
const only = process.env.HOMES?.split(',');
const opened = await openBenchStore(
  (process.env.BENCH_STORE as 'pglite' | 'postgres') ?? 'postgres',
  'infocare_real',
);
if (!opened) throw new Error('no store');
try {
  await migrate(opened.db);
  for (const home of HOMES)
    if (!only || only.some((o) => home.name.includes(o))) await report(opened.db, home, step);
} finally {
  await opened.drop();
}
