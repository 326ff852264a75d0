import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

// House ingest keys: 32 random bytes shown once (base64url, prefixed so a leaked one is recognisable);
// only their SHA-256 is stored. A lookup is by that hash through a unique index: what the database
// compares is the digest of the sent key, so timing reveals nothing about any stored key, and a
// high-entropy key needs no slow hash.

const PREFIX = 'hvk_';

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export async function createApiKey(db: Queryable, houseId: number): Promise<string> {
  const key = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  await db.query('insert into house_api_keys (house_id, key_hash) values ($1, $2)', [houseId, hashKey(key)]);
  return key;
}

/** The house a key belongs to, or null; notes its use (at most once a minute, to spare writes). */
export async function houseOfKey(db: Queryable, key: string): Promise<number | null> {
  if (!key.startsWith(PREFIX) || key.length > 100) return null;
  const { rows } = await db.query<{ house_id: number }>(
    `update house_api_keys set last_used_at = now()
     where key_hash = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')
     returning house_id`,
    [hashKey(key)],
  );
  if (rows[0] !== undefined) return rows[0].house_id;
  const found = await db.query<{ house_id: number }>(
    'select house_id from house_api_keys where key_hash = $1',
    [hashKey(key)],
  );
  return found.rows[0]?.house_id ?? null;
}

export async function houseExists(db: Queryable, houseId: number): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    'select exists (select 1 from houses where id = $1) as found',
    [houseId],
  );
  return rows[0]?.found ?? false;
}
