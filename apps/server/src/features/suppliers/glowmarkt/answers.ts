import { z } from 'zod';
import { SupplierError } from '../source';

// What the Glowmarkt API answers (../shared/design/suppliers.md, its public docs and well-known
// clients), as schemas: every answer is checked before a field of it is read, and a wrong shape becomes a
// SupplierError 'bad_answer' whose message names the field and what was wrong with it, never a value (an
// auth answer carries the token).

/** The public application id the Bright app's users sign in with. */
export const GLOWMARKT_APPLICATION_ID = 'b0f1b774-a586-4f72-9edd-27ead8aa7a8d';

/** POST /api/v0-1/auth → `{valid, accountId, token, exp}`; exp in epoch seconds. */
export const AuthAnswer = z.object({
  valid: z.boolean(),
  token: z.string().min(1),
  exp: z.number().int().positive(),
  accountId: z.string().optional(),
});

/** GET /api/v0-1/virtualentity → the account's virtual entities (a smart meter's DCC feed is one). */
export const EntitiesAnswer = z.array(
  z.object({
    veId: z.string().min(1),
    name: z.string().optional(),
    resources: z.array(z.object({ resourceId: z.string().min(1) })).optional(),
  }),
);

/** GET /api/v0-1/virtualentity/{veId}/resources → its resources with their classifiers. */
export const ResourcesAnswer = z.object({
  resources: z.array(
    z.object({
      resourceId: z.string().min(1),
      classifier: z.string().optional(),
      baseUnit: z.string().optional(),
      name: z.string().optional(),
    }),
  ),
});

/**
 * GET /api/v0-1/resource/{id}/readings → `{status, resourceId, query, data:[[epoch_seconds, value]],
 * units}`; with `nulls=1` a half-hour the cloud has not got is null. Consumption is never negative (a
 * negative one is refused, row by row, by the fill).
 */
export const ReadingsAnswer = z.object({
  // A value is checked alone: one that is not a number or negative is refused by the fill, the rest kept.
  data: z.array(z.tuple([z.number().int(), z.unknown()])),
  units: z.string().optional(),
  resourceId: z.string().optional(),
  status: z.string().optional(),
});

/** `answer` checked against `schema`; a mismatch is 'bad_answer' naming the first few problems. */
export function checked<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(the answer)'}: ${issue.message}`)
    .join('; ');
  throw new SupplierError(
    'bad_answer',
    `Glowmarkt's ${what} does not have its documented shape: ${problems}`,
  );
}

/** Epoch seconds as the API's `YYYY-MM-DDThh:mm:ss`, in UTC (the calls send offset=0). */
export function apiTime(epochS: number): string {
  return new Date(epochS * 1000).toISOString().slice(0, 19);
}

/**
 * Retry-After (seconds, or an HTTP date read against `nowS`) as whole seconds from now; null when absent
 * or unreadable (the fill then backs off on its own schedule).
 */
export function retryAfterSeconds(header: string | null, nowS: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil(at / 1000 - nowS));
}
