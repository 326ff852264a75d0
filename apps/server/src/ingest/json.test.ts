import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { ParseError } from './formats';
import { parseJsonYielding } from './json';

// The ingest JSON body parser (issue 11): JSON.parse's answer, a slice at a time, so a 10 MB body does
// not hold the event loop; the nesting limit of every JSON route; prototype keys refused.

async function outcome(text: string, slice: number): Promise<{ value: unknown } | { error: string }> {
  try {
    return { value: await parseJsonYielding(text, 1000, slice) };
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return { error: 'invalid' };
  }
}

/** JSON.parse with Fastify's rule: a `__proto__` key, or `constructor` holding a `prototype`, is refused. */
function withoutPrototypeKeys(key: string, value: unknown): unknown {
  const prototypeHolder = value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype');
  if (key === '__proto__' || (key === 'constructor' && prototypeHolder)) throw new SyntaxError(key);
  return value;
}

function reference(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text, withoutPrototypeKeys) as unknown };
  } catch {
    return { error: 'invalid' };
  }
}

const containers = fc.oneof(
  fc.json(),
  fc
    .dictionary(fc.string({ maxLength: 4 }), fc.array(fc.jsonValue(), { maxLength: 6 }))
    .map((o) => JSON.stringify(o)),
  fc
    .array(fc.array(fc.jsonValue(), { maxLength: 6 }), { maxLength: 4 })
    .map((a) => JSON.stringify(a, null, 1)),
);

/** Valid JSON broken in the ways that matter to the split: a comma or bracket dropped, added, swapped. */
const broken = fc
  .tuple(containers, fc.nat(), fc.constantFrom('', ',', '[', ']', '{', '}', ',,', ' ', '"'))
  .map(([text, at, insert]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    return `${text.slice(0, i)}${insert}${text.slice(i + 1)}`;
  });

describe('parseJsonYielding', () => {
  it('gives what JSON.parse gives (prototype keys refused), valid or not, whatever the slice size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(containers, broken), fc.integer({ min: 1, max: 40 }), async (text, slice) => {
        expect(await outcome(text, slice)).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });

  it('reads a large readings body with the event loop turning, as JSON.parse does', async () => {
    const readings = Array.from({ length: 30_000 }, (_, i) => ({
      start: 1_767_225_600 + i * 60,
      interval_s: 60,
      import_wh: i % 37,
      export_wh: 0,
      generation_wh: 0,
    }));
    const text = JSON.stringify({ readings });
    let turns = 0;
    let done = false;
    const count = () => {
      turns += 1;
      if (!done) setImmediate(count);
    };
    setImmediate(count);
    const parsed = await parseJsonYielding(text);
    done = true;
    expect(turns).toBeGreaterThan(20);
    expect(parsed).toEqual({ readings });
  });

  it('keeps the nesting limit and refuses prototype keys', async () => {
    await expect(parseJsonYielding(`{"readings":${'['.repeat(40)}${']'.repeat(40)}}`)).rejects.toBeInstanceOf(
      HttpError,
    );
    await expect(parseJsonYielding('{"readings":[{"__proto__":{"x":1}}]}')).rejects.toBeInstanceOf(
      ParseError,
    );
    await expect(parseJsonYielding('{"__proto__":{"x":1}}')).rejects.toBeInstanceOf(ParseError);
    await expect(parseJsonYielding('{"constructor":{"prototype":{}}}')).rejects.toBeInstanceOf(ParseError);
    await expect(parseJsonYielding('{"readings":"[1]"}')).resolves.toEqual({ readings: '[1]' });
  });
});
