import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';

// pino through Fastify, one JSON line per request. Secrets never reach the log: known secret fields are
// redacted wherever they appear in a logged object, and URLs are logged with sensitive query values masked
// (a reset link carries its token in the query). Request bodies and headers are never logged.

export interface LogDestination {
  write(line: string): void;
}

const SECRET_KEYS = [
  'password',
  'current_password',
  'new_password',
  'confirm_password',
  'token',
  'csrftoken',
  'csrfToken',
  'cookie',
  'cookies',
  'authorization',
  'sessionid',
  'api_key',
];

export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
];

const SENSITIVE_PARAM = /token|csrf|password|secret|session|key|sig|auth/i;
const MAX_LOGGED_URL = 512;

/** The URL as logged: sensitive query values masked, then cut to a bounded length. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url.slice(0, MAX_LOGGED_URL);
  const params = new URLSearchParams(url.slice(q + 1));
  const masked = [...params.keys()].some((k) => SENSITIVE_PARAM.test(k));
  if (!masked) return url.slice(0, MAX_LOGGED_URL);
  const safe = [...params].map(
    ([k, v]) => `${encodeURIComponent(k)}=${SENSITIVE_PARAM.test(k) ? '[REDACTED]' : encodeURIComponent(v)}`,
  );
  return `${url.slice(0, q)}?${safe.join('&')}`.slice(0, MAX_LOGGED_URL);
}

/**
 * Characters that change what a terminal shows rather than print: C0 and C1 controls, DEL, Unicode's
 * bidirectional formatting (a right-to-left override turns the rest of a line around) and its line and
 * paragraph separators. Device ids and topics come from anyone on the broker, so they reach the log.
 */
const BEYOND_C0 = '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069';
const UNPRINTABLE = new RegExp(`[\\u0000-\\u001f${BEYOND_C0}]`, 'g');
/** In a JSON line the C0 controls are escaped already (and its one raw one is the line's end). */
const UNPRINTABLE_IN_JSON = new RegExp(`[${BEYOND_C0}]`, 'g');
const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with each character that would act on a terminal written out as \uXXXX, for a person to read. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escaped);
}

/** printable() for a command's output: its own tab-separated columns and lines stay as they are. */
export const printableLines = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.split('\t').map(printable).join('\t'))
    .join('\n');

export function loggerOptions(level: LogLevel, stream?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Every JSON line is safe on a terminal: JSON escapes C0 controls but not the others, and the same
    // \uXXXX escapes keep each value as it was for log tooling.
    hooks: { streamWrite: (line: string) => line.replace(UNPRINTABLE_IN_JSON, escaped) },
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      // Only what is needed to follow a request; never headers or bodies.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/**
 * One line per finished request instead of Fastify's two (which also log the raw URL), at debug: a person
 * running the server reads its events, not every request (LOG_LEVEL=debug shows them). A 5xx is a warning.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log[reply.statusCode >= 500 ? 'warn' : 'debug'](
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.auth?.user.id,
        remoteAddress: request.ip,
      },
      'request',
    );
  });
}
