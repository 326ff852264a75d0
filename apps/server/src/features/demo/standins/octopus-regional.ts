import { REGION_LETTERS, type RegionLetter, startOfLocalDate, addDays } from '@homeview/domain';
import { AGILE_STANDING_PENCE, agileRows } from './octopus-agile';

// The stand-in's published products for every region (issue 37: regional candidates), in the shapes the
// products endpoints send (octopus-products.ts pages them). Agile (AGILE-18-02-21 and every later AGILE- code): region A's rows are the
// real 2020 prices (octopus-agile.ts); every other region's are A's plus 0.1p per letter after A (B +0.1p,
// C +0.2p … P +1.3p) and its standing charge 21p plus 0.5p per letter — written for the tests, so they can
// work a region's day by hand, not Octopus's figures. Tracker (SILVER-2017-1 and every later SILVER- code): written too, one price per
// local day (Europe/London: its rows run from local midnight to the next, 25 hours on 25 October 2020),
// 15p + 0.5p × (day of the month mod 7) + 0.1p per letter, standing charge 20p plus 0.5p per letter, for
// 2020-01-01 to 2021-03-31. With `replay` (benchmarks, the demo), Agile's half-hours outside 2020 are
// the 2020 price of the same UTC day of the year and time (29 February's for a leap day), so any year has
// prices; Tracker's days likewise run on from 2018 to 2030.

export const TRACKER = 'SILVER-2017-1';
export const TRACKER_FIRST_DAY = '2020-01-01';
export const TRACKER_LAST_DAY = '2021-03-31';

const index = (region: string) => REGION_LETTERS.indexOf(region as RegionLetter);
const round4 = (pence: number) => Math.round(pence * 10_000) / 10_000;

/** p/kWh VAT included, a region's Agile half-hour from region A's. */
export const agileRegionPence = (region: string, aPence: number) => round4(aPence + 0.1 * index(region));
export const agileStandingPence = (region: string) => round4(AGILE_STANDING_PENCE + 0.5 * index(region));

/** p/kWh VAT included, a region's Tracker price on a local date. */
export const trackerPence = (region: string, date: string) =>
  round4(15 + 0.5 * (Number(date.slice(8, 10)) % 7) + 0.1 * index(region));
export const trackerStandingPence = (region: string) => round4(20 + 0.5 * index(region));

export interface RegionalRow {
  from: number;
  to: number;
  incVat: number;
}

const YEAR_2020 = Date.UTC(2020, 0, 1) / 1000;
const SLOT_S = 1800;

/** Region `region`'s Agile half-hours starting in [from, to) (before `until`: published by then). */
export function agileRegionRows(
  region: string,
  from: number,
  to: number,
  until: number,
  replay: boolean,
): RegionalRow[] {
  const rows = agileRows();
  const byStart = new Map(rows.map((r) => [r.from, r.incVat]));
  const out: RegionalRow[] = [];
  const lo = replay ? Math.max(from, Date.UTC(2018, 0, 1) / 1000) : Math.max(from, YEAR_2020);
  const hi = Math.min(to, until, replay ? Date.UTC(2031, 0, 1) / 1000 : YEAR_2020 + 366 * 86_400);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return out;
  for (let slot = Math.ceil(lo / SLOT_S) * SLOT_S; slot < hi; slot += SLOT_S) {
    const d = new Date(slot * 1000);
    const same = Date.UTC(2020, d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()) / 1000;
    const a = byStart.get(d.getUTCFullYear() === 2020 ? slot : same);
    if (a !== undefined) out.push({ from: slot, to: slot + SLOT_S, incVat: agileRegionPence(region, a) });
  }
  return out;
}

/** Region `region`'s Tracker days overlapping [from, to), each published by `until` (its start before it). */
export function trackerRows(
  region: string,
  from: number,
  to: number,
  until: number,
  replay: boolean,
): RegionalRow[] {
  const out: RegionalRow[] = [];
  const [first, last] = replay ? ['2018-01-01', '2030-12-31'] : [TRACKER_FIRST_DAY, TRACKER_LAST_DAY];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const start = startOfLocalDate(day, 'Europe/London');
    if (start >= to || start >= until) break;
    const end = startOfLocalDate(addDays(day, 1), 'Europe/London');
    if (end > from) out.push({ from: start, to: end, incVat: trackerPence(region, day) });
  }
  return out;
}

/** Any Agile (AGILE-…) or Tracker (SILVER-…) code is served the same prices: products relaunch. */
export const REGIONAL_PATH =
  /^\/v1\/products\/((?:AGILE|SILVER)-[^/]+)\/electricity-tariffs\/E-1R-((?:AGILE|SILVER)-[^/]+)-([A-P])\/(standard-unit-rates|standing-charges)\/$/;
