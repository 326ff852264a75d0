import type { FastifyError, FastifyInstance } from 'fastify';

// Every non-2xx answer is JSON `{error, field?}` (or `{error, requestId}` for our own faults). Fastify's
// own 4xx errors (bad JSON, too large, wrong media type) get fixed wording: their messages can quote input.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = () => new HttpError(401, 'You are not logged in, or your session has ended.');
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many attempts. Please wait and try again.', undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export const CLIENT_ERRORS: Readonly<Record<number, string>> = {
  400: 'The request could not be read.',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'The request took too long to arrive.',
  406: 'Not acceptable',
  413: 'The request is too large.',
  414: 'The request URL is too long.',
  415: 'Unsupported content type: send application/x-www-form-urlencoded or application/json.',
  431: 'The request headers are too large.',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(
          error.field === undefined ? { error: error.message } : { error: error.message, field: error.field },
        );
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      request.log.info({ code: error.code, statusCode: status }, 'client error');
      return reply.code(status).send({ error: CLIENT_ERRORS[status] ?? 'The request was refused.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: 'Something went wrong on our side. Please try again.', requestId: request.id });
  });
}
