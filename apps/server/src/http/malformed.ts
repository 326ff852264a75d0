import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { CLIENT_ERRORS } from './errors';
import { FIXED_SECURITY_HEADERS } from './headers';

// Requests refused before any route or hook runs: a URL whose percent-encoding does not decode
// (`/%c0<b>x</b>`), and what Node's HTTP parser cannot read at all (an unknown method such as `FOO /`,
// broken headers). Fastify's defaults answer those with its own body, which quotes the URL, and without
// our headers. These answer like every other error: the security headers, `{error}` with fixed wording,
// nothing taken from the request.

const ERROR_HEADERS: Readonly<Record<string, string>> = {
  ...FIXED_SECURITY_HEADERS,
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
};

function body(status: number): string {
  return JSON.stringify({ error: CLIENT_ERRORS[status] ?? 'The request could not be read.' });
}

/** Fastify's `frameworkErrors`: bad URL encoding (400), over-long path parameter (414). */
export function onFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ code: error.code, statusCode: status }, 'malformed request');
  return reply.code(status).headers(ERROR_HEADERS).send(body(status));
}

/** Fastify's `clientErrorHandler`: what the HTTP parser refused, answered on the raw socket. */
export const onClientError: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.info({ code: error.code, statusCode: status }, 'unreadable request');
  if (socket.writable) {
    const text = body(status);
    const headers = {
      ...ERROR_HEADERS,
      'content-length': String(Buffer.byteLength(text)),
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${text}`);
  }
  socket.destroy();
};
