import { parse as parseQueryString } from 'fast-querystring';
import { HttpError } from './errors';

// How many fields a body may have, counted before it is parsed: no call takes more than a few dozen
// (a JSON popups_read list of 100 has 200 keys), and a 1 MB form of 100,000 fields cost 0.3-0.4 s of
// the event loop before its 400 (parsing, then every field checked), with no login needed. Counting is
// one pass over the text that stops at the limit.

export const MAX_FIELDS = 500;
/** Array elements and members of a JSON body together: a tariff's prices and times stay far below. */
export const MAX_JSON_VALUES = 10_000;

export const tooManyFields = () =>
  new HttpError(400, `The request has more than ${MAX_FIELDS} fields: no call takes that many.`);

/** True when the form-encoded text has more than `max` fields (`&`-separated parts). */
export function formFieldsOver(text: string, max: number): boolean {
  let count = 1;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) if (++count > max) return true;
  return false;
}

/** @fastify/formbody's parser (fast-querystring), after the count. */
export function parseForm(text: string): Record<string, unknown> {
  if (formFieldsOver(text, MAX_FIELDS)) throw tooManyFields();
  return parseQueryString(text) as Record<string, unknown>;
}

export interface JsonShape {
  /** Deepest nesting of arrays and objects. */
  depth: number;
  /** Object members (keys). */
  keys: number;
  /** Object members and array elements after the first of each (commas). */
  values: number;
}

/**
 * One pass over JSON text (brackets, colons and commas inside strings do not count) that stops as soon
 * as a limit is passed: the shape so far, which then exceeds it. No recursion.
 */
export function jsonShape(text: string, limits: JsonShape): JsonShape {
  const shape: JsonShape = { depth: 0, keys: 0, values: 0 };
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > shape.depth) {
        shape.depth = depth;
        if (depth > limits.depth) break;
      }
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
    else if (c === 58 /* : */) {
      if (++shape.keys > limits.keys) break;
    } else if (c === 44 /* , */ && ++shape.values > limits.values) break;
  }
  return shape;
}
