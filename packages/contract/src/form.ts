import { z } from 'zod';
import { isLocalDate } from './calendar';

// Bodies arrive form-encoded (every value a string) or as JSON, and query strings repeat keys as
// arrays. These helpers accept both shapes, reject arrays where one value is expected (so
// `user_id=1&user_id=2` is a 400 rather than a silent pick), and word every error after the field.

type IssueInput = { readonly input?: unknown };

/** The message for a value of the wrong shape: missing, repeated, or not what the field holds. */
export const fieldMessage =
  (field: string, expected: string) =>
  (issue: IssueInput): string =>
    issue.input === undefined
      ? `${field} is required`
      : Array.isArray(issue.input)
        ? `${field} must be a single value`
        : `${field} must be ${expected}`;

/** Trims strings and turns a blank one into "not given", so an empty form field reads as missing. */
export const blankToUndefined = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const trimmed = v.trim();
  return trimmed === '' ? undefined : trimmed;
};

const INTEGER = /^[+-]?\d{1,15}$/;
// Only plain decimal integers become numbers; "1e3", "0x10" or "1.5" stay strings and fail the number check.
const toInteger = (v: unknown): unknown => {
  const s = blankToUndefined(v);
  return typeof s === 'string' && INTEGER.test(s) ? Number(s) : s;
};

/** A whole number in [min, max], from a number or a decimal string. */
export const integer = (field: string, min: number, max: number) => {
  const expected = `a whole number from ${min} to ${max}`;
  const message = `${field} must be ${expected}`;
  return z.preprocess(
    toInteger,
    z
      .number({ error: fieldMessage(field, expected) })
      .int(message)
      .min(min, message)
      .max(max, message),
  );
};

/** The largest id any table holds: ids are stored in 32-bit integer columns (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id, from a number or a decimal string; above MAX_ID it cannot exist (400, not a 500). */
export const id = (field: string) =>
  z.preprocess(
    toInteger,
    z
      .number({ error: fieldMessage(field, 'a whole number') })
      .int(`${field} must be a whole number`)
      .positive(`${field} must be a positive number`)
      .max(MAX_ID, `${field} must be at most ${MAX_ID}`),
  );

/** The latest instant accepted anywhere (year 3000): keeps date arithmetic far from overflow. */
export const MAX_EPOCH_SECONDS = 32_503_680_000;

/** Epoch seconds (UTC), from a number or a decimal string. */
export const epochSeconds = (field: string) => {
  const message = `${field} must be a time in epoch seconds`;
  return z.preprocess(
    toInteger,
    z
      .number({ error: fieldMessage(field, 'a time in epoch seconds') })
      .int(message)
      .min(0, message)
      .max(MAX_EPOCH_SECONDS, `${field} is too far in the future`),
  );
};

/** A timestamp where missing, empty or "null" means "not given" (the last 7 days in activity views). */
export const optionalEpochSeconds = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === 'null' || v === null ? undefined : v),
    epochSeconds(field).optional(),
  );

/** An optional field: missing or blank means "not given"; anything else must satisfy `schema`. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

/** A bounded string, kept exactly as sent (passwords must not be trimmed). */
export const text = (field: string, max: number) =>
  z.string({ error: fieldMessage(field, 'text') }).max(max, `${field} must be at most ${max} characters`);

/** A trimmed, non-empty, bounded string (an identifier typed by hand, such as a device id). */
export const requiredText = (field: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: fieldMessage(field, 'text') }).max(max, `${field} must be at most ${max} characters`),
  );

/**
 * C0 and C1 control characters and DEL, but the line feed (issue 34.9): what a person writes goes into
 * texts, emails and, without SMTP, the operator's console, where an ESC drives the terminal.
 */
const CONTROL = /[^\P{Cc}\n]/u; // Unicode's Cc is exactly C0, DEL and C1
const CONTROLS = new RegExp(CONTROL.source, 'gu');

/** Why free text is refused (a control character other than a line break), or null. */
export function controlProblem(s: string): string | null {
  return CONTROL.test(s)
    ? 'must not contain control characters such as tab or escape: only line breaks'
    : null;
}

/** `s` with every control character but the line feed shown as U+FFFD: text stored before the rule. */
export const withoutControls = (s: string): string => s.replace(CONTROLS, '\uFFFD');

/** Line breaks as any client sends them (CR LF, CR) become one line feed. */
const lineFeeds = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v);

/**
 * What a person writes (names, labels, notes, feedback): trimmed, non-empty, bounded, and free of
 * control characters but line breaks, so nothing typed can drive a terminal or garble a text message.
 */
export const freeText = (field: string, max: number) =>
  z.preprocess(
    (v) => blankToUndefined(lineFeeds(v)),
    z
      .string({ error: fieldMessage(field, 'text') })
      .max(max, `${field} must be at most ${max} characters`)
      .refine((s) => controlProblem(s) === null, `${field} ${controlProblem('\u001b')}`),
  );

/** "true"/"false"/"1"/"0" (any case) or a boolean. */
export const booleanField = (field: string) =>
  z.preprocess(
    (v) => {
      const s = blankToUndefined(v);
      if (typeof s !== 'string') return s;
      const lower = s.toLowerCase();
      return lower === 'true' || lower === '1' ? true : lower === 'false' || lower === '0' ? false : s;
    },
    z.boolean({ error: fieldMessage(field, 'true or false') }),
  );

/** One of a fixed set of words, e.g. `timescale` = week or month. */
export const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values, { error: fieldMessage(field, `one of ${values.join(', ')}`) }),
  );

/** A clock time HH:MM (00:00 to 23:59), as the do-not-disturb form sends it. */
export const clockTime = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldMessage(field, 'a time HH:MM') })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time HH:MM between 00:00 and 23:59`),
  );

/** A calendar date YYYY-MM-DD (interpreted in the house's zone by the server). */
export const isoDate = (field: string) => {
  const message = `${field} must be a date YYYY-MM-DD`;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldMessage(field, 'a date YYYY-MM-DD') })
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine(isLocalDate, `${field} must be a real calendar date`),
  );
};

/** The largest JSON text a form field may carry (a full TOU tariff is about 6 KB). */
export const MAX_JSON_FIELD_CHARS = 65_536;

/** A form field carrying JSON text (or, in a JSON body, the value itself), checked against `schema`. */
export const jsonField = <T extends z.ZodType>(field: string, schema: T, describe: string) =>
  z.preprocess((raw, ctx) => {
    const v = blankToUndefined(raw);
    if (v === undefined) {
      ctx.addIssue({ code: 'custom', message: `${field} is required`, input: raw });
      return z.NEVER;
    }
    if (typeof v !== 'string') return v;
    if (v.length > MAX_JSON_FIELD_CHARS) {
      ctx.addIssue({ code: 'custom', message: `${field} is too long`, input: v });
      return z.NEVER;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `${field} must be valid JSON: ${describe}`, input: v });
      return z.NEVER;
    }
    // "\u0000" inside JSON text is a NUL once parsed: the form-level check saw only the escape.
    const problem = nestedTextProblem(parsed);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: `${field} ${problem}`, input: v });
      return z.NEVER;
    }
    return parsed;
  }, schema);

// A lone UTF-16 surrogate: a high one not followed by a low one, or a low one not after a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is not text we can store or show (PostgreSQL refuses both), or null when it is. */
export function textProblem(s: string): string | null {
  if (s.includes('\0')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text (it has a lone surrogate character)';
  return null;
}

/** The first problem of any string in `value` (nested arrays, objects and their keys), or null. */
export function nestedTextProblem(value: unknown): string | null {
  const pending: unknown[] = [value]; // a work list, not recursion: JSON values nest as deep as sent
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem !== null) return problem;
    } else if (Array.isArray(v)) {
      for (const item of v) pending.push(item);
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) pending.push(key, item);
    }
  }
  return null;
}

/** Every text in every field (nested values and keys included) must be storable text. */
const storableFields = (input: unknown, ctx: z.RefinementCtx): unknown => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  for (const [field, value] of Object.entries(input)) {
    const problem = nestedTextProblem(field) ?? nestedTextProblem(value);
    if (problem === null) continue;
    const name = textProblem(field) === null ? field : 'field name';
    ctx.addIssue({ code: 'custom', path: [name], message: `${name} ${problem}`, input: value });
    return z.NEVER;
  }
  return input;
};

/**
 * A request's fields: unknown names are refused, naming them, so typos surface as 400s. Before that,
 * every text in every field (nested values and keys included) must be storable text, so a NUL byte or a
 * lone surrogate is a 400 naming the field, never a database error; jsonField checks its parsed value.
 */
export const formObject = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    storableFields,
    z.strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
          : 'The request must be a set of named fields',
    }),
  );

/**
 * Another service's form posted to us (the SMS provider's webhook): the same checks as formObject, but
 * the many fields it sends that we do not read are let through, unread.
 */
export const providerForm = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(storableFields, z.looseObject(shape, { error: 'The request must be a set of named fields' }));
