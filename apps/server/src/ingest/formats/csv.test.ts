import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvRecord, CsvTokenizer, csvRecords, csvRecordsFrom, fromLines, MAX_LINE_CHARS } from './csv';
import { ParseError } from './errors';

const all = (text: string): CsvRecord[] => [...csvRecords(text)];
async function collect(source: Parameters<typeof csvRecordsFrom>[0]): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of csvRecordsFrom(source)) out.push(r);
  return out;
}
function errorOf(run: () => unknown): ParseError {
  try {
    run();
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('expected a ParseError');
}

describe('csv tokenizer', () => {
  it('splits records and counts lines as an editor does, blank lines included', () => {
    expect(all('a,b\n\n1,2\r\n 3 , 4\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2'] },
      { line: 4, fields: [' 3 ', ' 4'] },
    ]);
  });

  it('reads a last line without a newline and drops a byte-order mark', () => {
    expect(all('\uFEFFx,y\n1,2')).toEqual([
      { line: 1, fields: ['x', 'y'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });

  it('handles quoted fields: commas, doubled quotes, CRLF, and line breaks (counted)', () => {
    expect(all('"a,b","say ""hi""", "x"\r\n"multi\nline",2\n3,4\n')).toEqual([
      { line: 1, fields: ['a,b', 'say "hi"', 'x'] },
      { line: 2, fields: ['multi\nline', '2'] },
      { line: 4, fields: ['3', '4'] },
    ]);
    expect(all('"1,5"')).toEqual([{ line: 1, fields: ['1,5'] }]);
  });

  it('refuses an unclosed quote, text after a closing quote and a stray quote', () => {
    expect(errorOf(() => all('a\n"open,1\n')).message).toBe(
      'Row 2: a quoted field is never closed (missing ")',
    );
    expect(errorOf(() => all('"a"b,1')).message).toBe('Row 1: unexpected "b" after a closing quote');
    expect(errorOf(() => all('1,2\nab"c,1')).message).toBe(
      'Row 2: a quote (") in the middle of an unquoted field',
    );
  });

  it('refuses a line longer than MAX_LINE_CHARS instead of buffering it', () => {
    const t = new CsvTokenizer();
    t.push('ok\n');
    expect(() => t.push('x'.repeat(MAX_LINE_CHARS + 1))).toThrow(/Row 2: the line is longer than 65536/);
  });

  it('gives the same records however the text is cut into chunks', async () => {
    const cell = fc.oneof(
      fc.stringMatching(/^[a-z0-9 .:-]{0,6}$/),
      fc.constantFrom('"q,1"', '"a""b"', '"x\ny"'),
    );
    const text = fc
      .array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 })
      .map((rows) => rows.map((r) => r.join(',')).join('\n'));
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 6 }), async (t, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (t.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((p, i) => t.slice(p, [...points, t.length][i]));
        expect(await collect(chunks)).toEqual(all(t));
      }),
    );
  });

  it('decodes UTF-8 bytes split inside a character, and refuses invalid UTF-8', async () => {
    const bytes = new TextEncoder().encode('name\ncafé £5\n');
    const at = bytes.indexOf(0xc3) + 1; // inside "é"
    expect(await collect([bytes.slice(0, at), bytes.slice(at)])).toEqual([
      { line: 1, fields: ['name'] },
      { line: 2, fields: ['café £5'] },
    ]);
    await expect(collect([new Uint8Array([0x61, 0xff, 0x0a])])).rejects.toThrow(
      'the file is not valid UTF-8 text',
    );
  });

  it('adapts line-by-line input (line ends stripped) with fromLines', async () => {
    expect(await collect(fromLines(['a,b', '1,2']))).toEqual(all('a,b\n1,2\n'));
  });
});
