import { formatOffset, offsetAt } from '@homeview/domain';
import { EXPORT_MPAN, GAS_MPRN, IMPORT_MPAN, SERIALS } from './octopus-account';
import type { StandinFaults } from './octopus-faults';
import { exportSeries, gasSeries, type Row, refitSeries } from './octopus-series';
import { ZONE } from './real-series';

// A meter's consumption as the Octopus API pages it (`next` links, newest first unless order_by=period),
// with the faults that bend the answer itself: hidden or unpublished slots, rows outside the range, a page
// sent twice, figures that are no energy, a meter swap, a shift in time.

export interface ConsumptionAnswer {
  status: number;
  body: unknown;
}

const isoCache = new Map<number, string>();
/** Times go out with the local offset (Z in winter, +01:00 in summer), as Octopus sends them. */
const iso = (t: number) => {
  const cached = isoCache.get(t);
  if (cached !== undefined) return cached;
  const off = offsetAt(t, ZONE);
  const text = new Date((t + off) * 1000).toISOString().slice(0, 19);
  const out = off === 0 ? `${text}Z` : `${text}${formatOffset(off)}`;
  isoCache.set(t, out);
  return out;
};

function unshiftedRowsOf(faults: StandinFaults, point: string, serial: string): Row[] | null {
  const swapAt = faults.swapAt;
  if (point === IMPORT_MPAN && serial === SERIALS.import)
    return swapAt === null ? refitSeries() : refitSeries().filter((r) => r.start < swapAt);
  if (point === IMPORT_MPAN && serial === SERIALS.swapped && swapAt !== null)
    return refitSeries().filter((r) => r.start >= swapAt);
  if (point === EXPORT_MPAN && serial === SERIALS.export && faults.exportMpan) return exportSeries();
  if (point === GAS_MPRN && serial === SERIALS.gas && faults.gasMprn) return gasSeries();
  return null;
}

/** A meter's rows as served now (moved by the shift); null: no such meter on the account. */
function rowsOf(faults: StandinFaults, point: string, serial: string): Row[] | null {
  const rows = unshiftedRowsOf(faults, point, serial);
  const shift = point === GAS_MPRN ? (faults.gasShiftS ?? faults.shiftS) : faults.shiftS;
  return rows === null || shift === 0 ? rows : rows.map((r) => ({ start: r.start + shift, kwh: r.kwh }));
}

/** One page of one meter's consumption for this URL. */
export function consumptionPage(
  faults: StandinFaults,
  url: URL,
  point: string,
  serial: string,
): ConsumptionAnswer {
  const q = url.searchParams;
  const from = Date.parse(q.get('period_from') ?? '') / 1000;
  const to = Date.parse(q.get('period_to') ?? '') / 1000;
  const asked = Number(q.get('page_size') ?? 100);
  const page = Number(q.get('page') ?? 1);
  if (!(asked >= 1 && asked <= 25_000)) return { status: 400, body: { page_size: ['at most 25000'] } };
  const rows = rowsOf(faults, point, serial);
  if (rows === null) return { status: 404, body: { detail: 'Not found.' } };
  const hides = faults.hiddenSerial === null || faults.hiddenSerial === serial;
  const published = rows.filter(
    (r) => r.start + 1800 <= faults.publishedUntil && !(hides && faults.hidden.has(r.start)),
  );
  const inRange = published.filter(
    (r) => (Number.isNaN(from) || r.start >= from) && (Number.isNaN(to) || r.start < to),
  );
  if (q.get('order_by') !== 'period') inRange.reverse();
  const size = Math.min(asked, faults.pageSize);
  const slice = inRange.slice((page - 1) * size, page * size);
  if (faults.outside && page === 1) {
    const before = published.filter((r) => r.start < from).at(-1);
    const after = published.find((r) => r.start >= to);
    if (before) slice.unshift(before);
    if (after) slice.push(after);
  }
  const more = page * size < inRange.length;
  const again = faults.duplicatePage && page === 2 && !q.has('again');
  const nextUrl = new URL(url.href);
  if (again) {
    nextUrl.searchParams.set('again', '1'); // page 2 once more, then page 3
  } else {
    nextUrl.searchParams.delete('again');
    nextUrl.searchParams.set('page', String(page + 1));
  }
  return {
    status: 200,
    body: {
      count: inRange.length,
      next: more || again ? nextUrl.href : null,
      previous: page > 1 ? url.href : null,
      results: slice.map((r) => ({
        consumption: faults.figures.has(r.start) ? faults.figures.get(r.start) : r.kwh,
        interval_start: iso(r.start),
        interval_end: iso(r.start + 1800),
      })),
    },
  };
}
