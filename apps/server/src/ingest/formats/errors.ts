/**
 * One error type for every parser in this folder, so a route can answer 400 `{error, field}` and a CLI can
 * print one line, without knowing which format failed.
 *
 * `row` is the line number a person sees in an editor, the header included: in a file with a header the
 * first data row is row 2 (a file without a header, like Agile's, starts at row 1). A quoted field spanning
 * lines counts all its lines; the row is the line where the record starts. `row` is null when the problem is
 * not one line's (an empty file, a bad option) and for JSON, whose `field` is a path like `readings[3].start`.
 */
export class ParseError extends Error {
  override readonly name = 'ParseError';

  constructor(
    readonly row: number | null,
    readonly field: string | null,
    readonly detail: string,
  ) {
    super(describe(row, field, detail));
  }

  /** The body of a 400 answer (ARCHITECTURE.md: `{error, field}`), plus the row for files. */
  toJSON(): { error: string; field: string | null; row: number | null } {
    return { error: this.message, field: this.field, row: this.row };
  }
}

function describe(row: number | null, field: string | null, detail: string): string {
  if (row === null) return field === null ? detail : `${field}: ${detail}`;
  return field === null ? `Row ${row}: ${detail}` : `Row ${row}, field ${field}: ${detail}`;
}

/** What the whole-input (non-streaming) parsers return: all rows, or the first error. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: ParseError };

/** A single value's check: the parsed value, or why not (a phrase the caller prefixes with row/field). */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

export const good = <T>(value: T): Checked<T> => ({ ok: true, value });
export const bad = (reason: string): Checked<never> => ({ ok: false, reason });

/** Runs a parser that throws ParseError and turns that (only that) into a result. */
export function capture<T>(run: () => T): ParseResult<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, error };
    throw error;
  }
}

/** A value as it appears in a message: quoted, escaped, and short enough to read. */
export function shown(value: string): string {
  const cut = value.length > 40 ? `${value.slice(0, 37)}...` : value;
  return JSON.stringify(cut);
}
