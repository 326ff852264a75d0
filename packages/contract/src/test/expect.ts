import { expect } from 'vitest';
import type { z } from 'zod';
import { toErrorBody } from '../errors';

// Shared assertions for request schemas: a valid input parses; an invalid one fails with a 400 body whose
// field is the expected one and whose message names the field (or says the expected words).

export function parses<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Error(`expected ${JSON.stringify(input)} to parse, got ${JSON.stringify(result.error.issues)}`);
  }
  return result.data;
}

export function rejects(schema: z.ZodType, input: unknown, field: string | undefined, words: string): void {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be rejected`).toBe(false);
  if (result.success) return;
  const body = toErrorBody(result.error);
  expect(body.field).toBe(field);
  expect(body.error).toContain(words);
}
