import { deviceIdProblem } from '@homeview/contract';
import type { Queryable } from '../db/types';

/**
 * The consumer's bookkeeping of what it could not store as readings: refused messages per device and
 * topic (device_rejects) and devices nobody registered (unclaimed_devices, listed for an owner to claim by
 * exact id). Both come from anyone who can publish, so (issue 33 item 8, issue 34 item 5):
 * - an id that could never be registered (over DEVICE_ID_MAX, a control character, a NUL in a Shelly
 *   reply's `src`: deviceIdProblem) is dropped before it is counted, so it can never fail a batch;
 * - topics and reasons are cut to their column's sane length and entries de-duplicated after cutting (two
 *   topics alike in their first 500 characters made `ON CONFLICT … cannot affect row a second time` and
 *   failed every flush);
 * - at most CAP new entries wait in memory between flushes, and the tables are pruned of rows unseen for
 *   KEEP_S and cut to CAP rows (the most recently seen kept), every PRUNE_EVERY_S or sooner when as many
 *   rows as the cap were written since the last prune.
 * An unclaimed device's last import counter is kept too: its owner proves possession with the total it
 * shows (features/devices/possession.ts, issue 34 item 3).
 */
export const TOPIC_MAX = 500;
export const REASON_MAX = 500;
export const KEEP_S = 7 * 86_400;
export const CAP = 10_000;
export const PRUNE_EVERY_S = 3600;

export interface RejectRecord {
  kind: string;
  deviceId: string;
  topic: string;
  count: number;
  reason: string;
  at: number;
}

export interface UnclaimedRecord {
  kind: string;
  deviceId: string;
  first: number;
  last: number;
  count: number;
  /** Its last cumulative import counter (whole mWh) and when it came, or null while none came. */
  counter: { mwh: number; at: number } | null;
}

const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('');

export class DeviceRecords {
  #rejects = new Map<string, RejectRecord>();
  #unclaimed = new Map<string, UnclaimedRecord>();
  #prunedAt = Number.NEGATIVE_INFINITY;
  #sincePrune = 0;

  constructor(readonly cap = CAP) {}

  /** A refused message (reason already storable); false when its id could never be a device's (not kept). */
  reject(kind: string, deviceId: string, topic: string, reason: string, now: number): boolean {
    if (deviceIdProblem(deviceId) !== null) return false;
    const shortTopic = cut(topic, TOPIC_MAX);
    const k = `${kind}\u0000${deviceId}\u0000${shortTopic}`;
    const r = this.#rejects.get(k);
    if (r !== undefined) {
      r.count++;
      r.reason = cut(reason, REASON_MAX);
      r.at = now;
    } else if (this.#rejects.size < this.cap)
      this.#rejects.set(k, {
        kind,
        deviceId,
        topic: shortTopic,
        count: 1,
        reason: cut(reason, REASON_MAX),
        at: now,
      });
    return true;
  }

  /**
   * A message of a device nobody registered, with the import counter it carried (whole mWh) if any; false
   * when its id could never be registered (not kept).
   */
  unclaimed(kind: string, deviceId: string, now: number, counterMwh?: number): boolean {
    if (deviceIdProblem(deviceId) !== null) return false;
    const k = `${kind}\u0000${deviceId}`;
    const counter = counterMwh === undefined ? null : { mwh: counterMwh, at: now };
    const u = this.#unclaimed.get(k);
    if (u !== undefined) {
      u.last = now;
      u.count++;
      if (counter !== null) u.counter = counter;
    } else if (this.#unclaimed.size < this.cap)
      this.#unclaimed.set(k, { kind, deviceId, first: now, last: now, count: 1, counter });
    return true;
  }

  /** Everything kept since the last take (the flush takes it synchronously with the readings). */
  take(): { rejects: RejectRecord[]; unclaimed: UnclaimedRecord[] } {
    const taken = { rejects: [...this.#rejects.values()], unclaimed: [...this.#unclaimed.values()] };
    this.#rejects.clear();
    this.#unclaimed.clear();
    return taken;
  }

  async store(
    db: Queryable,
    taken: { rejects: RejectRecord[]; unclaimed: UnclaimedRecord[] },
    now: number,
  ): Promise<void> {
    if (taken.rejects.length > 0) await storeRejects(db, taken.rejects);
    if (taken.unclaimed.length > 0) await storeUnclaimed(db, taken.unclaimed);
    this.#sincePrune += taken.rejects.length + taken.unclaimed.length;
    if (now - this.#prunedAt < PRUNE_EVERY_S && this.#sincePrune < this.cap) return;
    this.#prunedAt = now;
    this.#sincePrune = 0;
    await prune(db, now, this.cap);
  }
}

async function storeRejects(db: Queryable, rows: readonly RejectRecord[]): Promise<void> {
  await db.query(
    `insert into device_rejects (kind, device_id, topic, count, last_reason, last_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::bigint[])
     on conflict (kind, device_id, topic) do update
       set count = device_rejects.count + excluded.count, last_reason = excluded.last_reason,
           last_at = excluded.last_at`,
    [
      rows.map((r) => r.kind),
      rows.map((r) => r.deviceId),
      rows.map((r) => r.topic),
      rows.map((r) => r.count),
      rows.map((r) => r.reason),
      rows.map((r) => r.at),
    ],
  );
}

async function storeUnclaimed(db: Queryable, rows: readonly UnclaimedRecord[]): Promise<void> {
  await db.query(
    `insert into unclaimed_devices (kind, device_id, first_seen, last_seen, messages, counter_mwh, counter_at)
     select * from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::int[], $6::bigint[],
                          $7::bigint[])
     on conflict (kind, device_id) do update
       set last_seen = excluded.last_seen, messages = unclaimed_devices.messages + excluded.messages,
           counter_mwh = coalesce(excluded.counter_mwh, unclaimed_devices.counter_mwh),
           counter_at = coalesce(excluded.counter_at, unclaimed_devices.counter_at)`,
    [
      rows.map((r) => r.kind),
      rows.map((r) => r.deviceId),
      rows.map((r) => r.first),
      rows.map((r) => r.last),
      rows.map((r) => r.count),
      rows.map((r) => r.counter?.mwh ?? null),
      rows.map((r) => r.counter?.at ?? null),
    ],
  );
}

/** Rows unseen for KEEP_S go, then all but the `cap` most recently seen of each table. */
async function prune(db: Queryable, now: number, cap: number): Promise<void> {
  await db.query('delete from unclaimed_devices where last_seen < $1', [now - KEEP_S]);
  await db.query('delete from device_rejects where last_at < $1', [now - KEEP_S]);
  await db.query(
    `delete from unclaimed_devices u
      using (select kind, device_id from unclaimed_devices
              order by last_seen desc, kind, device_id offset $1) old
      where u.kind = old.kind and u.device_id = old.device_id`,
    [cap],
  );
  await db.query(
    `delete from device_rejects r
      using (select kind, device_id, topic from device_rejects
              order by last_at desc, kind, device_id, topic offset $1) old
      where r.kind = old.kind and r.device_id = old.device_id and r.topic = old.topic`,
    [cap],
  );
}
