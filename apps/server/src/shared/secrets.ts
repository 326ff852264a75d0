import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';

// Secrets at rest (issue 35: supplier API keys and passwords): sealed with AES-256-GCM under a key that
// is never in the database it protects. The key is SECRETS_KEY; on the embedded database (PGlite, one
// machine) a key generated once into DATA_DIR/secrets.key (mode 0600) when it is unset; on PostgreSQL
// without SECRETS_KEY there is no key, and nothing is sealed (the caller says SECRETS_KEY must be set).
// A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url): a fresh 12-byte IV each time, the 16-byte
// tag checked on opening, and `context` (what the secret is for) bound as associated data, so a value
// copied into another row or field does not open there.

export const KEY_FILE = 'secrets.key';
const VERSION = 'v1';

export class SealError extends Error {
  override readonly name = 'SealError';
}

export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext of `sealed`; a SealError when it was altered, sealed under another key or context. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body, extra] = sealed.split('.');
  if (
    version !== VERSION ||
    iv === undefined ||
    tag === undefined ||
    body === undefined ||
    extra !== undefined
  )
    throw new SealError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SealError(
      'the sealed value does not open with this key (altered, or sealed under another key)',
    );
  }
}

const fileKeys = new Map<string, Promise<Buffer>>();

/** The key of the embedded database's data directory, made once (mode 0600) when absent. */
function dataDirKey(dataDir: string): Promise<Buffer> {
  let key = fileKeys.get(dataDir);
  if (key === undefined) {
    key = (async () => {
      const path = join(dataDir, KEY_FILE);
      await mkdir(dataDir, { recursive: true });
      // 'wx': never overwrites a key another process made first (its secrets would no longer open).
      await writeFile(path, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        },
      );
      const bytes = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
      if (bytes.length !== 32) throw new Error(`${path} does not hold a 32-byte key (base64)`);
      return bytes;
    })();
    key.catch(() => fileKeys.delete(dataDir));
    fileKeys.set(dataDir, key);
  }
  return key;
}

/** The key secrets are sealed with, or null on PostgreSQL without SECRETS_KEY. */
export async function secretsKeyOf(
  config: Pick<Config, 'secretsKey' | 'databaseUrl' | 'dataDir'>,
): Promise<Buffer | null> {
  if (config.secretsKey !== null) return config.secretsKey;
  if (config.databaseUrl !== null) return null;
  return dataDirKey(config.dataDir);
}

/** What to tell a person when there is no key (PostgreSQL without SECRETS_KEY). */
export const NO_SECRETS_KEY =
  'Supplier accounts cannot be connected on this server yet: its administrator must set SECRETS_KEY ' +
  '(32 random bytes, e.g. `openssl rand -base64 32`), kept outside the database.';
