import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

// Server-wide MAC keys (password reset links, carer invitations), made once per database and kept there,
// so every server process sharing the database accepts the same links and a restart does not void the
// links already sent.

export async function serverSecret(db: Queryable, name: string): Promise<Buffer> {
  await db.query('insert into server_secrets (name, secret) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ secret: string }>('select secret from server_secrets where name = $1', [
    name,
  ]);
  return Buffer.from(rows[0]!.secret, 'base64url');
}

/** Reads the key once per process; a failed read is retried on the next call. */
export function cachedSecret(db: Queryable, name: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    secret ??= serverSecret(db, name).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}
