import type { Fuel } from '@homeview/contract';

// What every supplier's client gives the fill (issue 35): the meters an account holds and their
// half-hours, in one shape whatever the supplier's own. A client validates every answer with a schema,
// drops rows outside the range asked, keeps a missing half-hour as a gap (null, never 0) and says how an
// answer failed in a SupplierError, so the fill can back off, ask again later, or tell the owner.

export interface SupplierMeterRef {
  fuel: Fuel;
  direction: 'import' | 'export';
  /** MPAN or MPRN (Octopus); the resource id (Bright). Stored, shown only as its last 4 characters. */
  point: string;
  /** The meter's serial; a swapped meter is a second serial on the same point (one series). */
  serials: readonly string[];
  /** What the supplier reports in: SMETS2 gas in m³; the rest kWh. */
  unit: 'kWh' | 'm3';
}

export interface HalfHour {
  /** The slot's start, epoch seconds, on a half-hour boundary (UTC). */
  start: number;
  /**
   * The supplier's figure for the slot in the meter's `unit` (kWh or m³), as the answer wrote it; null: the
   * supplier has none (a gap). A figure that cannot be energy (negative, not a number: NaN) is passed on
   * as it came, for the fill to refuse, count and log (kwh.ts turns figures into Wh in one place).
   */
  value: number | null;
}

/** A figure of an answer as a HalfHour's value: null a gap; a number as sent; anything else NaN (refused). */
export function figureOf(consumption: unknown): number | null {
  if (consumption === null || consumption === undefined) return null;
  return typeof consumption === 'number' ? consumption : Number.NaN;
}

export interface SupplierSource {
  /** The meters of the account (checks the credentials: a refusal is a SupplierError 'credentials'). */
  meters(): Promise<SupplierMeterRef[]>;
  /** The half-hours of `meter` starting in [fromS, toS), oldest first, each slot at most once. */
  halfHours(meter: SupplierMeterRef, fromS: number, toS: number): Promise<HalfHour[]>;
  /** The longest span one `halfHours` call should ask for (the API's page or its documented limit). */
  readonly maxSpanS: number;
  /** Calls made so far (the fill's figures: calls per meter). */
  readonly calls: number;
  /**
   * The outward code (SW1A) of the account's home as the last `meters()` read it; null when the answer had
   * none a postcode can be read from; absent for a supplier that does not say (Bright).
   */
  readonly outwardCode?: string | null;
}

export type SupplierProblem =
  /** The key or password was refused (401/403): no retry until the owner connects again. */
  | 'credentials'
  /** 429: try again after `retryAfterS`. */
  | 'rate_limited'
  /** 5xx, a timeout, a refused connection: try again with backoff. */
  | 'unavailable'
  /** An answer that does not match the documented shape: counted and logged, retried later. */
  | 'bad_answer';

export class SupplierError extends Error {
  constructor(
    readonly problem: SupplierProblem,
    message: string,
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'SupplierError';
  }
}
