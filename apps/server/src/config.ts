import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
}

export interface ConfigEntry {
  name: string;
  default: string;
  meaning: string;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const configTable: readonly ConfigEntry[] = [
  { name: 'PORT', default: '8080', meaning: 'TCP port the server listens on (0 = any free port).' },
  {
    name: 'HOST',
    default: '127.0.0.1',
    meaning: 'Address to listen on. Loopback by default; set 0.0.0.0 in a container or behind a proxy.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'Embedded PGlite data directory (relative to the working directory). Unused with DATABASE_URL.',
  },
  {
    name: 'DATABASE_URL',
    default: '(empty)',
    meaning: 'PostgreSQL URL, e.g. postgres://user@host:5432/homeview. When set, PostgreSQL replaces PGlite.',
  },
  {
    name: 'DATABASE_READ_URL',
    default: '(empty)',
    meaning:
      "A streaming replica of DATABASE_URL. Reads that may lag a few seconds (rankings, comparisons, history screens) go there once it has replayed the asker's own last write; all else stays on DATABASE_URL. Unset: everything on DATABASE_URL.",
  },
  {
    name: 'PUBLIC_ORIGIN',
    default: 'http://localhost:$PORT',
    meaning:
      'Origin users reach the app at; writes sent from any other Origin get 403, https turns on Secure __Host- cookies. Unset: loopback origins on any port are accepted (local use).',
  },
  {
    name: 'SESSION_IDLE_MINUTES',
    default: '30',
    meaning: 'A session ends after this long without a request.',
  },
  {
    name: 'SESSION_ABSOLUTE_HOURS',
    default: '12',
    meaning: 'A session ends this long after login, whatever.',
  },
  {
    name: 'PASSWORD_ITERATIONS',
    default: '600000',
    meaning: 'PBKDF2-SHA256 iterations for new hashes; older hashes are upgraded at the next login.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    meaning:
      'fatal, error, warn, info, debug, trace or silent. Each request is a debug line (a 5xx a warning).',
  },
  {
    name: 'LOG_FORMAT',
    default: 'auto',
    meaning: 'auto: short readable lines on a terminal, JSON lines otherwise; json or pretty: always that.',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    meaning: 'Built web app to serve (relative to the repository).',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      'true only behind a reverse proxy you control: client addresses are then read from X-Forwarded-For.',
  },
  {
    name: 'DEMO',
    default: 'true (PGlite), false (DATABASE_URL)',
    meaning:
      'Create the demo account (username demo, a published password) and its sample homes on an empty database. On by default only for the embedded database; with DATABASE_URL set DEMO=true to get it.',
  },
  {
    name: 'DEMO_LIVE',
    default: 'true',
    meaning:
      "Simulate the demo homes' readings: their history in the background after start, then new readings every minute. false: demo accounts only, no readings.",
  },
  {
    name: 'DEMO_HISTORY_DAYS',
    default: '(13 months)',
    meaning: 'Days of history the demo homes are given (1 to 1000) on their first start.',
  },
  {
    name: 'DEMO_NEIGHBOURS',
    default: '200',
    meaning: 'Neighbouring homes (for rankings) created with the demo on an empty database (0 to 2000).',
  },
  {
    name: 'SMTP_URL',
    default: '(empty)',
    meaning:
      'Mail server for password resets, alerts and reports, e.g. smtps://user:pass@mail.example:465. Unset: each email is stored in the outbox table and printed on the console instead (local use).',
  },
  {
    name: 'MAIL_FROM',
    default: 'HomeView & InfoCare <no-reply@localhost>',
    meaning: 'The From address of every email.',
  },
  {
    name: 'SMS_URL',
    default: '(empty)',
    meaning:
      'SMS provider endpoint for InfoCare alerts (a Twilio-style form post of To and Body). Unset: each text is stored in the outbox table and printed on the console.',
  },
  { name: 'SMS_TOKEN', default: '(empty)', meaning: 'Bearer token sent to SMS_URL.' },
  {
    name: 'SMS_INBOUND_TOKEN',
    default: '(empty)',
    meaning:
      "Shared secret of the SMS provider's inbound webhook POST /api/sms/v1/inbound (form fields From and Body: the dependant's reply to an InfoCare check-in text), presented as Authorization: Bearer <token> or in the webhook URL's ?token= (masked in logs). Unset: the webhook answers 404 and replies are not taken.",
  },
  {
    name: 'INFOCARE_INTERVAL_S',
    default: '60',
    meaning: 'Seconds between InfoCare alert evaluations (0: off).',
  },
  {
    name: 'MQTT_URL',
    default: '(empty)',
    meaning:
      "MQTT broker the homes' devices publish to (Glow, Shelly, Tasmota, Zigbee2MQTT, emon), e.g. mqtt://user:pass@broker:1883; register devices with `npm run admin -- add-device`. Unset: no MQTT.",
  },
  {
    name: 'MQTT_CLIENT_ID',
    default: 'homeview-ingest',
    meaning:
      'Fixed MQTT client id, the same on every server of a deployment: device partition p is the persistent session `<MQTT_CLIENT_ID>-p<p>` (the broker queues its messages while no server holds it; the next holder resumes it), and the server recording unclaimed devices connects as `<MQTT_CLIENT_ID>` itself, without a session.',
  },
  {
    name: 'MQTT_PARTITIONS',
    default: '8',
    meaning:
      'Device partitions (1 to 256), the same on every server: a device belongs to partition hash(kind, id) mod this, and each partition is read by one server at a time, the partitions spread evenly over the live servers. Changing it moves devices between partitions: stop every server first.',
  },
  {
    name: 'MQTT_SHARE_GROUP',
    default: 'homeview',
    meaning:
      "The shared-subscription group of this deployment's device session. Give another deployment on the same broker (staging, a test run) a group of its own, or it takes some of the messages.",
  },
  {
    name: 'REQUEST_TIMEOUT_S',
    default: '30',
    meaning:
      'A request whose headers and body have not all arrived within this many seconds gets 408 and its connection is closed (slow senders).',
  },
  {
    name: 'IDLE_TIMEOUT_S',
    default: '60',
    meaning: 'A connection that sends and receives nothing for this many seconds is closed.',
  },
];

/** The table as Markdown, for the README. */
export function configTableMarkdown(): string {
  const rows = configTable.map((e) => `| \`${e.name}\` | \`${e.default}\` | ${e.meaning} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

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
    mqttPartitions: integer(env, 'MQTT_PARTITIONS', 8, 1, 256),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_S', 30, 1, 3600) * 1000,
    idleTimeoutMs: integer(env, 'IDLE_TIMEOUT_S', 60, 1, 3600) * 1000,
  };
}
