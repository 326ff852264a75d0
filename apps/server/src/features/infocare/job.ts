import { evaluateAlerts } from '@homeview/domain';
import type { Db } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import type { SmsSender } from '../../sms/sms';
import { loadSituation } from './engine';
import { deliverDue, queueNotifications } from './notify';
import { type InfocareHouse, watchedHouses } from './repository';
import { storeCandidates } from './store';

// The InfoCare engine as a job: every watched home is evaluated at `now` under a per-home transaction
// lock, so several server processes on one PostgreSQL take turns and an alert is stored once per cause.
// After a stop the next run catches up: homes whose last evaluation is older than CATCH_UP_STEP_S are
// evaluated at the instants in between as well, so a morning missed while the server was down is raised
// with the time it became due.

const ENGINE_LOCK = 7_346_120;
/** Catch-up granularity after downtime: one evaluation per this many seconds missed (at most a day). */
export const CATCH_UP_STEP_S = 15 * 60;
const CATCH_UP_MAX_S = 86_400;

export interface RunSummary {
  houses: number;
  raised: number;
  cleared: number;
  notified: number;
}

export async function evaluateHouse(
  db: Db,
  house: InfocareHouse,
  now: number,
): Promise<{ raised: number; cleared: number }> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, $2)', [ENGINE_LOCK, house.id]);
    const { rows } = await tx.query<{ evaluated_at: number }>(
      'select evaluated_at from infocare_progress where house_id = $1',
      [house.id],
    );
    const since = rows[0]?.evaluated_at;
    if (since !== undefined && since >= now) return { raised: 0, cleared: 0 };
    const instants: number[] = [];
    if (since !== undefined) {
      for (let t = Math.max(since, now - CATCH_UP_MAX_S) + CATCH_UP_STEP_S; t < now; t += CATCH_UP_STEP_S)
        instants.push(t);
    }
    instants.push(now);
    let raised = 0;
    let cleared = 0;
    for (const at of instants) {
      const input = await loadSituation(tx, house, at);
      const result = await storeCandidates(tx, house.id, evaluateAlerts(input), at);
      // Only alerts raised now notify: a catch-up long after the fact still records, and still tells.
      await queueNotifications(tx, result.raised, house.owner_user_id, house.time_zone, now);
      raised += result.raised.length;
      cleared += result.cleared;
    }
    await tx.query(
      `insert into infocare_progress (house_id, evaluated_at) values ($1, $2)
       on conflict (house_id) do update set evaluated_at = greatest(infocare_progress.evaluated_at, excluded.evaluated_at)`,
      [house.id, now],
    );
    return { raised, cleared };
  });
}

export async function runInfocare(
  db: Db,
  senders: { mailer: Mailer; sms: SmsSender },
  now: number,
): Promise<RunSummary> {
  const houses = await watchedHouses(db);
  let raised = 0;
  let cleared = 0;
  for (const house of houses) {
    const r = await evaluateHouse(db, house, now);
    raised += r.raised;
    cleared += r.cleared;
  }
  const notified = await deliverDue(db, senders, now);
  return { houses: houses.length, raised, cleared, notified };
}
