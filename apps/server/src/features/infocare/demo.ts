import type { Db } from '../../db/types';
import { backfillHouse, type Replay } from './backfill';
import { marginsOf } from './engine';
import { ReadingEnds } from './reading-ends';
import { RoutineCache } from './routine-cache';
import type { InfocareHouse } from './repository';
import { nextTurn } from '../../shared/turn';

// Mum's home in the demo shows a believable InfoCare from the first login: once her history is stored
// (simulated with a late morning, an empty afternoon and the oven left on one evening: demo/homes.ts
// mumsDepartures, so her meter, uses and alerts agree), the engine is run over her last two weeks as it
// would have run live, and the older alerts are viewed and assessed by the carer (the newest stay new).
// Dad's (the meter-only home, issue 24) the same way once his history is stored: his alerts stand on the
// uses the write path estimated from his meter. Idempotent: nothing is done twice.

export const DEMO_ALERT_DAYS = 14;

/** Gives waiting requests their turn between two transactions (the server: no request in flight). */
export type Pause = () => Promise<void>;

/** Raises the past alerts of the demo's dependant `username` (Mum by default); returns how many. */
export async function prepareDemoInfocare(
  db: Db,
  now: number,
  pause: Pause = nextTurn,
  username = 'mum',
): Promise<number> {
  const { rows } = await db.query<InfocareHouse & { carer_id: number | null }>(
    `select h.id, h.owner_user_id, h.time_zone,
            (select l.carer_user_id from carer_links l where l.dependant_user_id = h.owner_user_id limit 1) as carer_id
       from houses h join users u on u.id = h.owner_user_id where u.username = $1 and h.demo`,
    [username],
  );
  const house = rows[0];
  if (!house) return 0;
  // Done once the carer's viewings are stored (the last step; without a carer, once old alerts exist).
  const done = await db.query(
    `select 1 from infocare_alerts a where a.house_id = $1 and a.raised_at < $2
        and ($3::boolean or exists (select 1 from infocare_alert_viewings v where v.alert_id = a.id))
      limit 1`,
    [house.id, now - 86_400, house.carer_id === null],
  );
  if (done.rows.length > 0) return 0;
  // One evaluation per transaction, then `pause`: PGlite runs a transaction's statements without giving
  // the event loop a turn, so a day of them (~1.6 s) held every request back. A replay over her stored
  // history (backfillHouse's Replay): from here on, her days before each instant's do not change (the
  // seeder's live ticks only add readings after her newest, today), so a day's routine is learned once
  // without a fingerprint per instant, each reading block is read once, and the carer's marks are read
  // once (a mark made now would not have been there at a past instant anyway). It skips storing an empty
  // judgement once it knows no alert is open. Per instant this is ~4 statements instead of ~9, and no
  // block is unnested again: the whole history took ~17 s of CPU before, half of it in newestReadingSql.
  const from = now - DEMO_ALERT_DAYS * 86_400;
  const cache = new RoutineCache();
  await pause();
  const replay: Replay = {
    options: {
      fixedHistory: true,
      margins: await marginsOf(db, String(house.id)),
      readingEnds: new ReadingEnds(),
    },
    open: Number.POSITIVE_INFINITY, // the InfoCare timer may have stored alerts already: the first is stored
  };
  let raised = 0;
  for (let at = from - (from % 1800); at <= now; at += 1800) {
    await pause();
    raised += await db.transaction((tx) => backfillHouse(tx, house, at, at, 1800, cache, replay));
  }
  await pause();
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into infocare_progress (house_id, evaluated_at) values ($1, $2)
       on conflict (house_id) do update set evaluated_at = greatest(infocare_progress.evaluated_at, excluded.evaluated_at)`,
      [house.id, now],
    );
    if (house.carer_id !== null) {
      // The carer has looked at everything older than two days and answered some of it.
      const { rows: old } = await tx.query<{ id: number; raised_at: number; kind: string }>(
        'select id, raised_at, kind from infocare_alerts where house_id = $1 and raised_at < $2 order by raised_at',
        [house.id, now - 2 * 86_400],
      );
      for (const [i, a] of old.entries()) {
        await tx.query(
          'insert into infocare_alert_viewings (alert_id, user_id, viewed_at) values ($1, $2, $3)',
          [a.id, house.carer_id, a.raised_at + 1800],
        );
        if (i % 2 === 0)
          await tx.query(
            'insert into infocare_alert_assessments (alert_id, user_id, correct, assessed_at) values ($1, $2, $3, $4)',
            [a.id, house.carer_id, a.kind !== 'unusual_hour', a.raised_at + 3600],
          );
      }
    }
  });
  return raised;
}
