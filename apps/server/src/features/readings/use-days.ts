import type { Queryable } from '../../db/types';
import { joined } from './repository';

// The one writer of appliance uses (table use_days, migration 0038: one row per house and UTC day of the
// uses' starts, the day's uses as parallel arrays). Every change to uses — a plug's use coming in or
// growing, the meter's estimates replaced, a reprice, estimates a measured use beats — goes through
// mergeUses inside the write's transaction, its houses' write locks held: the touched day rows are read
// once, changed in memory and written back in one statement (a day left with no use is deleted). Arrays
// travel as comma-joined text, as reading_blocks' do (blocks.ts).

export const USE_DAY_S = 86_400;

/** A use as the view `appliance_events` shows it. */
export interface HouseUse {
  house_id: number;
  appliance_type_id: number;
  start_ts: number;
  end_ts: number;
  energy_wh: number;
  /** n£ at the import rates of the half-hours it ran through. */
  cost: number;
  estimated: boolean;
}

/** What names a stored use: its house, appliance type and start. */
export type UseKey = Pick<HouseUse, 'house_id' | 'appliance_type_id' | 'start_ts'>;

/**
 * One change to the uses:
 * - `add`: a new use; a stored one of its key is kept as it is.
 * - `grow`: a new use; a stored one of its key takes this end, Wh and n£ when it ends later (a use reported
 *   while it runs comes again longer), else nothing changes.
 * - `cost`: the stored use of the key takes this n£ (a reprice).
 * - `drop`: the stored use of the key is deleted (only an estimated one when `estimatedOnly`).
 */
export type UseChange =
  | ({ mode: 'add' | 'grow' } & HouseUse)
  | ({ mode: 'cost' } & UseKey & { cost: number })
  | ({ mode: 'drop' } & UseKey & { estimatedOnly?: boolean });

/** Day rows per statement: bounds each parameter of a year-long write. */
const DAYS_PER_STATEMENT = 2_000;

const dayOf = (ts: number): number => ts - (((ts % USE_DAY_S) + USE_DAY_S) % USE_DAY_S);
const keyOf = (typeId: number, start: number): string => `${typeId}:${start}`;
const ints = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

type Stored = Omit<HouseUse, 'house_id'>;
interface Day {
  house: number;
  start: number;
  uses: Map<string, Stored>;
  changed: boolean;
}

interface DayRow {
  house_id: number;
  day_start: string;
  t: string;
  s: string;
  n: string;
  w: string;
  c: string;
  e: string;
}

/** The stored day rows of these (house, day) pairs, as maps of their uses by key. */
async function readDays(tx: Queryable, wanted: readonly [number, number][]): Promise<Map<string, Day>> {
  const days = new Map<string, Day>();
  for (const [house, start] of wanted)
    days.set(`${house}:${start}`, { house, start, uses: new Map(), changed: false });
  for (let at = 0; at < wanted.length; at += DAYS_PER_STATEMENT) {
    const part = wanted.slice(at, at + DAYS_PER_STATEMENT);
    const { rows } = await tx.query<DayRow>(
      `select d.house_id, d.day_start::text, array_to_string(d.type_ids, ',') as t,
              array_to_string(d.starts, ',') as s, array_to_string(d.seconds, ',') as n,
              array_to_string(d.energy_wh, ',') as w, array_to_string(d.cost, ',') as c,
              array_to_string(d.estimated, ',') as e
         from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[]) k(house_id, day_start)
         join use_days d on d.house_id = k.house_id and d.day_start = k.day_start
          for update of d`,
      [joined(part.map(([h]) => h)), joined(part.map(([, d]) => d))],
    );
    for (const row of rows) {
      const day = days.get(`${row.house_id}:${row.day_start}`) as Day;
      const [types, offsets, seconds, wh, cost] = [row.t, row.s, row.n, row.w, row.c].map(ints) as number[][];
      const estimated = row.e.split(',');
      (types as number[]).forEach((typeId, i) => {
        const start = day.start + (offsets as number[])[i]!;
        day.uses.set(keyOf(typeId, start), {
          appliance_type_id: typeId,
          start_ts: start,
          end_ts: start + (seconds as number[])[i]!,
          energy_wh: (wh as number[])[i]!,
          cost: (cost as number[])[i]!,
          estimated: estimated[i] === 't',
        });
      });
    }
  }
  return days;
}

/** Applies one change to its day; whether it changed anything. */
function apply(day: Day, change: UseChange): boolean {
  const key = keyOf(change.appliance_type_id, change.start_ts);
  const stored = day.uses.get(key);
  switch (change.mode) {
    case 'add':
    case 'grow': {
      const use: Stored = {
        appliance_type_id: change.appliance_type_id,
        start_ts: change.start_ts,
        end_ts: change.end_ts,
        energy_wh: change.energy_wh,
        cost: change.cost,
        estimated: change.estimated,
      };
      if (stored === undefined) day.uses.set(key, use);
      else if (change.mode === 'grow' && use.end_ts > stored.end_ts)
        day.uses.set(key, { ...stored, end_ts: use.end_ts, energy_wh: use.energy_wh, cost: use.cost });
      else return false;
      return true;
    }
    case 'cost':
      if (stored === undefined || stored.cost === change.cost) return false;
      day.uses.set(key, { ...stored, cost: change.cost });
      return true;
    case 'drop':
      if (stored === undefined || (change.estimatedOnly && !stored.estimated)) return false;
      day.uses.delete(key);
      return true;
  }
}

/** The changed days written back: the ones with uses in one upsert, the emptied ones in one delete. */
async function writeDays(tx: Queryable, days: readonly Day[]): Promise<void> {
  const kept = days.filter((d) => d.uses.size > 0);
  const emptied = days.filter((d) => d.uses.size === 0);
  for (let at = 0; at < kept.length; at += DAYS_PER_STATEMENT) {
    const part = kept.slice(at, at + DAYS_PER_STATEMENT);
    const columns: string[][] = [[], [], [], [], [], []];
    const lastEnds: number[] = [];
    for (const day of part) {
      const uses = [...day.uses.values()].sort(
        (a, b) => a.start_ts - b.start_ts || a.appliance_type_id - b.appliance_type_id,
      );
      columns[0]?.push(joined(uses.map((u) => u.appliance_type_id)));
      columns[1]?.push(joined(uses.map((u) => u.start_ts - day.start)));
      columns[2]?.push(joined(uses.map((u) => u.end_ts - u.start_ts)));
      columns[3]?.push(joined(uses.map((u) => u.energy_wh)));
      columns[4]?.push(joined(uses.map((u) => u.cost)));
      columns[5]?.push(uses.map((u) => (u.estimated ? 't' : 'f')).join(','));
      lastEnds.push(Math.max(...uses.map((u) => u.end_ts)));
    }
    await tx.query(
      `insert into use_days (house_id, day_start, type_ids, starts, seconds, energy_wh, cost, estimated, last_end)
       select k.h, k.d, ('{' || k.t || '}')::int[], ('{' || k.s || '}')::int[], ('{' || k.n || '}')::bigint[],
              ('{' || k.w || '}')::int[], ('{' || k.c || '}')::bigint[], ('{' || k.e || '}')::boolean[], k.l
         from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[],
                     string_to_array($3, ';'), string_to_array($4, ';'), string_to_array($5, ';'),
                     string_to_array($6, ';'), string_to_array($7, ';'), string_to_array($8, ';'),
                     string_to_array($9, ',')::bigint[]) k(h, d, t, s, n, w, c, e, l)
       on conflict (house_id, day_start) do update
         set type_ids = excluded.type_ids, starts = excluded.starts, seconds = excluded.seconds,
             energy_wh = excluded.energy_wh, cost = excluded.cost, estimated = excluded.estimated,
             last_end = excluded.last_end`,
      [
        joined(part.map((d) => d.house)),
        joined(part.map((d) => d.start)),
        ...columns.map((c) => c.join(';')),
        joined(lastEnds),
      ],
    );
  }
  for (let at = 0; at < emptied.length; at += DAYS_PER_STATEMENT) {
    const part = emptied.slice(at, at + DAYS_PER_STATEMENT);
    await tx.query(
      `delete from use_days d
        using unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[]) k(house_id, day_start)
        where d.house_id = k.house_id and d.day_start = k.day_start`,
      [joined(part.map((d) => d.house)), joined(part.map((d) => d.start))],
    );
  }
}

/**
 * Applies the changes in order (any houses, any modes) and returns those that changed something: one read
 * of the day rows they touch and one write of the rows that changed. Run in the write's transaction, its
 * houses' write locks held; the caller sums the touched local days again (appliance-days.ts).
 */
export async function mergeUses(tx: Queryable, changes: readonly UseChange[]): Promise<UseChange[]> {
  if (changes.length === 0) return [];
  const wanted = new Map<string, [number, number]>();
  for (const c of changes) {
    const start = dayOf(c.start_ts);
    wanted.set(`${c.house_id}:${start}`, [c.house_id, start]);
  }
  const days = await readDays(tx, [...wanted.values()]);
  const applied = changes.filter((c) => {
    const day = days.get(`${c.house_id}:${dayOf(c.start_ts)}`) as Day;
    const changed = apply(day, c);
    if (changed) day.changed = true;
    return changed;
  });
  await writeDays(
    tx,
    [...days.values()].filter((d) => d.changed),
  );
  return applied;
}

/** Applied changes by house: the starts of the uses dropped, and how many others changed. */
export function byHouse(applied: readonly UseChange[]): {
  dropped: Map<number, number[]>;
  changed: Map<number, number>;
} {
  const dropped = new Map<number, number[]>();
  const changed = new Map<number, number>();
  for (const c of applied) {
    if (c.mode === 'drop') dropped.set(c.house_id, [...(dropped.get(c.house_id) ?? []), c.start_ts]);
    else changed.set(c.house_id, (changed.get(c.house_id) ?? 0) + 1);
  }
  return { dropped, changed };
}
