import { toErrorBody } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors';

// Validation of every input through a contract schema: the first problem becomes a 400 `{error, field}`.
// The contract words its messages after the field ("user_id must be a whole number"); a generic zod
// message, where one slips through, is prefixed with the field so the answer always names it.

function namesField(message: string, field: string): boolean {
  const lower = message.toLowerCase();
  const name = field.split('.')[0]!.toLowerCase();
  return lower.includes(name) || lower.includes(name.replaceAll('_', ' '));
}

/** Parses `input` (a form, JSON body or query object; nothing sent reads as {}) or throws a 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const { error, field } = toErrorBody(result.error);
  throw badRequest(field === undefined || namesField(error, field) ? error : `${field}: ${error}`, field);
}

function rejectRepeated(fields: unknown): void {
  if (typeof fields !== 'object' || fields === null) return;
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) throw badRequest(`${name} must be a single value`, name);
  }
}

/**
 * `a=1&a=2` in a query string or a form body parses to an array: refused for every route before any
 * handler runs, so no schema can accidentally accept a repeated field (HTTP parameter pollution).
 */
export function registerSingleValuedFields(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    rejectRepeated(request.query);
    if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      rejectRepeated(request.body);
    }
  });
}
