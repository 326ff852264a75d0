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

export function loggerOptions(level: LogLevel, stream?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
