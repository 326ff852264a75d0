import { checkReading, type Reading, type ReadingField } from '../../features/readings/reading';
import { ParseError } from './errors';
import { formatUtc } from './time';

// The reading and its rules live with the write path (features/readings/reading.ts); the parsers use
// them from here.
export {
  checkReading,
  HALF_HOUR_S,
  MAX_POWER_W,
  maxWhIn,
  type Reading,
  type ReadingField,
  type ReadingIssue,
} from '../../features/readings/reading';

/**
 * Remembers which seconds a batch already covers, as merged [from, to) ranges, so a repeat or overlap is
 * caught in any row order while memory grows with the number of gaps, not rows: a complete, sorted
 * 100 MB file is a single range.
 */
export class Coverage {
  readonly #from: number[] = [];
  readonly #to: number[] = [];

  /** Adds [from, to); returns false (and adds nothing) if any second of it is already covered. */
  add(from: number, to: number): boolean {
    const froms = this.#from;
    const tos = this.#to;
    // First range ending after `from`: the only one that can overlap or follow.
    let lo = 0;
    let hi = tos.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((tos[mid] ?? 0) > from) hi = mid;
      else lo = mid + 1;
    }
    if (lo < froms.length && (froms[lo] ?? 0) < to) return false;
    const joinsPrev = lo > 0 && tos[lo - 1] === from;
    const joinsNext = lo < froms.length && froms[lo] === to;
    if (joinsPrev && joinsNext) {
      tos[lo - 1] = tos[lo] ?? to;
      froms.splice(lo, 1);
      tos.splice(lo, 1);
    } else if (joinsPrev) tos[lo - 1] = to;
    else if (joinsNext) froms[lo] = from;
    else {
      froms.splice(lo, 0, from);
      tos.splice(lo, 0, to);
    }
    return true;
  }

  /** Number of disjoint covered ranges (1 for a complete series). */
  get ranges(): number {
    return this.#from.length;
  }
}

/**
 * Coverage of one batch of readings plus the starts seen, so an exact repeat of a key (same start) can be
 * told from a genuine overlap. The set grows with the rows (about 16 bytes each: ~8 MB for a year of
 * 1-minute readings), which bounds nothing a batch or file limit does not already bound.
 */
export class ReadingCoverage {
  readonly #coverage = new Coverage();
  readonly #starts = new Set<number>();

  /** 'new' (recorded), 'repeat' (this start was seen: nothing recorded) or 'overlap'. */
  add(r: Reading): 'new' | 'repeat' | 'overlap' {
    if (this.#starts.has(r.start)) return 'repeat';
    if (!this.#coverage.add(r.start, r.start + r.interval_s)) return 'overlap';
    this.#starts.add(r.start);
    return 'new';
  }
}

/**
 * Checks a reading built from one input row and records it in `coverage`, throwing a ParseError that names
 * the row and the input's own name for the field (`Consumption (kwh)`, `readings[3].start`…). A repeat of
 * a start already seen passes (see Reading): the caller keeps the first.
 */
export function admitReading(
  r: Reading,
  row: number | null,
  fieldName: (field: ReadingField) => string,
  coverage: ReadingCoverage,
): Reading {
  const issue = checkReading(r);
  if (issue !== null) throw new ParseError(row, fieldName(issue.field), issue.detail);
  if (coverage.add(r) === 'overlap') {
    throw new ParseError(
      row,
      fieldName('start'),
      `the reading from ${formatUtc(r.start)} (${r.interval_s} s) overlaps an earlier reading in this batch`,
    );
  }
  return r;
}
