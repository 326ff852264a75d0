import { DAY_LATE_INTERVAL_S } from '@homeview/domain';
import { prepared, type Queryable } from '../../db/types';
import { newestReadingSql } from '../readings/blocks';
import type { ReadingEnds } from './reading-ends';
import { type InfocareHouse, list } from './repository';
import { ELECTRICITY_CODE } from '../../shared/fuel';

// The newest data of each home at an instant (engine.ts): the end and spacing of its newest reading, else
// of its newest appliance run, for "no data" and the data gaps.

/**
 * End and spacing of each home's newest reading ending by `now` (else of its newest appliance run in the
 * last two days; null if neither). Live, the newest block's last reading has ended: its end is the block
 * start plus the sum of its gaps plus its interval, computed in SQL without unnesting readings. Homes where
 * that reading ends after `now` (replay, catch-up) get the exact answer from newestReadingSql.
 */
export async function newestData(
  db: Queryable,
  houses: readonly InfocareHouse[],
  now: number,
): Promise<Map<number, { at: number; intervalS: number } | null>> {
  type Row = { house_id: number; reading: number | null; interval_s: number | null; event: number | null };
  // Uses starting in the last two days (start > now − 172,800) and ended by now (so started before it).
  const event = `(select max(end_ts) from uses_between(w.house_id, $2 - 172799, $2) where end_ts <= $2) as event`;
  const fast = await db.query<Row>(
    prepared(`select w.house_id, b.reading, b.interval_s, ${event}
       from unnest(string_to_array($1, ',')::int[]) w(house_id)
       left join lateral (
         select b.block_start + (select sum(g) from unnest(b.gaps) g) + b.interval_s[cardinality(b.interval_s)]
                  as reading, b.interval_s[cardinality(b.interval_s)] as interval_s
           from reading_blocks b where b.house_id = w.house_id and b.fuel = ${ELECTRICITY_CODE} and b.block_start <= $2
          order by b.block_start desc limit 1) b on true`),
    [list(houses.map((h) => h.id)), now],
  );
  const rows: Row[] = [];
  const exact: number[] = [];
  for (const r of fast.rows) {
    if (r.reading !== null && Number(r.reading) > now) exact.push(r.house_id);
    else rows.push(r);
  }
  if (exact.length > 0) {
    const slow = await db.query<Row>(
      `select w.house_id, r.reading, r.interval_s, ${event}
         from unnest(string_to_array($1, ',')::int[]) w(house_id)
         left join lateral (${newestReadingSql('w.house_id', '$2')}) r on true`,
      [list(exact), now],
    );
    rows.push(...slow.rows);
  }
  const out = new Map<number, { at: number; intervalS: number } | null>();
  for (const r of rows) {
    if (r.reading !== null) out.set(r.house_id, { at: Number(r.reading), intervalS: r.interval_s ?? 60 });
    else out.set(r.house_id, r.event === null ? null : { at: Number(r.event), intervalS: 60 });
  }
  return out;
}

const ints = (text: string | null): number[] => (text ? text.split(',').map(Number) : []);

/**
 * newestData for a replay: the newest two blocks' starts (an index probe), each block's arrays read once
 * into `cache` (ReadingEnds says when a cached block still answers) and searched here. Same answer as
 * newestReadingSql: the newest reading of those two blocks ending by `now`, else the newest run's end.
 */
export async function newestDataOfReplay(
  db: Queryable,
  houses: readonly InfocareHouse[],
  now: number,
  cache: ReadingEnds,
): Promise<Map<number, { at: number; intervalS: number } | null>> {
  const { rows } = await db.query<{ house_id: number; blocks: string | null; event: number | null }>(
    prepared(`select w.house_id,
            (select string_agg(b.block_start::text, ',' order by b.block_start desc)
               from (select block_start from reading_blocks where house_id = w.house_id and fuel = ${ELECTRICITY_CODE}
                        and block_start <= $2 order by block_start desc limit 2) b) as blocks,
            (select max(end_ts) from uses_between(w.house_id, $2 - 172799, $2) where end_ts <= $2) as event
       from unnest(string_to_array($1, ',')::int[]) w(house_id)`),
    [list(houses.map((h) => h.id)), now],
  );
  const missing = rows.flatMap((r) =>
    ints(r.blocks)
      .map((b, i) => ({ houseId: r.house_id, blockStart: b, complete: i > 0 }))
      .filter((m) => cache.get(m.houseId, m.blockStart, now) === undefined),
  );
  const fresh = new Map<string, { ends: number[]; intervals: number[] }>();
  if (missing.length > 0) {
    const read = await db.query<{ house_id: number; block_start: string; gaps: string; intervals: string }>(
      prepared(`select b.house_id, b.block_start, array_to_string(b.gaps, ',') as gaps,
              array_to_string(b.interval_s, ',') as intervals
         from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[]) w(house_id, block_start)
         join reading_blocks b on b.house_id = w.house_id and b.fuel = ${ELECTRICITY_CODE} and b.block_start = w.block_start`),
      [list(missing.map((m) => m.houseId)), list(missing.map((m) => m.blockStart))],
    );
    const complete = new Set(missing.filter((m) => m.complete).map((m) => `${m.houseId}:${m.blockStart}`));
    for (const r of read.rows) {
      const key = `${r.house_id}:${Number(r.block_start)}`;
      fresh.set(
        key,
        cache.set(r.house_id, Number(r.block_start), ints(r.gaps), ints(r.intervals), complete.has(key)),
      );
    }
  }
  const out = new Map<number, { at: number; intervalS: number } | null>();
  for (const r of rows) {
    let newest: { at: number; intervalS: number } | null = null;
    for (const b of ints(r.blocks)) {
      const block = fresh.get(`${r.house_id}:${b}`) ?? cache.get(r.house_id, b, now);
      if (!block) continue; // deleted since the probe (not in a fixed history)
      // Ends increase (readings never overlap): the last one ending by `now`.
      let lo = 0;
      let hi = block.ends.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((block.ends[mid] as number) <= now) lo = mid + 1;
        else hi = mid;
      }
      if (lo > 0) {
        newest = { at: block.ends[lo - 1] as number, intervalS: block.intervals[lo - 1] as number };
        break;
      }
    }
    out.set(r.house_id, newest ?? (r.event === null ? null : { at: Number(r.event), intervalS: 60 }));
  }
  return out;
}

/** Whether the home's newest readings are half-hours, a day late (the engine's rule, domain isDayLate). */
export async function isDayLateHome(db: Queryable, house: InfocareHouse, now: number): Promise<boolean> {
  const newest = (await newestData(db, [house], now)).get(house.id);
  return (newest?.intervalS ?? 0) >= DAY_LATE_INTERVAL_S;
}
