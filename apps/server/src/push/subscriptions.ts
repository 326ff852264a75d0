import type { Queryable } from '../db/types';

// The browsers each person asked to be notified on (migration 0029). Every read and write names the
// person: nobody reaches another's rows.

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

export async function subscriptionsOf(db: Queryable, userId: number): Promise<PushSubscriptionRow[]> {
  const { rows } = await db.query<PushSubscriptionRow>(
    `select id, endpoint, p256dh, auth, created_at::int as created_at
       from push_subscriptions where user_id = $1 order by id`,
    [userId],
  );
  return rows;
}

/**
 * A person's browsers as a JSON array of PushSubscriptionRow in id order, for a statement that reads them
 * with its own rows (a delivery claim's batch, infocare/claim.ts: no round trip of their own per claim).
 * `userId` is an SQL expression built by code, never input.
 */
export const BROWSERS_OF = (userId: string): string =>
  `(select coalesce(json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh,
                                               'auth', s.auth, 'created_at', s.created_at) order by s.id),
                    '[]'::json)
      from push_subscriptions s where s.user_id = ${userId})`;

/** Adds the browser, or renews its keys when it subscribed again (a new subscription, same endpoint). */
export async function saveSubscription(
  db: Queryable,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string },
  now: number,
): Promise<void> {
  await db.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at) values ($1, $2, $3, $4, $5)
     on conflict (user_id, endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth`,
    [userId, s.endpoint, s.p256dh, s.auth, now],
  );
}

/** True when the person had that browser. */
export async function removeSubscription(db: Queryable, userId: number, endpoint: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from push_subscriptions where user_id = $1 and endpoint = $2', [
    userId,
    endpoint,
  ]);
  return (rowCount ?? 0) > 0;
}

/** The push service said the subscription is gone (404 or 410). */
export async function forgetSubscription(db: Queryable, id: number): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1', [id]);
}
