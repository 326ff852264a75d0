import { ParseError } from './errors';

/**
 * A small streaming CSV tokenizer (RFC 4180: `,` separators, `"` quoting with `""` escapes, quoted fields
 * may span lines; LF or CRLF line ends). It holds at most one unfinished line, so a 100 MB file costs
 * memory for one chunk, not the file. Blank lines are skipped but still counted, so `line` is what an
 * editor shows. Fields are not trimmed: each layout decides (Octopus puts a space after every comma).
 */
export interface CsvRecord {
  /** 1-based line on which the record starts, header included. */
  readonly line: number;
  readonly fields: string[];
}

/** Text arriving whole, or in chunks of any size: strings, or bytes (UTF-8, as a request body streams). */
export type TextChunk = string | Uint8Array;
export type TextSource = string | Iterable<TextChunk> | AsyncIterable<TextChunk>;

/** A longer line is refused rather than buffered: it is not one of these formats. */
export const MAX_LINE_CHARS = 65_536;

export class CsvTokenizer {
  #buffer = '';
  /** Line number of the first character of #buffer. */
  #line = 1;
  #started = false;

  /** Feeds a chunk; returns the records it completed. */
  push(chunk: string): CsvRecord[] {
    if (!this.#started) {
      this.#started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1); // a byte-order mark is not data
    }
    this.#buffer = this.#buffer === '' ? chunk : this.#buffer + chunk;
    return this.#drain(false);
  }

  /** Ends the input; returns the last record (a final line without a newline). */
  end(): CsvRecord[] {
    return this.#drain(true);
  }

  #drain(final: boolean): CsvRecord[] {
    const out: CsvRecord[] = [];
    const buf = this.#buffer;
    let pos = 0;
    let quote = buf.indexOf('"');
    while (pos < buf.length) {
      const nl = buf.indexOf('\n', pos);
      if (nl < 0 && !final) break;
      const lineEnd = nl < 0 ? buf.length : nl;
      if (quote >= 0 && quote < pos) quote = buf.indexOf('"', pos);
      if (quote < 0 || quote > lineEnd) {
        // Fast path: an unquoted line is a plain split.
        const text =
          buf.charCodeAt(lineEnd - 1) === 13 ? buf.slice(pos, lineEnd - 1) : buf.slice(pos, lineEnd);
        if (text.trim() !== '') out.push({ line: this.#line, fields: text.split(',') });
        this.#line += 1;
        pos = lineEnd + 1;
        continue;
      }
      const quoted = parseQuoted(buf, pos, final, this.#line);
      if (quoted === null) break; // the quoted field continues in the next chunk
      out.push({ line: this.#line, fields: quoted.fields });
      this.#line += quoted.lines;
      pos = quoted.next;
    }
    this.#buffer = pos >= buf.length ? '' : buf.slice(pos);
    if (this.#buffer.length > MAX_LINE_CHARS) {
      throw new ParseError(
        this.#line,
        null,
        `the line is longer than ${MAX_LINE_CHARS} characters; is this CSV?`,
      );
    }
    return out;
  }
}

/**
 * Parses one record that contains a quote, starting at `pos`. Returns null when the buffer ends inside it
 * (more input may complete it), the fields, where the next record starts and how many lines it used.
 */
function parseQuoted(
  buf: string,
  pos: number,
  final: boolean,
  line: number,
): { fields: string[]; next: number; lines: number } | null {
  const fields: string[] = [];
  let lines = 1;
  let i = pos;
  for (;;) {
    let j = i;
    while (buf[j] === ' ' || buf[j] === '\t') j++;
    let field: string;
    if (buf[j] === '"') {
      let text = '';
      let k = j + 1;
      for (;;) {
        const q = buf.indexOf('"', k);
        if (q < 0) {
          if (!final) return null;
          throw new ParseError(line, null, 'a quoted field is never closed (missing ")');
        }
        text += buf.slice(k, q);
        if (buf[q + 1] === '"') {
          text += '"';
          k = q + 2;
        } else {
          k = q + 1;
          break;
        }
      }
      for (const c of buf.slice(j + 1, k)) if (c === '\n') lines++;
      while (buf[k] === ' ' || buf[k] === '\t') k++;
      field = text;
      i = k;
    } else {
      let k = j;
      while (k < buf.length && buf[k] !== ',' && buf[k] !== '\n' && buf[k] !== '"') k++;
      if (buf[k] === '"') throw new ParseError(line, null, 'a quote (") in the middle of an unquoted field');
      field = buf.slice(i, k);
      i = k;
    }
    if (i >= buf.length && !final) return null; // cannot tell yet whether the record ends here
    const c = buf[i];
    if (c === ',') {
      fields.push(field);
      i++;
    } else if (c === '\n' || c === '\r' || c === undefined) {
      fields.push(c === undefined ? field : field.replace(/\r$/, ''));
      if (c === '\r') i++;
      if (buf[i] === '\n') i++;
      return { fields, next: i, lines };
    } else {
      throw new ParseError(line, null, `unexpected ${JSON.stringify(c)} after a closing quote`);
    }
  }
}

/** All records of a whole string. */
export function* csvRecords(text: string): Generator<CsvRecord> {
  const tokenizer = new CsvTokenizer();
  yield* tokenizer.push(text);
  yield* tokenizer.end();
}

/** Records of a streamed source; throws ParseError at the first malformed line. */
export async function* csvRecordsFrom(source: TextSource): AsyncGenerator<CsvRecord> {
  const tokenizer = new CsvTokenizer();
  for await (const chunk of textChunks(source)) yield* tokenizer.push(chunk);
  yield* tokenizer.end();
}

/** Decodes a source to text chunks; bytes are UTF-8 and a malformed byte sequence is an error. */
export async function* textChunks(source: TextSource): AsyncGenerator<string> {
  if (typeof source === 'string') {
    yield source;
    return;
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array): string => {
    try {
      return bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
    } catch {
      throw new ParseError(null, null, 'the file is not valid UTF-8 text');
    }
  };
  for await (const chunk of source) yield typeof chunk === 'string' ? chunk : decode(chunk);
  yield decode();
}

/** Adapts line-by-line input (e.g. readline, which strips the line ends) to a TextSource. */
export async function* fromLines(lines: Iterable<string> | AsyncIterable<string>): AsyncGenerator<string> {
  for await (const line of lines) yield `${line}\n`;
}
