import webpush from 'web-push';
import type { Queryable } from '../db/types';
import { seal, unseal } from '../shared/secrets';

// The server's VAPID key pair (RFC 8292), made once per database and kept in server_secrets with the
// other server secrets, the private half sealed (shared/secrets.ts) so a copy of the database alone cannot
// sign pushes. Every server sharing the database signs with the same pair: the browsers subscribed with its
// public half.

const NAME = 'vapid';
const CONTEXT = 'server_secrets:vapid';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

export async function vapidKeys(db: Queryable, key: Buffer): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  const stored = JSON.stringify({ public: made.publicKey, private: seal(key, made.privateKey, CONTEXT) });
  // A second server racing this one keeps the pair stored first.
  await db.query('insert into server_secrets (name, secret) values ($1, $2) on conflict (name) do nothing', [
    NAME,
    stored,
  ]);
  const { rows } = await db.query<{ secret: string }>('select secret from server_secrets where name = $1', [
    NAME,
  ]);
  const pair = JSON.parse(rows[0]!.secret) as { public: string; private: string };
  return { publicKey: pair.public, privateKey: unseal(key, pair.private, CONTEXT) };
}
