import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { ConnectRefused, connectSupplier } from '../src/features/suppliers/connect';
import { openCredentials, sealCredentials } from '../src/features/suppliers/sources';
import type { Db } from '../src/db/types';
import { KEY_FILE, SealError, seal, secretsKeyOf, unseal } from '../src/shared/secrets';

// Secrets at rest (issue 35): AES-256-GCM with a key that is never in the database it protects.

const KEY = Buffer.alloc(32, 1);
const OTHER = Buffer.alloc(32, 2);
const SECRET = 'sk_live_abcdefghijklmnop';

describe('sealing', () => {
  it('opens what it sealed, and the sealed text does not carry the secret', () => {
    const sealed = seal(KEY, SECRET, 'ctx');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(Buffer.from(SECRET).toString('base64url').slice(0, 12));
    expect(unseal(KEY, sealed, 'ctx')).toBe(SECRET);
    // A fresh IV each time: the same secret never seals the same.
    expect(seal(KEY, SECRET, 'ctx')).not.toBe(sealed);
  });

  it('refuses an altered value, another key and another context', () => {
    const sealed = seal(KEY, SECRET, 'ctx');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    const tampered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => unseal(KEY, tampered, 'ctx')).toThrow(SealError);
    const tag = Buffer.from(parts[2]!, 'base64url');
    tag[5] = (tag[5] as number) ^ 0x80;
    expect(() =>
      unseal(KEY, [parts[0], parts[1], tag.toString('base64url'), parts[3]].join('.'), 'ctx'),
    ).toThrow(SealError);
    expect(() => unseal(OTHER, sealed, 'ctx')).toThrow(SealError);
    expect(() => unseal(KEY, sealed, 'other')).toThrow(SealError);
    expect(() => unseal(KEY, 'v2.a.b.c', 'ctx')).toThrow(SealError);
  });

  it("binds credentials to their home: a row's sealed value copied to another home does not open", () => {
    const credentials = { kind: 'octopus' as const, apiKey: SECRET, accountNumber: 'A-12AB34CD' };
    const sealed = sealCredentials(KEY, 7, credentials);
    expect(openCredentials(KEY, 7, 'octopus', sealed)).toEqual(credentials);
    expect(() => openCredentials(KEY, 8, 'octopus', sealed)).toThrow(SealError);
  });
});

describe('the key', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'homeview-secrets-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads SECRETS_KEY as base64 or hex, and refuses anything else', () => {
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRETS_KEY: b64 }).secretsKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({ SECRETS_KEY: Buffer.alloc(32, 7).toString('hex') }).secretsKey).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(loadConfig({}).secretsKey).toBeNull();
    for (const bad of ['short', Buffer.alloc(16).toString('base64'), 'z'.repeat(64)])
      expect(() => loadConfig({ SECRETS_KEY: bad })).toThrow(ConfigError);
  });

  it('on the embedded database without SECRETS_KEY: made once into the data directory, mode 0600', async () => {
    const config = { secretsKey: null, databaseUrl: null, dataDir: join(dir, 'data') };
    const key = await secretsKeyOf(config);
    expect(key).toHaveLength(32);
    const file = join(dir, 'data', KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toEqual(key);
    expect(await secretsKeyOf(config)).toEqual(key);
    // SECRETS_KEY wins when set.
    expect(await secretsKeyOf({ ...config, secretsKey: OTHER })).toEqual(OTHER);
  });

  it('on PostgreSQL without SECRETS_KEY: no key, and connecting says SECRETS_KEY must be set (503), asking no supplier', async () => {
    const config = {
      secretsKey: null,
      databaseUrl: 'postgres://db.example/homeview',
      dataDir: dir,
      octopusApiUrl: 'http://127.0.0.1:1',
      glowmarktApiUrl: 'http://127.0.0.1:1',
    };
    expect(await secretsKeyOf(config)).toBeNull();
    const error = await connectSupplier(
      { db: null as unknown as Db, config },
      { id: 1, time_zone: 'Europe/London' },
      { kind: 'octopus', apiKey: SECRET, accountNumber: 'A-12AB34CD' },
      0,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectRefused);
    expect((error as ConnectRefused).status).toBe(503);
    expect((error as ConnectRefused).message).toMatch(/SECRETS_KEY/);
  });
});
