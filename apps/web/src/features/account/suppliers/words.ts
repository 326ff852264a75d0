import {
  SUPPLIER_KIND_TEXT,
  type SupplierConnection,
  type SupplierKind,
  type SupplierMeter,
} from '@homeview/contract/web';
import { dayLabel, localDateOf, timeAndDayLabel, timeLabel, type Zone } from '../../../shared/time';

// What the Supplier data screen says about a connection and its meters, in words; every time in the home's
// zone (`time_zone` of the answer), through the one formatter (shared/time).

export const supplierName = (kind: SupplierKind): string => SUPPLIER_KIND_TEXT[kind];

/** What identifies the account, shown only by its end: '…ABCD'. */
export const ending = (end: string): string => `…${end}`;

/** 'Electricity (import)', 'Electricity (export)', 'Gas'. */
export function fuelLabel(m: Pick<SupplierMeter, 'fuel' | 'direction'>): string {
  if (m.fuel === 'gas') return 'Gas';
  return `Electricity (${m.direction})`;
}

/** What the end of `point_end` is the end of: the MPAN or MPRN at Octopus, the resource's id at Bright. */
export function pointName(kind: SupplierKind, m: Pick<SupplierMeter, 'fuel'>): string {
  if (kind === 'bright') return 'Bright resource';
  return m.fuel === 'gas' ? 'MPRN' : 'MPAN';
}

/**
 * How many days after its day a supplier usually has a day's half-hours: Octopus and the DCC (Bright)
 * publish them the next day, often 2 days later (../shared/design/suppliers.md). Data ending earlier than
 * that is said to be behind, never "up to date".
 */
export const USUAL_LAG_DAYS = 2;
/** USUAL_LAG_DAYS as a person reads it. */
export const USUAL_LAG_WORDS = '1–2 days';

/** Local days from the last complete day `dataThrough` ends to today, in the home's zone (1: yesterday). */
export function daysBehind(dataThrough: number, now: number, zone: Zone): number {
  const last = Date.parse(localDateOf(dataThrough - 1, zone));
  return Math.round((Date.parse(localDateOf(now, zone)) - last) / 86_400_000);
}

/**
 * Whether data ending at `dataThrough` reaches as far as a supplier usually has it: up to today's or
 * yesterday's local midnight or later. The one rule of "behind", for this screen and /my-home's lozenge.
 */
export const withinUsualLag = (dataThrough: number, now: number, zone: Zone): boolean =>
  daysBehind(dataThrough, now, zone) <= USUAL_LAG_DAYS;

/**
 * 'data up to 29-11-26': `data_through` is the end of the last complete local day stored (that day's next
 * midnight), so the day named is the one just before it; ', 8 days ago' when that is longer ago than
 * usual. Null before any day is complete.
 */
export function dataUpToLabel(
  m: Pick<SupplierMeter, 'data_through' | 'stored'>,
  zone: Zone,
  now: number,
): string {
  if (m.data_through === null) return m.stored ? 'no complete day yet' : 'not fetched';
  const late = withinUsualLag(m.data_through, now, zone)
    ? ''
    : `, ${daysBehind(m.data_through, now, zone)} days ago`;
  return `data up to ${dayLabel(m.data_through - 1, zone)}${late}`;
}

/** Where an up-to-date connection's stored data ends: its meter furthest behind, and how far. */
function furthestBehind(meters: readonly SupplierMeter[], now: number, zone: Zone) {
  const ends = meters.filter((m) => m.stored && m.data_through !== null);
  if (ends.length === 0) return null;
  const last = ends.reduce((a, b) => ((b.data_through as number) < (a.data_through as number) ? b : a));
  const through = last.data_through as number;
  const behind = daysBehind(through, now, zone);
  const alone = ends.filter((m) => !withinUsualLag(m.data_through as number, now, zone));
  return {
    day: dayLabel(through - 1, zone),
    behind,
    late: !withinUsualLag(through, now, zone),
    // Named when only some meters are behind: 'Gas data up to …'.
    who: alone.length > 0 && alone.length < ends.length ? `${fuelLabel(last)} data` : 'Data',
  };
}

/** For a meter found whose fuel this HomeView does not store yet: said plainly, not left as a blank. */
export function notStoredLabel(m: Pick<SupplierMeter, 'fuel' | 'direction'>): string {
  return `${fuelLabel(m)} is found but not shown yet: this HomeView does not store it yet.`;
}

/** '14:05' today in the home, '14:05 02-12-26' on another day. */
export const clockLabel = (ts: number, now: number, zone: Zone): string =>
  dayLabel(ts, zone) === dayLabel(now, zone) ? timeLabel(ts, zone) : timeAndDayLabel(ts, zone);

/** '14:05 01-12-26', or a word when there is none. */
export const whenLabel = (ts: number | null, zone: Zone, none: string): string =>
  ts === null ? none : timeAndDayLabel(ts, zone);

export type Tone = 'good' | 'warn' | 'bad' | 'quiet';

/** The state as a short word (the badge), a sentence, and a tone (the badge's colour). */
export function stateWords(
  c: Pick<SupplierConnection, 'kind' | 'state' | 'progress' | 'next_fetch_at' | 'meters'>,
  now: number,
  zone: Zone,
): { word: string; sentence: string; tone: Tone } {
  const name = supplierName(c.kind);
  const next = c.next_fetch_at;
  switch (c.state) {
    case 'filling':
      return {
        word: 'Filling',
        sentence: `Fetching the last 13 months from ${name}, oldest first: ${c.progress ?? 0}% done.`,
        tone: 'quiet',
      };
    case 'up_to_date': {
      // "Up to date" only when the data reaches as far as the supplier usually has it.
      const end = furthestBehind(c.meters, now, zone);
      if (end === null)
        return {
          word: 'Up to date',
          sentence: `No complete day stored yet: topped up every few hours as ${name} publishes them.`,
          tone: 'quiet',
        };
      if (end.late)
        return {
          word: 'Behind',
          sentence:
            `${end.who} up to ${end.day}, ${end.behind} days ago: later than ${name}'s usual ${USUAL_LAG_WORDS}. ` +
            `Topped up every few hours; later days are stored as soon as ${name} has them.`,
          tone: 'warn',
        };
      return {
        word: 'Up to date',
        sentence:
          `Up to date: data up to ${end.day}, as ${name} usually has it (a day comes 1–2 days later); ` +
          'topped up every few hours, and the last days read again until they are complete.',
        tone: 'good',
      };
    }
    case 'retrying':
      return {
        word: 'Retrying',
        sentence:
          next === null
            ? `${name} did not answer; trying again soon. Nothing is lost.`
            : `${name} did not answer; trying again at ${clockLabel(next, now, zone)}. Nothing is lost.`,
        tone: 'warn',
      };
    case 'credentials_refused':
      return {
        word: 'Refused',
        sentence:
          c.kind === 'octopus'
            ? `${name} refused the key: connect again with a new one.`
            : `${name} refused the email and password: connect again with the ones the Bright app takes.`,
        tone: 'bad',
      };
  }
}

/** A gas meter's unit as a person reads it: what it counts, and which meters count so. */
export const GAS_UNIT_TEXT: Record<SupplierMeter['unit'], string> = {
  m3: 'cubic metres (m³), as SMETS2 meters do',
  kWh: 'kWh, as SMETS1 meters do',
};

/**
 * 'reports in cubic metres (m³), as SMETS2 meters do; shown as kWh (as you set it)'. An electricity
 * meter's unit is always kWh and goes unsaid.
 */
export function unitWords(m: Pick<SupplierMeter, 'fuel' | 'unit' | 'unit_set_by' | 'stored'>): string | null {
  if (m.fuel !== 'gas') return null;
  const shown = m.unit === 'm3' && m.stored ? '; shown as kWh' : '';
  const said = m.unit_set_by === 'user' ? ' (as you set it)' : '';
  return `reports in ${GAS_UNIT_TEXT[m.unit]}${shown}${said}`;
}

/** '3 figures from Octopus Energy were refused': the supplier's figures not stored (negative, not a number,
 *  an answer that was not JSON), said whenever there are any, never hidden. */
export function rejectedWords(kind: SupplierKind, rejected: number): string | null {
  if (rejected <= 0) return null;
  const figures = rejected === 1 ? '1 figure' : `${rejected.toLocaleString('en-GB')} figures`;
  return `${figures} from ${supplierName(kind)} ${rejected === 1 ? 'was' : 'were'} refused`;
}

/** A calorific value as a bill prints it: one decimal (39.5, 40.0). */
export const calorificLabel = (mjPerM3: number): string => `${mjPerM3.toFixed(1)} MJ/m³`;
