import { createHash } from 'node:crypto';
import {
  compileTariffs,
  DEFAULT_TARIFFS,
  EVERY_DATE,
  firstChangedDate,
  parseDefaultSeries,
  serializeDefaultSeries,
  startOfLocalDate,
  type Tariff,
} from '@homeview/domain';
import { type Db, inTransaction } from '../../db/types';
import { datesFrom } from '../readings/daily';
import { lockHouse } from '../../shared/house';
import { exclusively, LOCKS } from '../../db/exclusive';
import { repriceWithBook } from '../readings/reprice';
import { repriceDailyTotals } from '../readings/summary-days';
import { houseTariffs } from '../../shared/tariff-book';
import { ELECTRICITY_CODE } from '../../shared/fuel';

// The default tariff is code (domain caps.ts), but the money in rollups, days, months and appliance
// events is stored: a release that adds or corrects a cap period would leave existing installs' money
// at the old figures. At start the server compares the series that priced the stored money (table
// default_tariff_state, migration 0013) with the code's, and reprices, from the first local date on
// which they differ, every house with money stored from then on (repriceWithBook: one transaction per
// house under its write lock, only changed rows written; houses whose own tariffs cover those dates end
// up unchanged), and the days of houses kept as daily totals only (the demo's neighbours: no half-hours
// to reprice from; repriceDailyTotals). The new series is recorded last, so a start that stops half-way
// repeats the work next time (repricing is idempotent); two servers starting together both reprice,
// harmlessly.
// Electricity's series only: gas money is priced by the gas cap series (domain caps.ts GAS_CAP_PERIODS),
// which this does not fingerprint yet, so a change to that table reprices nothing already stored.
// The series is a parameter so that tests and the bench can make an install priced by an older release
// (sync to the old series, then to the code's) through this same code rather than a copy of it.

export interface DefaultSyncResult {
  /** First local date repriced (EVERY_DATE when the previous series is unknown), or null: unchanged. */
  from: string | null;
  houses: number;
  rollups: number;
  events: number;
  /** Daily-only days (no half-hours) whose money changed. */
  dailyTotals: number;
}

/** What the start did to stored money, in words for its ready line. */
export function describeDefaultSync(result: DefaultSyncResult): string {
  if (result.from === null) return 'unchanged';
  const dates = result.from === EVERY_DATE ? 'every date' : `from ${result.from}`;
  if (result.houses === 0)
    return result.from === EVERY_DATE
      ? 'recorded (no money stored before it to reprice)'
      : `changed ${dates} (no money stored from then to reprice)`;
  return `repriced ${dates}: ${result.houses} homes, ${result.rollups} half-hours, ${result.events} appliance uses, ${result.dailyTotals} daily totals`;
}

const fingerprintOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Reprices houses' stored money if `series` (the code's) differs from the one that priced it. One server
 * at a time (db/exclusive.ts): a second one starting meanwhile waits, then finds the series recorded.
 */
export function syncDefaultTariff(
  db: Db,
  series: readonly Tariff[] = DEFAULT_TARIFFS,
): Promise<DefaultSyncResult> {
  return exclusively(db, LOCKS.defaultTariffSync, () => sync(db, series));
}

async function sync(db: Db, series: readonly Tariff[]): Promise<DefaultSyncResult> {
  const text = serializeDefaultSeries(series);
  const fingerprint = fingerprintOf(text);
  const { rows } = await db.query<{ series: string; fingerprint: string }>(
    'select series, fingerprint from default_tariff_state where id = 1',
  );
  const stored = rows[0];
  const result: DefaultSyncResult = { from: null, houses: 0, rollups: 0, events: 0, dailyTotals: 0 };
  if (stored?.fingerprint === fingerprint) return result;

  result.from = stored === undefined ? EVERY_DATE : changedFrom(stored.series, series);
  if (result.from !== null) {
    // Local days are at most a day off UTC dates: the day before catches every zone (a superset).
    const houses = await db.query<{ id: number }>(
      `select h.id from houses h
        where exists (select 1 from daily_rollups d where d.house_id = h.id and d.fuel = ${ELECTRICITY_CODE}
                        and d.day >= $1::date - 1)
           or exists (select 1 from use_days u where u.house_id = h.id
                        and u.last_end > extract(epoch from $1::date - 1)::bigint)
        order by h.id`,
      [result.from],
    );
    const from = result.from;
    for (const house of houses.rows) {
      await inTransaction(db, async (tx) => {
        await lockHouse(tx, house.id);
        // Read once: the book prices both the half-hours and, with no tariff of its own, the daily totals.
        const tariffs = await houseTariffs(tx, house.id);
        if (tariffs === null) return; // deleted since the list was read
        const book =
          tariffs.book.fallback === series
            ? tariffs.book // the cached book, compiled with the code's series
            : compileTariffs(tariffs.versions, tariffs.zone, series);
        const repriced = await repriceWithBook(tx, house.id, book, startOfLocalDate(from, book.zone));
        if (tariffs.versions.length === 0)
          result.dailyTotals += await repriceDailyTotals(
            tx,
            house.id,
            book,
            await datesFrom(tx, house.id, from),
          );
        result.houses += 1;
        result.rollups += repriced.rollups;
        result.events += repriced.events;
      });
    }
  }
  await db.query(
    `insert into default_tariff_state (id, series, fingerprint) values (1, $1, $2)
     on conflict (id) do update set series = excluded.series, fingerprint = excluded.fingerprint,
                                    updated_at = now()`,
    [text, fingerprint],
  );
  return result;
}

/** The first changed date against a stored series; an unreadable one counts as unknown. */
function changedFrom(storedSeries: string, series: readonly Tariff[]): string | null {
  try {
    return firstChangedDate(parseDefaultSeries(storedSeries), series);
  } catch {
    return EVERY_DATE;
  }
}
