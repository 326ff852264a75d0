import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app';
import type { Clock } from '../../src/clock';
import { type Config, loadConfig } from '../../src/config';
import type { Db } from '../../src/db/types';
import { PasswordHasher } from '../../src/features/accounts/password';
import { createAccount, createHouse, linkDependant } from '../../src/features/accounts/users';
import { setDisabled } from '../../src/features/accounts/repository';

// Building the app for a test: a fake clock, captured log lines, a low PBKDF2 cost (the real cost has
// its own test), and helpers to create people and log in.

export const TEST_ITERATIONS = 1000;
export const TEST_PASSWORD = 'Test-Pass1!';

export class FakeClock implements Clock {
  constructor(private ms = Date.UTC(2026, 0, 15, 9, 0, 0)) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: FakeClock;
  config: Config;
  logs: string[];
  hasher: PasswordHasher;
}

export interface TestAppOptions extends Partial<Omit<AppDeps, 'db' | 'config' | 'clock' | 'logStream'>> {
  env?: Record<string, string>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PASSWORD_ITERATIONS: String(TEST_ITERATIONS),
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent/homeview-web-dist',
    // No test reaches a real supplier: a suite that connects one points these at its stand-in.
    OCTOPUS_API_URL: 'http://127.0.0.1:1',
    GLOWMARKT_API_URL: 'http://127.0.0.1:1',
    CARBON_INTENSITY_URL: 'http://127.0.0.1:1',
    // A share group of this process's own: two test processes subscribing the same device on the one
    // broker would otherwise split its messages between them.
    MQTT_SHARE_GROUP: `test${process.pid}`,
    ...env,
  });
}

export async function makeTestApp(db: Db, options: TestAppOptions = {}): Promise<TestApp> {
  const { env, ...deps } = options;
  const config = testConfig(env);
  const clock = new FakeClock();
  const logs: string[] = [];
  const app = await buildApp({
    // Generous address limit: suites log in many times from 127.0.0.1; the throttle suite sets its own.
    throttleLimits: {
      accountFailures: 100,
      accountWindowMs: 3_600_000,
      addressFailures: 10_000,
      addressWindowMs: 60_000,
    },
    ...deps,
    config,
    db,
    clock,
    logStream: { write: (line) => void logs.push(line) },
  });
  await app.ready();
  return { app, clock, config, logs, hasher: new PasswordHasher(config.passwordIterations) };
}

// ---- people

export interface Person {
  id: number;
  username: string;
  password: string;
}

export async function makeUser(
  db: Db,
  username: string,
  options: { house?: string | null; demo?: boolean; disabled?: boolean; setupDone?: boolean } = {},
): Promise<Person> {
  const hasher = new PasswordHasher(TEST_ITERATIONS);
  const id = await createAccount(db, hasher, {
    username,
    email: `${username}@example.com`,
    password: TEST_PASSWORD,
    setupDone: options.setupDone ?? true,
  });
  if (options.house !== null) {
    await createHouse(db, {
      ownerUserId: id,
      name: options.house ?? `${username}'s home`,
      timeZone: 'Europe/London',
      demo: options.demo ?? false,
    });
  }
  if (options.disabled) await setDisabled(db, id, true);
  return { id, username, password: TEST_PASSWORD };
}

export const link = (db: Db, carer: Person, dependant: Person) =>
  linkDependant(db, carer.id, dependant.id, new Date());

// ---- sessions over inject()

export interface Session {
  cookie: string;
  csrf: string;
  /** Headers for a request in this session: the cookie, and the CSRF token for writes. */
  headers(write?: boolean): Record<string, string>;
}

export function sessionCookie(res: LightMyRequestResponse, name = 'sessionid'): string | undefined {
  const cookie = res.cookies.find((c) => c.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

export function loginRequest(
  app: FastifyInstance,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v3/accounts/login/',
    headers,
    payload: { username, password },
  });
}

export async function login(
  app: FastifyInstance,
  person: Pick<Person, 'username' | 'password'>,
): Promise<Session> {
  const res = await loginRequest(app, person.username, person.password);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookie(res)!;
  const csrf = (res.json() as { csrftoken: string }).csrftoken;
  return {
    cookie,
    csrf,
    headers: (write = false): Record<string, string> =>
      write ? { cookie, 'x-csrftoken': csrf } : { cookie },
  };
}
