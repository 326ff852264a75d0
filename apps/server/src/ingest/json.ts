import { randomBytes } from 'node:crypto';
import { MAX_JSON_DEPTH } from '../http/json';
import { HttpError } from '../http/errors';
import { ParseError } from './formats';
import { SLICE_CHARS } from './lined';
import { nextTurn } from '../shared/turn';

// A JSON request body parsed without holding the event loop: JSON.parse of a 10 MB readings body takes
// longer than any other request should wait. One pass over the text, a slice at a time with the event
// loop turning between slices, checks the nesting depth (the same limit as every JSON route) and notes
// where each element of the arrays directly inside the root begins (`{"readings":[…]}`). Those arrays are
// then parsed a slice of elements at a time, and the rest of the body (small) at once, with a stand-in
// for each array. Each piece is parsed by JSON.parse, so the result and what counts as valid are
// JSON.parse's; like Fastify's parser, a `__proto__` key (or `constructor` with a `prototype`) is refused.

const INVALID = 'the body is not valid JSON';

function refuseProto(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new ParseError(null, null, INVALID);
  if (
    key === 'constructor' &&
    value !== null &&
    typeof value === 'object' &&
    Object.hasOwn(value, 'prototype')
  ) {
    throw new ParseError(null, null, INVALID);
  }
  return value;
}

function parsePiece(text: string): unknown {
  try {
    return JSON.parse(text, refuseProto) as unknown;
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError(null, null, INVALID);
  }
}

interface ArraySpan {
  /** Index of its `[`, of its closing `]`, and of each comma between two of its elements. */
  open: number;
  close: number;
  commas: number[];
}

/** Throws HttpError 400 when deeper than maxDepth, ParseError when not JSON. */
export async function parseJsonYielding(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  slice = SLICE_CHARS,
): Promise<unknown> {
  const spans: ArraySpan[] = [];
  let open: ArraySpan | null = null;
  let depth = 0;
  let inString = false;
  for (let i = 0, next = slice; i < text.length; i++) {
    if (i >= next) {
      await nextTurn();
      next = i + slice;
    }
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth)
        throw new HttpError(400, `The JSON body nests more than ${maxDepth} levels deep.`);
      if (depth === 2 && c === 91) open = { open: i, close: -1, commas: [] };
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      if (depth === 2 && open !== null) {
        if (c !== 93) throw new ParseError(null, null, INVALID);
        open.close = i;
        spans.push(open);
        open = null;
      }
      depth--;
    } else if (c === 44 /* , */ && depth === 2 && open !== null) open.commas.push(i);
  }
  if (spans.length === 0) return parsePiece(text);

  // The body with each array as a stand-in string that no client can guess, parsed at once.
  const nonce = randomBytes(12).toString('hex');
  let skeleton = '';
  let from = 0;
  for (const [k, span] of spans.entries()) {
    skeleton += `${text.slice(from, span.open)}"${nonce}:${k}"`;
    from = span.close + 1;
  }
  skeleton += text.slice(from);
  const root = parsePiece(skeleton);
  if (root === null || typeof root !== 'object') throw new ParseError(null, null, INVALID);

  // Each array, a slice of elements at a time.
  const arrays: unknown[][] = [];
  for (const span of spans) {
    const items: unknown[] = [];
    const bounds = [span.open, ...span.commas, span.close];
    let first = 0;
    while (first < bounds.length - 1) {
      let last = first + 1;
      while (last < bounds.length - 1 && bounds[last]! - bounds[first]! < slice) last++;
      const piece = parsePiece(`[${text.slice(bounds[first]! + 1, bounds[last])}]`) as unknown[];
      // An element left empty (`[1,,2]`, `[1,]`) parses as a shorter piece: not JSON.
      if (piece.length !== last - first && !(bounds.length === 2 && piece.length === 0)) {
        throw new ParseError(null, null, INVALID);
      }
      for (const item of piece) items.push(item);
      first = last;
      await nextTurn();
    }
    arrays.push(items);
  }

  // Put the arrays back where their stand-ins are: values of the root, an object or an array.
  const entries = root as Record<string, unknown>;
  let placed = 0;
  for (const key of Object.keys(entries)) {
    const value = entries[key];
    if (typeof value === 'string' && value.startsWith(`${nonce}:`)) {
      entries[key] = arrays[Number(value.slice(nonce.length + 1))];
      placed++;
    }
  }
  if (placed !== spans.length) throw new ParseError(null, null, INVALID); // a repeated key hid one
  return root;
}
