import {
  type AlertCandidate,
  ENGINE_KINDS,
  type EvaluationInput,
  evaluateAlerts,
  levelRank,
} from '@homeview/domain';
import { LOCK_CLASSES } from '../../db/lock-keys';
import type { Db } from '../../db/types';
import { judgeDayLateDays } from './day-late';
import { loadSituation, loadSituations } from './engine';
import { type RoutineCache, routineCacheOf } from './routine-cache';
import { endCheckIns, startCheckIns } from './check-in';
import { deliveryRunner } from './deliveries';
import { holdSuperseded, queueNotifications, type Senders } from './notify';
import { resendUntakenUrgent } from './resend';
import { type InfocareHouse, watchedHouses } from './repository';
import { storeCandidates } from './store';

// The InfoCare engine as a job: every watched home is evaluated at `now` under a per-home transaction
// lock of its own (LOCK_CLASSES.infocareEvaluation, not the house's write lock), so several server processes on one PostgreSQL take turns and an alert is stored once per cause.
// After a stop the next run catches up: homes whose last evaluation is older than CATCH_UP_STEP_S are
// evaluated at the instants in between as well, so a morning missed while the server was down is raised
// with the time it became due. Each run also judges the day-late homes' complete days once (day-late.ts).

/**
 * Waited for before each home's transaction and each batch: the server passes InFlight.turn, so requests
 * go first (PGlite has one connection, and a transaction's statements run without giving the loop a turn).
 */
export type Pause = () => Promise<void>;
const go: Pause = () => Promise.resolve();
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
  cache: RoutineCache = routineCacheOf(db),
): Promise<{ raised: number; cleared: number }> {
  // The home's lock and its progress go with BEGIN, one round trip for three (literals: code-built ids):
  // a busy minute's raises go one after another while delivery shares the connections and the cores.
  const id = Math.trunc(house.id);
  const opening =
    `select pg_advisory_xact_lock(${LOCK_CLASSES.infocareEvaluation}, ${id}); ` +
    `select evaluated_at from infocare_progress where house_id = ${id}`;
  return db.transaction(
    async (tx, rows) => {
      const since = rows[0] === undefined ? undefined : Number(rows[0].evaluated_at);
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
        const input = await loadSituation(tx, house, at, cache);
        const result = await storeCandidates(tx, house.id, evaluateAlerts(input), at);
        // Alerts raised or escalated now notify (once per level): a catch-up long after the fact still
        // records, and still tells. A Warning may ask the dependant first: its carers then wait (check-in.ts;
        // given only the Warnings, so an Urgent's raise reads no check-in settings).
        const wait = await startCheckIns(tx, house, result.warnings, now);
        // An escalation supersedes the Warning: what of it still waits is held, the Urgent goes at once.
        await endCheckIns(tx, result.escalated);
        await holdSuperseded(tx, result.escalated);
        await queueNotifications(
          tx,
          [...result.raised, ...result.escalated],
          house.owner_user_id,
          house.time_zone,
          now,
          { dueAt: wait },
        );
        raised += result.raised.length;
        cleared += result.cleared;
      }
      await tx.query(
        `insert into infocare_progress (house_id, evaluated_at) values ($1, $2)
       on conflict (house_id) do update set evaluated_at = greatest(infocare_progress.evaluated_at, excluded.evaluated_at)`,
        [house.id, now],
      );
      return { raised, cleared };
    },
    { first: opening },
  );
}

/** Homes judged together: one read per kind of data for all of them. */
const BATCH = 500;

/**
 * Whether storing these candidates would change nothing: every cause already stored (and not escalating
 * an open alert), and every open alert still has its cause. Such a home needs no transaction.
 */
function unchanged(
  candidates: readonly AlertCandidate[],
  stored: ReadonlyMap<string, { level: string; open: boolean }>,
): boolean {
  const causes = new Set<string>();
  for (const c of candidates) {
    const row = stored.get(c.cause);
    if (!row) return false;
    if (row.open && levelRank(c.level) > levelRank(row.level)) return false;
    if (!c.instant) causes.add(c.cause);
  }
  for (const [cause, row] of stored) if (row.open && !causes.has(cause)) return false;
  return true;
}

/**
 * One run over every watched home. Homes are read and judged in batches without a lock; a home whose
 * judgement changes nothing (the usual case) only has its progress advanced, in one statement per batch.
 * A home with something to raise, escalate or clear, or with time to catch up, is evaluated again under
 * its lock in its own transaction (evaluateHouse), so two processes still store each alert once.
 */
export async function runInfocare(
  db: Db,
  senders: Senders,
  now: number,
  cache: RoutineCache = routineCacheOf(db),
  pause: Pause = go,
): Promise<RunSummary> {
  const houses = await watchedHouses(db);
  let raised = 0;
  let cleared = 0;
  // Each home stored kicks delivery, so its carers hear while later homes are still judged (deliveries.ts).
  const deliveries = deliveryRunner(db, senders, now);
  try {
    for (let i = 0; i < houses.length; i += BATCH) {
      const batch = houses.slice(i, i + BATCH);
      await pause();
      const r = await runBatch(db, batch, now, cache, pause, deliveries.kick);
      raised += r.raised;
      cleared += r.cleared;
    }
    await pause();
    // Day-late homes: yesterday judged once its half-hours are all in (day-late.ts).
    const days = await judgeDayLateDays(db, houses, now, pause);
    raised += days.filter((d) => d.alertId !== null).length;
    await pause();
    await resendUntakenUrgent(db, now);
    deliveries.kick();
  } catch (error) {
    // Stopping (or a failure) mid-run: what was already being sent finishes, recorded, before the stop.
    await deliveries.settled().catch(() => undefined);
    throw error;
  }
  const { sent: notified } = await deliveries.settled();
  return { houses: houses.length, raised, cleared, notified };
}

async function runBatch(
  db: Db,
  houses: readonly InfocareHouse[],
  now: number,
  cache: RoutineCache,
  pause: Pause,
  homeStored: () => void,
): Promise<{ raised: number; cleared: number }> {
  const ids = houses.map((h) => h.id).join(',');
  const progress = await db.query<{ house_id: number; evaluated_at: number }>(
    `select house_id, evaluated_at from infocare_progress
      where house_id = any(string_to_array($1, ',')::int[])`,
    [ids],
  );
  const since = new Map(progress.rows.map((r) => [r.house_id, Number(r.evaluated_at)]));
  const due = houses.filter((h) => (since.get(h.id) ?? -1) < now);
  const situations = await loadSituations(db, due, now, cache);
  const judged = new Map(due.map((h) => [h.id, evaluateAlerts(situations.get(h.id) as EvaluationInput)]));
  const causes = [...judged].flatMap(([id, list]) => list.map((c) => ({ id, cause: c.cause })));
  const { rows } = await db.query<{ house_id: number; cause: string; level: string; open: boolean }>(
    `select a.house_id, a.cause, a.level, a.cleared_at is null as open from infocare_alerts a
      where a.house_id = any(string_to_array($1, ',')::int[]) and a.cleared_at is null
        and a.kind = any(string_to_array($4, ','))
     union
     select a.house_id, a.cause, a.level, a.cleared_at is null from infocare_alerts a
       join unnest(string_to_array($2, ',')::int[], string_to_array($3, E'\\x1f')) c(house_id, cause)
         on a.house_id = c.house_id and a.cause = c.cause`,
    [ids, causes.map((c) => c.id).join(','), causes.map((c) => c.cause).join('\x1f'), ENGINE_KINDS.join(',')],
  );
  const stored = new Map<number, Map<string, { level: string; open: boolean }>>();
  for (const r of rows) {
    let m = stored.get(r.house_id);
    if (!m) {
      m = new Map();
      stored.set(r.house_id, m);
    }
    m.set(r.cause, { level: r.level, open: r.open });
  }
  const quiet: number[] = [];
  let raised = 0;
  let cleared = 0;
  for (const house of due) {
    const last = since.get(house.id);
    const catchUp = last !== undefined && now - last > CATCH_UP_STEP_S;
    if (!catchUp && unchanged(judged.get(house.id) ?? [], stored.get(house.id) ?? new Map())) {
      quiet.push(house.id);
      continue;
    }
    await pause();
    const r = await evaluateHouse(db, house, now, cache);
    raised += r.raised;
    cleared += r.cleared;
    homeStored();
  }
  if (quiet.length > 0)
    await db.query(
      `insert into infocare_progress (house_id, evaluated_at)
       select h, $2 from unnest(string_to_array($1, ',')::int[]) h
       on conflict (house_id) do update
         set evaluated_at = greatest(infocare_progress.evaluated_at, excluded.evaluated_at)`,
      [quiet.join(','), now],
    );
  return { raised, cleared };
}
