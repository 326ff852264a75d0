// The real homes `npm run bench infocare-daily` judges, read in place from ../shared/data/real (each
// folder's SOURCE.md gives the licence and attribution: REFIT, UK-DALE and IDEAL, all CC BY 4.0), as a
// supplier's half-hours: Wh by half-hour start (epoch s), a half-hour kept only when at least 25 of its
// minutes were measured (`Aggregate == 0` is missing data), the rest an outage.
//   - REFIT house 20: 15 months of half-hours (the folder's own aggregation), 2 people.
//   - REFIT house 2: 9 months of 1-minute readings (Oct 2013 – Jun 2014; June added 3 December), 4 people.
//   - UK-DALE house 2 and IDEAL house 65 (Edinburgh): added 3 December 2026 as checks nobody tuned on.
// REFIT's and IDEAL's clocks are naive UK local time (each half-hour placed at its local instant, the
// earlier of two on the autumn night); UK-DALE's is UTC.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { instantOfLocal, localDate, localParts } from '@homeview/domain';

const REAL = join(import.meta.dirname, '../../../shared/data/real');
export const ZONE = 'Europe/London';

/** Wh by half-hour start (epoch s); a half-hour that is not there is missing. */
export type Series = Map<number, number>;

export interface RealHome {
  name: string;
  series: Series;
  /**
   * Local dates on which the home's plugs (kettle, microwave, washing machine, dishwasher; IDEAL's
   * electric shower) show an appliance a person operates used (20 Wh or more): someone was about, by
   * evidence apart from the meter's half-hours the rules read.
   */
  present: Set<string>;
  /**
   * Local date → the longest time (minutes) between 07:00 and 22:00 with no plug on (over 20 W in a
   * minute; house 20: no half-hour with 10 Wh or more): a long silence is most likely a day out.
   */
  plugSilence: Map<string, number>;
  /** Local minute the supplier usually publishes the day before (the lag model's centre). */
  usualMinute: number;
}

const localSlot = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return instantOfLocal(date, (h * 60 + (m < 30 ? 0 : 30)) * 60, ZONE, 'earlier');
};
const utcSlot = (date: string, time: string) => {
  const t = Date.parse(`${date}T${time}:00Z`) / 1000;
  return t - (t % 1800);
};

/** Wh of the plugs by local date (the file's own date: naive local, or UTC's converted). */
type Plugs = Map<string, number>;
const PRESENT_WH = 20;
const presentDays = (plugs: Plugs) => new Set([...plugs].flatMap(([d, wh]) => (wh >= PRESENT_WH ? [d] : [])));

/** Local minutes of each date at which a plug was on. */
type PlugTimes = Map<string, number[]>;
const [DAY_FROM, DAY_TO] = [7 * 60, 22 * 60];
const addTime = (times: PlugTimes, date: string, minute: number) => {
  const list = times.get(date) ?? [];
  list.push(minute);
  times.set(date, list);
};
/** A file's `YYYY-MM-DD HH:MM…` as its local date and minute of the day (UK-DALE's clock is UTC). */
function localMinuteOf(time: string, utc: boolean): [string, number] {
  if (!utc) return [time.slice(0, 10), Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16))];
  const instant = Date.parse(`${time.slice(0, 10)}T${time.slice(11, 16)}:00Z`) / 1000;
  const { hour, minute } = localParts(instant, ZONE);
  return [localDate(instant, ZONE), hour * 60 + minute];
}
/** Every date of `dates`: its longest stretch from 07:00 to 22:00 with no plug on. */
function silences(dates: Iterable<string>, times: PlugTimes): Map<string, number> {
  const out = new Map<string, number>();
  for (const date of dates) {
    const on = (times.get(date) ?? []).filter((m) => m >= DAY_FROM && m < DAY_TO).sort((a, b) => a - b);
    const edges = [DAY_FROM, ...on, DAY_TO];
    out.set(date, Math.max(...edges.slice(1).map((m, i) => m - (edges[i] as number))));
  }
  return out;
}

function house20(): { series: Series; present: Set<string>; plugSilence: Map<string, number> } {
  const text = readFileSync(join(REAL, 'refit-house20-halfhourly/refit_house20_halfhourly_kwh.csv'), 'utf8');
  const series: Series = new Map();
  const plugs: Plugs = new Map();
  const times: PlugTimes = new Map();
  for (const line of text.trim().split('\n').slice(1)) {
    const [local, kwh, kettle, microwave, washing, dishwasher, present, missing] = line.split(
      ',',
    ) as string[];
    const [date, time] = (local as string).split(' ') as [string, string];
    const plugWh = [kettle, microwave, washing, dishwasher].reduce((s, k) => s + Number(k) * 1000, 0);
    plugs.set(date, (plugs.get(date) ?? 0) + plugWh);
    const [h, m] = time.split(':').map(Number) as [number, number];
    if (plugWh >= 10) addTime(times, date, h * 60 + m);
    if (Number(present) < 25 || Number(missing) > 5) continue; // an outage: the half-hour is missing
    series.set(localSlot(date, time), Math.round(Number(kwh) * 1000));
  }
  return { series, present: presentDays(plugs), plugSilence: silences(plugs.keys(), times) };
}

/** Half-hours summed from 1-minute files (`Time,Aggregate,plugs…`, W); `utc` for UK-DALE's clock. */
function fromMinutes(
  files: readonly string[],
  utc = false,
): { series: Series; present: Set<string>; plugSilence: Map<string, number> } {
  const sums = new Map<number, { wh: number; n: number }>();
  const plugs: Plugs = new Map();
  const times: PlugTimes = new Map();
  for (const file of files) {
    const raw = readFileSync(join(REAL, file));
    const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString();
    for (const line of text.trim().split('\n').slice(1)) {
      const [time, aggregate, ...channels] = line.split(',') as [string, string, ...string[]];
      const slot = (utc ? utcSlot : localSlot)(time.slice(0, 10), time.slice(11, 16));
      const date = localDate(slot, ZONE);
      const plugW = channels.reduce((s, c) => s + (Number(c) || 0), 0);
      plugs.set(date, (plugs.get(date) ?? 0) + plugW / 60);
      if (plugW > 20) addTime(times, ...localMinuteOf(time, utc));
      const w = Number(aggregate);
      if (!(w > 0)) continue; // Aggregate 0 is missing data
      const sum = sums.get(slot) ?? { wh: 0, n: 0 };
      sum.wh += w / 60;
      sum.n++;
      sums.set(slot, sum);
    }
  }
  const series: Series = new Map();
  for (const [slot, { wh, n }] of sums) if (n >= 25) series.set(slot, Math.round((wh * 30) / n));
  return { series, present: presentDays(plugs), plugSilence: silences(plugs.keys(), times) };
}

const nilm = (house: string, months: readonly string[]) =>
  months.map((m) => `nilm-1min/${house}_${m}.csv.gz`);

/** The homes, the two tuned on first. */
export function realHomes(): RealHome[] {
  const refit2 = ['2013-10', '2013-11', '2013-12', '2014-01', '2014-02', '2014-03', '2014-04', '2014-05'];
  return [
    { name: 'REFIT house 20', ...house20(), usualMinute: 9 * 60 + 30 },
    {
      name: 'REFIT house 2',
      ...fromMinutes([...nilm('REFIT_House2', refit2), 'refit-house2-1min/REFIT_House2_2014-06.csv']),
      usualMinute: 7 * 60,
    },
    {
      name: 'UK-DALE house 2',
      ...fromMinutes(
        [
          ...nilm('UKDALE_House2', ['2013-05', '2013-06']),
          'ukdale-house2-1min/UKDALE_House2_2013-07.csv',
          ...nilm('UKDALE_House2', ['2013-08']),
        ],
        true,
      ),
      usualMinute: 8 * 60,
    },
    {
      name: 'IDEAL house 65',
      ...fromMinutes([
        'ideal-house65-1min/IDEAL_House65_2017-06.csv',
        ...nilm('IDEAL_House65', ['2018-02', '2018-04']),
      ]),
      usualMinute: 6 * 60 + 30,
    },
  ];
}
