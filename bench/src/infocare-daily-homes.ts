// The real homes `npm run bench infocare-daily` judges, read in place from ../shared/data/real (each
// folder's SOURCE.md gives the licence and attribution: REFIT, UK-DALE and IDEAL, all CC BY 4.0), as a
// supplier's half-hours: Wh by half-hour start (epoch s), a half-hour kept only when at least 25 of its
// minutes were measured (`Aggregate == 0` is missing data), the rest an outage.
//   - REFIT house 20: 15 months of half-hours (the folder's own aggregation), 2 people.
//   - REFIT house 2: 8 months of 1-minute readings, 4 people.
//   - UK-DALE house 2 and IDEAL house 65 (Edinburgh): added 3 December 2026 as checks nobody tuned on.
// REFIT's and IDEAL's clocks are naive UK local time (each half-hour placed at its local instant, the
// earlier of two on the autumn night); UK-DALE's is UTC.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { instantOfLocal } from '@homeview/domain';

const REAL = join(import.meta.dirname, '../../../shared/data/real');
export const ZONE = 'Europe/London';

/** Wh by half-hour start (epoch s); a half-hour that is not there is missing. */
export type Series = Map<number, number>;

export interface RealHome {
  name: string;
  series: Series;
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

function house20(): Series {
  const text = readFileSync(join(REAL, 'refit-house20-halfhourly/refit_house20_halfhourly_kwh.csv'), 'utf8');
  const series: Series = new Map();
  for (const line of text.trim().split('\n').slice(1)) {
    const [local, kwh, , , , , present, missing] = line.split(',') as string[];
    if (Number(present) < 25 || Number(missing) > 5) continue; // an outage: the half-hour is missing
    const [date, time] = (local as string).split(' ') as [string, string];
    series.set(localSlot(date, time), Math.round(Number(kwh) * 1000));
  }
  return series;
}

/** Half-hours summed from 1-minute files (`Time,Aggregate,…`, W); `utc` for UK-DALE's clock. */
function fromMinutes(files: readonly string[], utc = false): Series {
  const sums = new Map<number, { wh: number; n: number }>();
  for (const file of files) {
    const raw = readFileSync(join(REAL, file));
    const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString();
    for (const line of text.trim().split('\n').slice(1)) {
      const [time, aggregate] = line.split(',') as [string, string];
      const w = Number(aggregate);
      if (!(w > 0)) continue; // Aggregate 0 is missing data
      const slot = (utc ? utcSlot : localSlot)(time.slice(0, 10), time.slice(11, 16));
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

const nilm = (house: string, months: readonly string[]) =>
  months.map((m) => `nilm-1min/${house}_${m}.csv.gz`);

/** The homes, the two tuned on first. */
export function realHomes(): RealHome[] {
  const refit2 = ['2013-10', '2013-11', '2013-12', '2014-01', '2014-02', '2014-03', '2014-04', '2014-05'];
  return [
    { name: 'REFIT house 20', series: house20(), usualMinute: 9 * 60 + 30 },
    { name: 'REFIT house 2', series: fromMinutes(nilm('REFIT_House2', refit2)), usualMinute: 7 * 60 },
    {
      name: 'UK-DALE house 2',
      series: fromMinutes(
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
      series: fromMinutes([
        'ideal-house65-1min/IDEAL_House65_2017-06.csv',
        ...nilm('IDEAL_House65', ['2018-02', '2018-04']),
      ]),
      usualMinute: 6 * 60 + 30,
    },
  ];
}
