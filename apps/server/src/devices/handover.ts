import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types';

// A device partition's MQTT session changes hands (devices/mqtt.ts take and give). A holder acknowledges
// messages as they arrive and stores them at its next flush, so one that dies loses what it took since
// (a flush: a fraction of a second). Counters get that energy back from their next message; a plug's held
// power and open use cannot: believed across the gap, they join two kettle boils into one use. So the
// holder that gives a session up after its last flush says so, and the next holder knows whether what
// the last one stored is the whole story.

export interface Holding {
  /** This holding's own token: only it can say it handed the session over. */
  token: string;
  /** Whether the last holder handed over cleanly (a session never held before: nothing was lost). */
  handedOver: boolean;
}

/** Takes `clientId`'s session: it is ours now and not yet handed over. */
export async function holdSession(db: Queryable, clientId: string): Promise<Holding> {
  const token = randomUUID();
  const { rows } = await db.query<{ handed_over: boolean | null }>(
    `with last as (select handed_over from device_sessions where client_id = $1)
     insert into device_sessions (client_id, holder, handed_over) values ($1, $2, false)
       on conflict (client_id) do update set holder = $2, handed_over = false
     returning (select handed_over from last)`,
    [clientId, token],
  );
  return { token, handedOver: rows[0]?.handed_over ?? true };
}

/**
 * Everything taken on the session is stored: the next holder may believe the stored state. A no-op when
 * another holder took the session meanwhile (this server lost its lock before its last flush).
 */
export async function handSessionOver(db: Queryable, clientId: string, holding: Holding): Promise<void> {
  await db.query('update device_sessions set handed_over = true where client_id = $1 and holder = $2', [
    clientId,
    holding.token,
  ]);
}
