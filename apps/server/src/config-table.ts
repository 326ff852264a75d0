// Every environment variable the server reads, with its default and meaning: the README's table is
// written from this list (a test holds them equal), and a test holds it equal to what loadConfig reads.

export interface ConfigEntry {
  name: string;
  default: string;
  meaning: string;
}

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
  {
    name: 'SECRETS_KEY',
    default: '(empty)',
    meaning:
      'The key that encrypts supplier credentials (API keys, passwords) at rest with AES-256-GCM: 32 random bytes as base64 or 64 hex digits, e.g. `openssl rand -base64 32`. Keep it out of the database and its backups. Unset: on the embedded database a key is generated once into DATA_DIR/secrets.key (mode 0600); on PostgreSQL supplier accounts cannot be connected until it is set.',
  },
  {
    name: 'OCTOPUS_API_URL',
    default: 'https://api.octopus.energy',
    meaning:
      "Base URL of the Octopus Energy REST API (the documented /v1/... paths are under it), for supplier accounts' half-hours; tests and the demo point it at a local stand-in.",
  },
  {
    name: 'GLOWMARKT_API_URL',
    default: 'https://api.glowmarkt.com',
    meaning:
      "Base URL of the Bright / Glowmarkt API (the documented /api/v0-1/... paths are under it), for supplier accounts' half-hours; tests and the demo point it at a local stand-in.",
  },
];

/** The table as Markdown, for the README. */
export function configTableMarkdown(): string {
  const rows = configTable.map((e) => `| \`${e.name}\` | \`${e.default}\` | ${e.meaning} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
