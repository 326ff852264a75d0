import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVICE_PARTITIONS_MAX } from './db/lock-keys';

// Every setting the server reads from the environment, in one place. `configTable` is the README's table.

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory (absolute); used when `databaseUrl` is empty. */
  dataDir: string;
  /** A PostgreSQL URL; when set, PGlite is not used. */
  databaseUrl: string | null;
  /** A streaming replica of `databaseUrl` for reads that may lag a few seconds; null: all on the primary. */
  databaseReadUrl: string | null;
  /** The origin browsers use to reach the app, e.g. https://homeview.example; no trailing slash. */
  publicOrigin: string;
  /**
   * False when PUBLIC_ORIGIN was not set: then any loopback origin matching the request's Host
   * (http://localhost:<port>, http://127.0.0.1:<port>) is accepted, so a local run works on any port.
   */
  publicOriginExplicit: boolean;
  /** True when `publicOrigin` is https: cookies get `Secure` and the `__Host-` prefix. */
  secureCookies: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  passwordIterations: number;
  logLevel: LogLevel;
  /** How log lines are written: 'auto' picks pretty on a terminal (main.ts), JSON elsewhere. */
  logFormat: LogFormat;
  webDist: string;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** Create the demo account (published password) on an empty database: embedded default, opt-in on PostgreSQL. */
  demo: boolean;
  /** Simulate the demo homes' readings in the background (history after listen, then every minute). */
  demoLive: boolean;
  /** Days of demo history; null = 13 calendar months. */
  demoHistoryDays: number | null;
  /** Neighbouring homes created with the demo (for rankings). */
  demoNeighbours: number;
  /** smtp:// or smtps:// URL of the mail server; null: mail goes to the outbox table and the console. */
  smtpUrl: string | null;
  /** The From of every email. */
  mailFrom: string;
  /** A Twilio-style SMS endpoint (form post of To, Body); null: texts go to the outbox and the console. */
  smsUrl: string | null;
  /** Bearer token for the SMS endpoint. */
  smsToken: string | null;
  /** The shared secret the SMS provider's inbound webhook presents; null: replies are not taken. */
  smsInboundToken: string | null;
  /** Seconds between InfoCare evaluation runs; 0 turns the engine's timer off. */
  infocareIntervalS: number;
  /** The MQTT broker live devices publish to (src/devices); null: no MQTT. */
  mqttUrl: string | null;
  /** This server's fixed MQTT client id (its persistent session on the broker). */
  mqttClientId: string;
  /** The shared-subscription group the servers of one deployment split the messages in. */
  mqttShareGroup: string;
  /** Device partitions (devices/partitions.ts): each one MQTT session, read by one server at a time. */
  mqttPartitions: number;
  /** A request not received in full (headers and body) within this long gets 408 and its connection closes. */
  requestTimeoutMs: number;
  /** A connection with nothing sent or received for this long is closed (between requests too). */
  idleTimeoutMs: number;
  /**
   * The key sealing supplier credentials at rest (shared/secrets.ts), 32 bytes; null: on PGlite a key is
   * made once in DATA_DIR, on PostgreSQL supplier accounts cannot be connected.
   */
  secretsKey: Buffer | null;
  /** The Octopus Energy REST API's base URL (features/suppliers/octopus.ts): tests point it at a stand-in. */
  octopusApiUrl: string;
  glowmarktApiUrl: string;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type LogFormat = 'auto' | 'json' | 'pretty';
const LOG_FORMATS: readonly LogFormat[] = ['auto', 'json', 'pretty'];

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

function smtpUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL such as smtp://mail.example:587 (got something else)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  return raw;
}

function shareGroup(raw: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw))
    throw new ConfigError(
      'MQTT_SHARE_GROUP must be 1 to 64 letters, digits, - or _ (one level of a topic filter)',
    );
  return raw;
}

function mqttUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('MQTT_URL must be a URL such as mqtt://broker.example:1883 (got something else)');
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol))
    throw new ConfigError(
      `MQTT_URL must start with mqtt://, mqtts://, ws:// or wss:// (got ${url.protocol}//)`,
    );
  return raw;
}

/** SECRETS_KEY: 32 bytes as 64 hex digits or base64 (standard or URL-safe). */
function secretsKey(raw: string | undefined): Buffer | null {
  if (raw === undefined) return null;
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw)
      ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (bytes === null || bytes.length !== 32)
    throw new ConfigError(
      'SECRETS_KEY must be 32 bytes as base64 (e.g. `openssl rand -base64 32`) or 64 hex digits',
    );
  return bytes;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as https://api.example (got something else)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must start with http:// or https:// (got ${url.protocol}//)`);
  return raw.replace(/\/+$/, '');
}

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === '' ? undefined : raw;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function origin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN must be an origin such as http://localhost:8080 (got "${raw}")`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.length > 1 || url.search) {
    throw new ConfigError(`PUBLIC_ORIGIN must be http(s)://host[:port] with no path (got "${raw}")`);
  }
  return url.origin;
}

/** Reads and checks the environment; throws ConfigError with the variable's name on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const explicitOrigin = value(env, 'PUBLIC_ORIGIN');
  const publicOrigin = origin(explicitOrigin ?? `http://localhost:${port === 0 ? 8080 : port}`);
  const logLevel = (value(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = (value(env, 'LOG_FORMAT') ?? 'auto') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat))
    throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}`);
  const trustProxy = value(env, 'TRUST_PROXY') ?? 'false';
  if (trustProxy !== 'true' && trustProxy !== 'false')
    throw new ConfigError('TRUST_PROXY must be true or false');
  const webDist = value(env, 'WEB_DIST') ?? 'apps/web/dist';
  const databaseUrl = value(env, 'DATABASE_URL') ?? null;
  const databaseReadUrl = value(env, 'DATABASE_READ_URL') ?? null;
  if (databaseReadUrl !== null && databaseUrl === null)
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL (the primary it is a replica of)');
  // The demo's password is published: never on a real (PostgreSQL) deployment unless asked for.
  const demo = value(env, 'DEMO') ?? (databaseUrl === null ? 'true' : 'false');
  if (demo !== 'true' && demo !== 'false') throw new ConfigError('DEMO must be true or false');
  const demoLive = value(env, 'DEMO_LIVE') ?? 'true';
  if (demoLive !== 'true' && demoLive !== 'false') throw new ConfigError('DEMO_LIVE must be true or false');
  return {
    port,
    host: value(env, 'HOST') ?? '127.0.0.1',
    dataDir: resolve(cwd, value(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    databaseReadUrl,
    publicOrigin,
    publicOriginExplicit: explicitOrigin !== undefined,
    secureCookies: publicOrigin.startsWith('https:'),
    sessionIdleMs: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60) * 60_000,
    sessionAbsoluteMs: integer(env, 'SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 90) * 3_600_000,
    // Tests lower this for speed; production keeps ≥600,000 (OWASP 2023 for PBKDF2-HMAC-SHA256).
    passwordIterations: integer(env, 'PASSWORD_ITERATIONS', 600_000, 1, 10_000_000),
    logLevel,
    logFormat,
    webDist: isAbsolute(webDist) ? webDist : resolve(repoRoot, webDist),
    trustProxy: trustProxy === 'true',
    bodyLimitBytes: 1024 * 1024,
    demo: demo === 'true',
    demoLive: demoLive === 'true',
    demoHistoryDays:
      value(env, 'DEMO_HISTORY_DAYS') === undefined ? null : integer(env, 'DEMO_HISTORY_DAYS', 0, 1, 1000),
    demoNeighbours: integer(env, 'DEMO_NEIGHBOURS', 200, 0, 2000),
    smtpUrl: smtpUrl(value(env, 'SMTP_URL')),
    mailFrom: value(env, 'MAIL_FROM') ?? 'HomeView & InfoCare <no-reply@localhost>',
    smsUrl: value(env, 'SMS_URL') ?? null,
    smsToken: value(env, 'SMS_TOKEN') ?? null,
    smsInboundToken: value(env, 'SMS_INBOUND_TOKEN') ?? null,
    infocareIntervalS: integer(env, 'INFOCARE_INTERVAL_S', 60, 0, 86_400),
    mqttUrl: mqttUrl(value(env, 'MQTT_URL')),
    mqttClientId: value(env, 'MQTT_CLIENT_ID') ?? 'homeview-ingest',
    mqttShareGroup: shareGroup(value(env, 'MQTT_SHARE_GROUP') ?? 'homeview'),
    mqttPartitions: integer(env, 'MQTT_PARTITIONS', 8, 1, DEVICE_PARTITIONS_MAX),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_S', 30, 1, 3600) * 1000,
    idleTimeoutMs: integer(env, 'IDLE_TIMEOUT_S', 60, 1, 3600) * 1000,
    secretsKey: secretsKey(value(env, 'SECRETS_KEY')),
    octopusApiUrl: httpUrl('OCTOPUS_API_URL', value(env, 'OCTOPUS_API_URL') ?? 'https://api.octopus.energy'),
    glowmarktApiUrl: httpUrl(
      'GLOWMARKT_API_URL',
      value(env, 'GLOWMARKT_API_URL') ?? 'https://api.glowmarkt.com',
    ),
  };
}
