import type { Queryable } from '../../db/types';
import { ALERT_COLUMNS, type AlertRow } from './present';

// Reads and carer writes of stored alerts, always scoped to one house (the dependant's).

/** Alerts raised before `before`, newest first. */
export async function alertPage(
  db: Queryable,
  houseId: number,
  before: number,
  limit: number,
): Promise<AlertRow[]> {
  const { rows } = await db.query<AlertRow>(
    `select ${ALERT_COLUMNS} from infocare_alerts a where a.house_id = $1 and a.raised_at < $2
      order by a.raised_at desc, a.id desc limit $3`,
    [houseId, before, limit],
  );
  return rows;
}

export async function alertsBetween(
  db: Queryable,
  houseId: number,
  from: number,
  to: number,
  activityId?: number,
): Promise<AlertRow[]> {
  const { rows } = await db.query<AlertRow>(
    `select ${ALERT_COLUMNS} from infocare_alerts a where a.house_id = $1 and a.raised_at >= $2 and a.raised_at < $3
        and ($4::int is null or a.activity_id = $4::int)
      order by a.raised_at desc, a.id desc`,
    [houseId, from, to, activityId ?? null],
  );
  return rows;
}

export async function alertOfHouse(db: Queryable, houseId: number, id: number): Promise<AlertRow | null> {
  const { rows } = await db.query<AlertRow>(
    `select ${ALERT_COLUMNS} from infocare_alerts a where a.house_id = $1 and a.id = $2`,
    [houseId, id],
  );
  return rows[0] ?? null;
}

export async function recordViewing(
  db: Queryable,
  alertId: number,
  userId: number,
  at: number,
): Promise<void> {
  await db.query('insert into infocare_alert_viewings (alert_id, user_id, viewed_at) values ($1, $2, $3)', [
    alertId,
    userId,
    at,
  ]);
}

export async function recordAssessment(
  db: Queryable,
  alertId: number,
  userId: number,
  correct: boolean,
  at: number,
): Promise<void> {
  await db.query(
    'insert into infocare_alert_assessments (alert_id, user_id, correct, assessed_at) values ($1, $2, $3, $4)',
    [alertId, userId, correct, at],
  );
}

export async function recordFeedback(
  db: Queryable,
  alertId: number,
  text: string,
  at: number,
): Promise<void> {
  await db.query('update infocare_alerts set feedback = $2, feedback_at = $3 where id = $1', [
    alertId,
    text,
    at,
  ]);
}

/** Alerts of a house no carer has opened yet (the dashboard's num_alerts). */
export async function unviewedCount(db: Queryable, houseId: number, now: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from infocare_alerts a where a.house_id = $1 and a.raised_at <= $2
        and not exists (select 1 from infocare_alert_viewings v where v.alert_id = a.id)`,
    [houseId, now],
  );
  return rows[0]?.n ?? 0;
}

/** The same unviewed alerts, in all and per level (the counters of the carer's Alerts screen). */
export async function unviewedByLevel(
  db: Queryable,
  houseId: number,
  now: number,
): Promise<{ total: number; urgent: number; investigate: number }> {
  const { rows } = await db.query<{ total: number; urgent: number; investigate: number }>(
    `select count(*)::int as total,
            (count(*) filter (where a.level = 'Urgent'))::int as urgent,
            (count(*) filter (where a.level = 'Warning'))::int as investigate
       from infocare_alerts a where a.house_id = $1 and a.raised_at <= $2
        and not exists (select 1 from infocare_alert_viewings v where v.alert_id = a.id)`,
    [houseId, now],
  );
  return rows[0] ?? { total: 0, urgent: 0, investigate: 0 };
}

/**
 * Alerts still open (issue 33): nobody has taken or resolved them and their situation has not ended by
 * itself; what the Alerts screen's cards show as "Open", counted over every page.
 */
export async function openCount(db: Queryable, houseId: number, now: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from infocare_alerts where house_id = $1 and raised_at <= $2
        and taken_at is null and resolved_at is null and cleared_at is null`,
    [houseId, now],
  );
  return rows[0]?.n ?? 0;
}

/** First instant with appliance data, for the activity selectors' range. */
export async function firstActivityAt(db: Queryable, houseId: number): Promise<number | null> {
  const { rows } = await db.query<{ first: number | null }>(
    // A stored day of uses has at least one (0038): the first use is in the first day row.
    `select min(e.start_ts) as first
       from (select day_start from use_days where house_id = $1 order by day_start limit 1) d
      cross join lateral uses_between($1, d.day_start, d.day_start + 86400) e`,
    [houseId],
  );
  return rows[0]?.first ?? null;
}
