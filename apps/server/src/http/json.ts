import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

// JSON bodies, with a nesting limit checked before parsing: no call nests more than a few levels, and a
// body of ten million brackets costs the parser (and whatever walks the result) seconds on the event
// loop. The check is one pass over the text, no recursion; within the limit Fastify's own parser runs
// (its __proto__ / constructor checks included).

export const MAX_JSON_DEPTH = 32;

/** True when `text` nests arrays or objects deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, `The JSON body nests more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
