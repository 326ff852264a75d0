import { microToPounds, poundsToMicro } from './decimal';
import {
  type ClockBasis,
  DAYS_SELECTORS,
  type DaysSelector,
  makeTariff,
  RATE_KINDS,
  type Rate,
  type RateKind,
  type ScheduleEntry,
  scheduledRate,
  type Tariff,
} from './model';

// Conversions between the spec's tariff JSON (§3) and the internal model. Prices in the JSON are pound
// decimals; times are integers HHMM (0, 730, 1600). `clock: 'gmt'` on an entry is our extension for
// Economy 7 windows (absent means local). Dynamic rates have no JSON form: they are written as null and
// listed under `dynamic`.

export interface TariffJsonEntry {
  days: DaysSelector;
  prices: number[];
  times: number[];
  rate_names: string[];
  clock?: ClockBasis;
}

export interface TariffJson {
  import: TariffJsonEntry[] | null;
  export: TariffJsonEntry[] | null;
  generation: TariffJsonEntry[] | null;
  standing_charge: TariffJsonEntry[] | null;
  dynamic?: RateKind[];
}

/** What a client may send: prices as numbers or decimal strings, times as 730 or '0730' or '07:30'. */
export interface TariffJsonEntryInput {
  days: DaysSelector;
  prices: readonly (number | string)[];
  times: readonly (number | string)[];
  rate_names?: readonly string[];
  clock?: ClockBasis;
}

export interface TariffJsonInput {
  import?: readonly TariffJsonEntryInput[] | null;
  export?: readonly TariffJsonEntryInput[] | null;
  generation?: readonly TariffJsonEntryInput[] | null;
  standing_charge?: readonly TariffJsonEntryInput[] | TariffJsonEntryInput | null;
}

/** Fields a tariff write changes: undefined keeps the current value, null clears it (default applies). */
export interface TariffPatch {
  standingCharge?: number | null;
  import?: Rate | null;
  export?: Rate | null;
  generation?: Rate | null;
}

/** A rejected tariff JSON, naming the offending field (e.g. 'import[0].times[2]'). */
export class TariffJsonError extends RangeError {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'TariffJsonError';
    this.field = field;
  }
}

/** HHMM integer (730) or '0730' / '07:30' → minute of day (450); half-hour steps only. */
export function hhmmToMinute(value: number | string): number {
  const text = typeof value === 'number' ? String(value) : value.replace(':', '');
  if (!/^\d{1,4}$/.test(text)) throw new RangeError(`not an HHMM time: ${JSON.stringify(value)}`);
  const n = Number(text);
  const hh = Math.floor(n / 100);
  const mm = n % 100;
  if (hh > 23 || (mm !== 0 && mm !== 30)) throw new RangeError(`not a half-hour step 00:00–23:30: ${value}`);
  return hh * 60 + mm;
}

/** Minute of day (450) → HHMM integer (730). */
export function minuteToHhmm(minute: number): number {
  return Math.floor(minute / 60) * 100 + (minute % 60);
}

/** HHMM integer left-padded to 4 digits for display: 730 → '0730'. */
export function formatHhmm(hhmm: number): string {
  return String(hhmm).padStart(4, '0');
}

function parseEntry(input: TariffJsonEntryInput, field: string): ScheduleEntry & { clock: ClockBasis } {
  if (!DAYS_SELECTORS.includes(input.days))
    throw new TariffJsonError(`${field}.days`, 'must be all, weekdays or weekend');
  const { prices, times } = input;
  const names = input.rate_names ?? prices.map((_, i) => `rate ${i + 1}`);
  if (prices.length === 0) throw new TariffJsonError(`${field}.prices`, 'needs at least one price');
  if (times.length !== prices.length) throw new TariffJsonError(`${field}.times`, 'needs one time per price');
  if (names.length !== prices.length)
    throw new TariffJsonError(`${field}.rate_names`, 'needs one name per price');
  const steps = prices.map((p, i) => {
    let price: number;
    let startMinute: number;
    try {
      price = poundsToMicro(p);
    } catch (e) {
      throw new TariffJsonError(`${field}.prices[${i}]`, (e as Error).message);
    }
    try {
      startMinute = hhmmToMinute(times[i] as number | string);
    } catch (e) {
      throw new TariffJsonError(`${field}.times[${i}]`, (e as Error).message);
    }
    return { startMinute, price, name: String(names[i]) };
  });
  const clock = input.clock ?? 'local';
  if (clock !== 'local' && clock !== 'gmt')
    throw new TariffJsonError(`${field}.clock`, 'must be local or gmt');
  return { days: input.days, steps, clock };
}

function parseRate(entries: readonly TariffJsonEntryInput[] | null, field: string): Rate | null {
  if (entries === null || entries.length === 0) return null; // an empty list clears the rate (§5.2)
  const parsed = entries.map((e, i) => parseEntry(e, `${field}[${i}]`));
  const basis = parsed[0]?.clock ?? 'local';
  if (parsed.some((e) => e.clock !== basis))
    throw new TariffJsonError(`${field}`, 'all entries need the same clock');
  try {
    return scheduledRate(
      parsed.map(({ days, steps }) => ({ days, steps })),
      basis,
    );
  } catch (e) {
    throw new TariffJsonError(field, (e as Error).message);
  }
}

function parseStandingCharge(
  input: readonly TariffJsonEntryInput[] | TariffJsonEntryInput | null,
): number | null {
  const list = input === null ? [] : Array.isArray(input) ? input : [input as TariffJsonEntryInput];
  if (list.length === 0) return null;
  if (list.length > 1) throw new TariffJsonError('standing_charge', 'the standing charge can only be fixed');
  const entry = parseEntry(list[0] as TariffJsonEntryInput, 'standing_charge[0]');
  if (entry.days !== 'all' || entry.steps.length !== 1 || entry.steps[0]?.startMinute !== 0)
    throw new TariffJsonError(
      'standing_charge',
      'the standing charge can only be fixed (days all, times [0])',
    );
  return entry.steps[0].price;
}

/** Parses a tariff write (§7) into the fields it changes. */
export function parseTariffPatch(input: TariffJsonInput): TariffPatch {
  const patch: TariffPatch = {};
  for (const kind of RATE_KINDS) {
    const value = input[kind];
    if (value !== undefined) patch[kind] = parseRate(value, kind);
  }
  if (input.standing_charge !== undefined) patch.standingCharge = parseStandingCharge(input.standing_charge);
  return patch;
}

/** The new tariff version a write creates: the version in force (if any) with the patch applied. */
export function applyTariffPatch(base: Tariff | undefined, patch: TariffPatch, startDate: string): Tariff {
  const pick = <T>(changed: T | undefined, current: T | null | undefined): T | null =>
    changed !== undefined ? changed : (current ?? null);
  return makeTariff({
    startDate,
    standingCharge: pick(patch.standingCharge, base?.standingCharge),
    import: pick(patch.import, base?.import),
    export: pick(patch.export, base?.export),
    generation: pick(patch.generation, base?.generation),
  });
}

/** A whole tariff from JSON; missing keys are unset. */
export function tariffFromJson(input: TariffJsonInput, startDate: string): Tariff {
  return applyTariffPatch(undefined, parseTariffPatch(input), startDate);
}

function rateToJson(rate: Rate | null): TariffJsonEntry[] | null {
  if (rate === null || rate.type === 'dynamic') return null;
  return rate.entries.map((e) => ({
    days: e.days,
    prices: e.steps.map((s) => Number(microToPounds(s.price))),
    times: e.steps.map((s) => minuteToHhmm(s.startMinute)),
    rate_names: e.steps.map((s) => s.name),
    ...(rate.basis === 'gmt' ? { clock: 'gmt' as const } : {}),
  }));
}

/** The spec's JSON for a tariff version; unset rates are null. */
export function tariffToJson(tariff: Tariff): TariffJson {
  const json: TariffJson = {
    import: rateToJson(tariff.import),
    export: rateToJson(tariff.export),
    generation: rateToJson(tariff.generation),
    standing_charge:
      tariff.standingCharge === null
        ? null
        : [
            {
              days: 'all',
              prices: [Number(microToPounds(tariff.standingCharge))],
              times: [0],
              rate_names: ['fix'],
            },
          ],
  };
  const dynamic = RATE_KINDS.filter((k) => tariff[k]?.type === 'dynamic');
  if (dynamic.length > 0) json.dynamic = dynamic;
  return json;
}

/** One row of the rates editor (§3 "Rate form rows"). */
export interface RateFormRow {
  unit_name: string;
  start_time: string; // 'HH:MM'
  unit_price: string; // pounds, up to 6 decimals
}

/** The editor rows of one JSON entry, in start-time order. */
export function rateFormRows(entry: TariffJsonEntry): RateFormRow[] {
  return entry.times.map((hhmm, i) => {
    const padded = formatHhmm(hhmm);
    return {
      unit_name: entry.rate_names[i] ?? '',
      start_time: `${padded.slice(0, 2)}:${padded.slice(2)}`,
      unit_price: microToPounds(poundsToMicro(entry.prices[i] ?? 0)),
    };
  });
}
