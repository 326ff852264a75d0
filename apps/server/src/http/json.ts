import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import {
  fieldTooLong,
  jsonShape,
  MAX_FIELD_LENGTH,
  MAX_FIELDS,
  MAX_JSON_VALUES,
  tooManyFields,
} from './fields';

// JSON bodies, with a nesting limit, a count of keys and values and the longest string checked before
// parsing: no call nests more than a few levels, takes more than a few hundred keys or a string longer than
// MAX_FIELD_LENGTH, and a body of ten million brackets (or
// 100,000 keys) costs the parser and whatever walks the result seconds on the event loop. The check is
// one pass over the text, no recursion, stopping at the first limit passed; within the limits Fastify's
// own parser runs (its __proto__ / constructor checks included).

export const MAX_JSON_DEPTH = 32;

/** True when `text` nests arrays or objects deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  return jsonShape(text, { depth: max, keys: Infinity, values: Infinity, string: Infinity }).depth > max;
}

export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const limits = {
      depth: MAX_JSON_DEPTH,
      keys: MAX_FIELDS,
      values: MAX_JSON_VALUES,
      string: MAX_FIELD_LENGTH,
    };
    const shape = jsonShape(text, limits);
    if (shape.string > limits.string) {
      done(fieldTooLong(shape.key), undefined);
      return;
    }
    if (shape.depth > limits.depth) {
      done(new HttpError(400, `The JSON body nests more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
      return;
    }
    if (shape.keys > limits.keys) {
      done(tooManyFields(), undefined);
      return;
    }
    if (shape.values > limits.values) {
      done(new HttpError(400, `The JSON body has more than ${MAX_JSON_VALUES} values.`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
