import { pbkdf2, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { type HashJob, HashPool } from './hash-pool';

// Django-compatible PBKDF2-HMAC-SHA256: `pbkdf2_sha256$<iterations>$<salt>$<base64 of 32 bytes>`.
// node:crypto's async pbkdf2 runs on the libuv pool, so a 600,000-iteration hash (~0.3 s here) never
// blocks the event loop; every derivation queues in a HashPool (trusted work first, see hash-pool.ts).
// Passwords are NFKC-normalised first, so "é" typed either way is one password.

const pbkdf2Async = promisify(pbkdf2);
const ALGORITHM = 'pbkdf2_sha256';
const KEY_BYTES = 32;
const SALT_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SALT_LENGTH = 22; // 22 × log2(62) ≈ 131 bits, Django's default salt

export interface ParsedHash {
  iterations: number;
  salt: string;
  hash: Buffer;
}

export interface Verification {
  valid: boolean;
  /** The stored hash uses fewer iterations than configured: store a fresh hash now that we know the password. */
  outdated: boolean;
}

export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

function randomSalt(): string {
  let salt = '';
  for (let i = 0; i < SALT_LENGTH; i++) salt += SALT_ALPHABET[randomInt(SALT_ALPHABET.length)];
  return salt;
}

async function derive(password: string, salt: string, iterations: number): Promise<Buffer> {
  return pbkdf2Async(normalisePassword(password), salt, iterations, KEY_BYTES, 'sha256');
}

export function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== ALGORITHM) return null;
  const [, iter, salt, encoded] = parts as [string, string, string, string];
  if (!/^[1-9]\d{0,8}$/.test(iter) || salt.length === 0) return null;
  const hash = Buffer.from(encoded, 'base64');
  if (hash.length !== KEY_BYTES) return null;
  return { iterations: Number(iter), salt, hash };
}

/** A stored value that never verifies (Django's "unusable password"), e.g. for an account nobody logs into. */
export function unusablePassword(): string {
  return `!${randomBytes(30).toString('base64url')}`;
}

/** New hashes are made only for a password already accepted (account creation, change, reset link). */
const TRUSTED: HashJob = { trusted: true, key: '' };

export class PasswordHasher {
  #dummy: Promise<ParsedHash> | undefined;

  constructor(
    readonly iterations: number,
    readonly pool = new HashPool(),
  ) {}

  async hash(password: string, iterations = this.iterations): Promise<string> {
    const salt = randomSalt();
    const key = await this.pool.run(TRUSTED, () => derive(password, salt, iterations));
    return `${ALGORITHM}$${iterations}$${salt}$${key.toString('base64')}`;
  }

  /**
   * Checks `password` against `stored`. With no usable stored hash (unknown user, unusable password) it
   * still derives a key against a dummy hash of the configured cost, so the answer takes the same time.
   * `job` places the derivation in the pool's queue (an untrusted one by default).
   */
  async verify(
    password: string,
    stored: string | null,
    job: HashJob = { trusted: false, key: '' },
  ): Promise<Verification> {
    const parsed = stored === null ? null : parseHash(stored);
    const target = parsed ?? (await this.#dummyHash());
    const key = await this.pool.run(job, () => derive(password, target.salt, target.iterations));
    const valid = parsed !== null && timingSafeEqual(key, target.hash);
    return { valid, outdated: valid && target.iterations < this.iterations };
  }

  #dummyHash(): Promise<ParsedHash> {
    this.#dummy ??= this.hash(randomBytes(16).toString('hex')).then((h) => parseHash(h)!);
    return this.#dummy;
  }

  /** Computes the dummy hash ahead of the first unknown-user login, so that one is not slower either. */
  async warmUp(): Promise<void> {
    await this.#dummyHash();
  }
}
