import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  flag,
  hostPatterns,
  httpBase,
  integer,
  key32,
  oneOf,
  origin,
  topicLevel,
  urlOf,
  vapidSubject,
} from './config-read';
import { DEVICE_PARTITIONS_MAX } from './db/lock-keys';

// Every environment variable the server reads, declared once: its name, its default and meaning as the
// README's table shows them (a test holds the README equal to `configTable`), and how its text is read
// (config-read.ts). The Config type is what these readers return (config.ts).

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** 'auto' picks pretty lines on a terminal (main.ts), JSON lines elsewhere. */
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What a reader may look at besides its own variable. */
export interface ReadContext {
  /** Another variable's trimmed text; undefined when unset or empty. */
  env: (name: string) => string | undefined;
  cwd: string;
}

export interface Setting<T> {
  name: string;
  /** The default as the README shows it. */
  default: string;
  meaning: string;
  /** The value from the variable's trimmed text (undefined when unset or empty). */
  read: (raw: string | undefined, context: ReadContext) => T;
}

function setting<T>(name: string, fallback: string, meaning: string, read: Setting<T>['read']): Setting<T> {
  return { name, default: fallback, meaning, read };
}

export const SETTINGS = {
  port: setting('PORT', '8080', 'TCP port the server listens on (0 = any free port).', (raw) =>
    integer('PORT', raw, 8080, 0, 65535),
  ),
  host: setting(
    'HOST',
    '127.0.0.1',
    'Address to listen on. Loopback by default; set 0.0.0.0 in a container or behind a proxy.',
    (raw) => raw ?? '127.0.0.1',
  ),
  dataDir: setting(
    'DATA_DIR',
    './data',
    'Embedded PGlite data directory (relative to the working directory). Unused with DATABASE_URL.',
    (raw, { cwd }) => resolve(cwd, raw ?? './data'),
  ),
  databaseUrl: setting(
    'DATABASE_URL',
    '(empty)',
    'PostgreSQL URL, e.g. postgres://user@host:5432/homeview. When set, PostgreSQL replaces PGlite.',
    (raw) => raw ?? null,
  ),
  databaseReadUrl: setting(
    'DATABASE_READ_URL',
    '(empty)',
    "A streaming replica of DATABASE_URL. Reads that may lag a few seconds (rankings, comparisons, history screens) go there once it has replayed the asker's own last write; all else stays on DATABASE_URL. Unset: everything on DATABASE_URL.",
    (raw, { env }) => {
      if (raw !== undefined && env('DATABASE_URL') === undefined)
        throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL (the primary it is a replica of)');
      return raw ?? null;
    },
  ),
  publicOrigin: setting(
    'PUBLIC_ORIGIN',
    'http://localhost:$PORT',
    'Origin users reach the app at; writes sent from any other Origin get 403, https turns on Secure __Host- cookies. Unset: loopback origins on any port are accepted (local use).',
    (raw, { env }) => {
      const port = integer('PORT', env('PORT'), 8080, 0, 65535);
      return origin(raw ?? `http://localhost:${port === 0 ? 8080 : port}`);
    },
  ),
  sessionIdleMs: setting(
    'SESSION_IDLE_MINUTES',
    '30',
    'A session ends after this long without a request.',
    (raw) => integer('SESSION_IDLE_MINUTES', raw, 30, 1, 7 * 24 * 60) * 60_000,
  ),
  sessionAbsoluteMs: setting(
    'SESSION_ABSOLUTE_HOURS',
    '12',
    'A session ends this long after login, whatever.',
    (raw) => integer('SESSION_ABSOLUTE_HOURS', raw, 12, 1, 24 * 90) * 3_600_000,
  ),
  // Tests lower this for speed; production keeps ≥600,000 (OWASP 2023 for PBKDF2-HMAC-SHA256).
  passwordIterations: setting(
    'PASSWORD_ITERATIONS',
    '600000',
    'PBKDF2-SHA256 iterations for new hashes; older hashes are upgraded at the next login.',
    (raw) => integer('PASSWORD_ITERATIONS', raw, 600_000, 1, 10_000_000),
  ),
  logLevel: setting(
    'LOG_LEVEL',
    'info',
    'fatal, error, warn, info, debug, trace or silent. Each request is a debug line (a 5xx a warning).',
    (raw) => oneOf('LOG_LEVEL', raw, LOG_LEVELS, 'info'),
  ),
  logFormat: setting(
    'LOG_FORMAT',
    'auto',
    'auto: short readable lines on a terminal, JSON lines otherwise; json or pretty: always that.',
    (raw) => oneOf('LOG_FORMAT', raw, LOG_FORMATS, 'auto'),
  ),
  webDist: setting(
    'WEB_DIST',
    'apps/web/dist',
    'Built web app to serve (relative to the repository).',
    (raw = 'apps/web/dist') => (isAbsolute(raw) ? raw : resolve(REPO_ROOT, raw)),
  ),
  trustProxy: setting(
    'TRUST_PROXY',
    'false',
    'true only behind a reverse proxy you control: client addresses are then read from X-Forwarded-For.',
    (raw) => flag('TRUST_PROXY', raw, false),
  ),
  // The demo's password is published: never on a real (PostgreSQL) deployment unless asked for.
  demo: setting(
    'DEMO',
    'true (PGlite), false (DATABASE_URL)',
    "Create the demo account (username demo, a published password) and its sample homes on an empty database. On by default only for the embedded database; with DATABASE_URL set DEMO=true to get it. The demo homes' Compare tariffs then price published rates from a stand-in of the Octopus products API the server starts on a loopback port (made-up prices, named so and kept apart from Octopus's), never from OCTOPUS_API_URL.",
    (raw, { env }) => flag('DEMO', raw, env('DATABASE_URL') === undefined),
  ),
  demoLive: setting(
    'DEMO_LIVE',
    'true',
    "Simulate the demo homes' readings: their history in the background after start, then new readings every minute. false: demo accounts only, no readings.",
    (raw) => flag('DEMO_LIVE', raw, true),
  ),
  demoSupplier: setting(
    'DEMO_SUPPLIER',
    'false',
    'With DEMO on: a second demo login, demo-octopus (password Demo-Octopus1), whose home is connected to Octopus Energy through a stand-in the server starts on a loopback port, serving real half-hours (electricity and gas). carer4 (password Demo-Carer4) is its carer: InfoCare as for a home known only from its supplier’s half-hours, a day late. Every Octopus connection on this server then talks to that stand-in (OCTOPUS_API_URL is replaced), and the carbon intensity forecast and recorded figures come from a stand-in too (CARBON_INTENSITY_URL is replaced): for demos only.',
    (raw) => flag('DEMO_SUPPLIER', raw, false),
  ),
  demoHistoryDays: setting(
    'DEMO_HISTORY_DAYS',
    '(13 months)',
    'Days of history the demo homes are given (1 to 1000) on their first start.',
    (raw) => (raw === undefined ? null : integer('DEMO_HISTORY_DAYS', raw, 0, 1, 1000)),
  ),
  demoNeighbours: setting(
    'DEMO_NEIGHBOURS',
    '200',
    'Neighbouring homes (for rankings) created with the demo on an empty database (0 to 2000).',
    (raw) => integer('DEMO_NEIGHBOURS', raw, 200, 0, 2000),
  ),
  smtpUrl: setting(
    'SMTP_URL',
    '(empty)',
    'Mail server for password resets, alerts and reports, e.g. smtps://user:pass@mail.example:465. Unset: each email is stored in the outbox table and printed on the console instead (local use).',
    (raw) => urlOf('SMTP_URL', raw, ['smtp', 'smtps'], 'smtp://mail.example:587'),
  ),
  mailFrom: setting(
    'MAIL_FROM',
    'HomeView & InfoCare <no-reply@localhost>',
    'The From address of every email.',
    (raw) => raw ?? 'HomeView & InfoCare <no-reply@localhost>',
  ),
  smsUrl: setting(
    'SMS_URL',
    '(empty)',
    'SMS provider endpoint for InfoCare alerts (a Twilio-style form post of To and Body). Unset: each text is stored in the outbox table and printed on the console.',
    (raw) => raw ?? null,
  ),
  smsToken: setting('SMS_TOKEN', '(empty)', 'Bearer token sent to SMS_URL.', (raw) => raw ?? null),
  smsInboundToken: setting(
    'SMS_INBOUND_TOKEN',
    '(empty)',
    "Shared secret of the SMS provider's inbound webhook POST /api/sms/v1/inbound (form fields From and Body: the dependant's reply to an InfoCare check-in text), presented as Authorization: Bearer <token> or in the webhook URL's ?token= (masked in logs). Unset: the webhook answers 404 and replies are not taken.",
    (raw) => raw ?? null,
  ),
  infocareIntervalS: setting(
    'INFOCARE_INTERVAL_S',
    '60',
    'Seconds between InfoCare alert evaluations (0: off).',
    (raw) => integer('INFOCARE_INTERVAL_S', raw, 60, 0, 86_400),
  ),
  mqttUrl: setting(
    'MQTT_URL',
    '(empty)',
    "MQTT broker the homes' devices publish to (Glow, Shelly, Tasmota, Zigbee2MQTT, emon), e.g. mqtt://user:pass@broker:1883; register devices with `npm run admin -- add-device`. Unset: no MQTT.",
    (raw) => urlOf('MQTT_URL', raw, ['mqtt', 'mqtts', 'ws', 'wss'], 'mqtt://broker.example:1883'),
  ),
  mqttClientId: setting(
    'MQTT_CLIENT_ID',
    'homeview-ingest',
    'Fixed MQTT client id, the same on every server of a deployment: device partition p is the persistent session `<MQTT_CLIENT_ID>-p<p>` (the broker queues its messages while no server holds it; the next holder resumes it), and the server recording unclaimed devices connects as `<MQTT_CLIENT_ID>` itself, without a session.',
    (raw) => raw ?? 'homeview-ingest',
  ),
  mqttPartitions: setting(
    'MQTT_PARTITIONS',
    '8',
    'Device partitions (1 to 256), the same on every server: a device belongs to partition hash(kind, id) mod this, and each partition is read by one server at a time, the partitions spread evenly over the live servers. Changing it moves devices between partitions: stop every server first.',
    (raw) => integer('MQTT_PARTITIONS', raw, 8, 1, DEVICE_PARTITIONS_MAX),
  ),
  mqttShareGroup: setting(
    'MQTT_SHARE_GROUP',
    'homeview',
    "The shared-subscription group of this deployment's device session. Give another deployment on the same broker (staging, a test run) a group of its own, or it takes some of the messages.",
    (raw) => topicLevel('MQTT_SHARE_GROUP', raw ?? 'homeview'),
  ),
  requestTimeoutMs: setting(
    'REQUEST_TIMEOUT_S',
    '30',
    'A request whose headers and body have not all arrived within this many seconds gets 408 and its connection is closed (slow senders).',
    (raw) => integer('REQUEST_TIMEOUT_S', raw, 30, 1, 3600) * 1000,
  ),
  idleTimeoutMs: setting(
    'IDLE_TIMEOUT_S',
    '60',
    'A connection that sends and receives nothing for this many seconds is closed.',
    (raw) => integer('IDLE_TIMEOUT_S', raw, 60, 1, 3600) * 1000,
  ),
  secretsKey: setting(
    'SECRETS_KEY',
    '(empty)',
    'The key that encrypts supplier credentials (API keys, passwords) at rest with AES-256-GCM: 32 random bytes as base64 or 64 hex digits, e.g. `openssl rand -base64 32`. Keep it out of the database and its backups. Unset: on the embedded database a key is generated once into DATA_DIR/secrets.key (mode 0600); on PostgreSQL supplier accounts cannot be connected until it is set.',
    (raw) => key32('SECRETS_KEY', raw),
  ),
  vapidSubject: setting(
    'VAPID_SUBJECT',
    '(empty)',
    "Turns on Web Push notifications for carers: the contact push services may reach the operator at, a mailto: address or an https: URL of the site (not localhost: Apple's push service refuses it). The VAPID keys are made once and kept with the server's secrets, sealed with SECRETS_KEY (so on PostgreSQL SECRETS_KEY must be set too). Unset: no push; email and SMS as chosen.",
    (raw, { env }) =>
      vapidSubject(raw, env('DATABASE_URL') !== undefined && env('SECRETS_KEY') === undefined),
  ),
  pushServiceHosts: setting(
    'PUSH_SERVICE_HOSTS',
    'fcm.googleapis.com, *.push.services.mozilla.com, *.push.apple.com, *.notify.windows.com',
    "The push services browsers' subscriptions may name (host names, `*.` for any subdomain), comma-separated: the server posts to a subscription's endpoint, so one naming any other host (an internal address) is refused. The default covers Chrome, Edge, Firefox, Safari and Samsung Internet.",
    (raw) =>
      hostPatterns(
        'PUSH_SERVICE_HOSTS',
        raw ?? 'fcm.googleapis.com, *.push.services.mozilla.com, *.push.apple.com, *.notify.windows.com',
      ),
  ),
  octopusApiUrl: setting(
    'OCTOPUS_API_URL',
    'https://api.octopus.energy',
    "Base URL of the Octopus Energy REST API (the documented /v1/... paths are under it), for supplier accounts' half-hours and for the published prices of a home's region that Compare tariffs fetches (Agile, Tracker, Go, Intelligent Go, Cosy, Flux, Economy 7; no key); tests and the demo point it at a local stand-in, spawned test servers at nowhere.",
    (raw) => httpBase('OCTOPUS_API_URL', raw ?? 'https://api.octopus.energy'),
  ),
  carbonIntensityUrl: setting(
    'CARBON_INTENSITY_URL',
    'https://api.carbonintensity.org.uk',
    "Base URL of the GB Carbon Intensity API (no key; its documented /regional/intensity/... and /intensity/... paths are under it), for My Home's greenest times: the half-hourly forecast of the home's region, from its postcode's outward code (Great Britain's without one). Unreachable: My Home says there is no forecast now. Also the usage screens' gCO₂: Great Britain's recorded half-hourly intensity (/intensity/{from}/{to}), fetched by one server for the dates homes have electricity in and stored; unreachable, those dates show no carbon figures until it answers. Tests and the demo (DEMO_SUPPLIER) point it at a local stand-in.",
    (raw) => httpBase('CARBON_INTENSITY_URL', raw ?? 'https://api.carbonintensity.org.uk'),
  ),
  glowmarktApiUrl: setting(
    'GLOWMARKT_API_URL',
    'https://api.glowmarkt.com',
    "Base URL of the Bright / Glowmarkt API (the documented /api/v0-1/... paths are under it), for supplier accounts' half-hours; tests and the demo point it at a local stand-in.",
    (raw) => httpBase('GLOWMARKT_API_URL', raw ?? 'https://api.glowmarkt.com'),
  ),
};

export interface ConfigEntry {
  name: string;
  default: string;
  meaning: string;
}

/** The README's table of variables, in declaration order. */
export const configTable: readonly ConfigEntry[] = Object.values(SETTINGS).map((s) => ({
  name: s.name,
  default: s.default,
  meaning: s.meaning,
}));

/** The table as Markdown, for the README. */
export function configTableMarkdown(): string {
  const rows = configTable.map((e) => `| \`${e.name}\` | \`${e.default}\` | ${e.meaning} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
