import { z } from 'zod';

// Bodies arrive form-encoded (every value a string) or as JSON. These helpers accept both shapes and
// reject arrays, so `user_id=1&user_id=2` is a 400 rather than a silent pick.
const scalar = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A positive integer id, from a number or a decimal string. */
export const id = (field: string) =>
  z.preprocess(
    scalar,
    z.union([z.number(), z.string().regex(/^\d{1,12}$/, `${field} must be a whole number`)], {
      error: `${field} must be a whole number`,
    }),
  )
    .transform(Number)
    .pipe(z.number().int(`${field} must be a whole number`).positive(`${field} must be a positive number`));

/** Epoch seconds, from a number or a decimal string. */
export const epochSeconds = (field: string) =>
  z.preprocess(
    scalar,
    z.union([z.number(), z.string().regex(/^-?\d{1,12}$/, `${field} must be a time in epoch seconds`)], {
      error: `${field} must be a time in epoch seconds`,
    }),
  )
    .transform(Number)
    .pipe(z.number().int(`${field} must be a time in epoch seconds`));

/** A timestamp where missing, empty or "null" means "not given" (the last 7 days in activity views). */
export const optionalEpochSeconds = (field: string) =>
  z.preprocess((v) => (v === '' || v === 'null' || v === null ? undefined : v), epochSeconds(field).optional());

/** A bounded free-text string. */
export const text = (field: string, max: number) =>
  z.string({ error: `${field} is required` }).max(max, `${field} must be at most ${max} characters`);

/** "true"/"false"/"1"/"0" or a boolean. */
export const booleanField = (field: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean({ error: `${field} must be true or false` }),
  );
