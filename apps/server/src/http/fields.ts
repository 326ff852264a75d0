import { parse as parseQueryString } from 'fast-querystring';
import { HttpError } from './errors';

// How many fields a body may have, counted before it is parsed: no call takes more than a few dozen
// (a JSON popups_read list of 100 has 200 keys), and a 1 MB form of 100,000 fields cost 0.3-0.4 s of
// the event loop before its 400 (parsing, then every field checked), with no login needed. Counting is
// one pass over the text that stops at the limit.

export const MAX_FIELDS = 500;
/** Array elements and members of a JSON body together: a tariff's prices and times stay far below. */
export const MAX_JSON_VALUES = 10_000;
/**
 * The longest a field (or JSON string, key or value) may be as sent, before decoding: the longest any
 * call takes is a feedback text of 5,000 characters (FEEDBACK_MAX), at most 9 bytes
 * each percent-encoded (45,000), or a tariff's JSON text (3 day entries of 48 named rates for each of
 * three rates: ~40,000 characters written plainly). A 1 MB password or key was decoded and parsed whole
 * before its 400; it is refused while counting now. The ingest routes stream their bodies and are exempt.
 */
export const MAX_FIELD_LENGTH = 64 * 1024;

export const tooManyFields = () =>
  new HttpError(400, `The request has more than ${MAX_FIELDS} fields: no call takes that many.`);

/** A field name safe to echo back, or undefined (the error then names none). */
const nameable = (name: string | undefined) =>
  name !== undefined && /^[\w.[\]-]{1,64}$/.test(name) ? name : undefined;

export const fieldTooLong = (name?: string) => {
  const field = nameable(name);
  return new HttpError(
    400,
    `${field ?? 'A field'} is longer than ${MAX_FIELD_LENGTH} characters: no call takes that much.`,
    field,
  );
};

/** What one pass over form-encoded text found first: too many fields, a field too long, or neither. */
export type FormVerdict = { over: 'fields' } | { over: 'length'; name: string } | null;

/** One pass over `&`-separated parts that stops at the first part past `maxLength` or past `max` parts. */
export function formFieldsOver(text: string, max: number, maxLength = MAX_FIELD_LENGTH): FormVerdict {
  let count = 0;
  for (let from = 0; from <= text.length; ) {
    const amp = text.indexOf('&', from);
    const end = amp === -1 ? text.length : amp;
    if (end - from > maxLength) {
      const eq = text.indexOf('=', from);
      return { over: 'length', name: eq !== -1 && eq < end && eq - from <= 64 ? text.slice(from, eq) : '' };
    }
    if (++count > max) return { over: 'fields' };
    if (amp === -1) break;
    from = amp + 1;
  }
  return null;
}

/** @fastify/formbody's parser (fast-querystring), after the count. */
export function parseForm(text: string): Record<string, unknown> {
  const over = formFieldsOver(text, MAX_FIELDS);
  if (over?.over === 'fields') throw tooManyFields();
  if (over?.over === 'length') throw fieldTooLong(over.name);
  return parseQueryString(text) as Record<string, unknown>;
}

export interface JsonShape {
  /** Deepest nesting of arrays and objects. */
  depth: number;
  /** Object members (keys). */
  keys: number;
  /** Object members and array elements after the first of each (commas). */
  values: number;
  /** The longest string (key or value) as written, escapes included, quotes not. */
  string: number;
}

/**
 * One pass over JSON text (brackets, colons and commas inside strings do not count) that stops as soon
 * as a limit is passed: the shape so far, which then exceeds it, and with a string too long the key it
 * is the value of (the last key before it, when it is short and plain). No recursion.
 */
export function jsonShape(text: string, limits: JsonShape): JsonShape & { key?: string } {
  const shape: JsonShape & { key?: string } = { depth: 0, keys: 0, values: 0, string: 0 };
  let depth = 0;
  let inString = false;
  let opened = 0; // where the string being read began (after its quote)
  let lastString = [0, 0]; // the last string read, as [start, end)
  let lastKey: [number, number] | undefined;
  let afterColon = false; // the next string is the value of lastKey
  let isValue = false; // the string being read is one
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (i - opened > limits.string) {
        shape.string = i - opened;
        if (isValue && lastKey !== undefined && lastKey[1] - lastKey[0] <= 64)
          shape.key = text.slice(lastKey[0], lastKey[1]);
        break;
      }
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) {
        inString = false;
        lastString = [opened, i];
        shape.string = Math.max(shape.string, i - opened);
      }
    } else if (c === 34) {
      inString = true;
      opened = i + 1;
      isValue = afterColon;
      afterColon = false;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      afterColon = false;
      if (++depth > shape.depth) {
        shape.depth = depth;
        if (depth > limits.depth) break;
      }
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
    else if (c === 58 /* : */) {
      lastKey = [lastString[0] as number, lastString[1] as number];
      afterColon = true;
      if (++shape.keys > limits.keys) break;
    } else if (c === 44 /* , */) {
      afterColon = false;
      if (++shape.values > limits.values) break;
    }
  }
  return shape;
}
