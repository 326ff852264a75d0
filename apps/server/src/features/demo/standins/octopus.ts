import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatOffset, instantOfLocal, localParts, offsetAt } from '@homeview/domain';
import {
  answerProducts,
  GAS_AGREEMENTS,
  isProductPath,
  type ProductFaults,
  REGION,
  VARIABLE,
} from './octopus-products';
import { realFile } from '../../../shared/real-data';
import { REFIT_FILE, wriggyGas } from './real-series';

// A local stand-in for the Octopus Energy REST API (../shared/design/suppliers.md), for tests (no test
// reaches the internet) and for the demo's Octopus-connected home (DEMO_SUPPLIER: ../octopus-home.ts). It serves the documented shapes (GET /v1/accounts/{number}/ and each meter
// serial's consumption with `next` pages, HTTP Basic with the key as the user) from real data: REFIT
// house 20's half-hours (../shared/data/real/refit-house20-halfhourly, read in place, never copied) as
// an electricity import MPAN. Its times are a naive UK clock with 48 rows on every date (SOURCE.md): on
// the spring day the two rows of the skipped hour (01:00, 01:30) do not exist and are left out (46); on
// the autumn day the two rows of the repeated hour are served for both of its occurrences (50). Times go
// out with the local offset (Z in winter, +01:00 in summer), as Octopus sends them.
// Faults, changeable while it runs (`faults`): 5xx bursts, 429 with Retry-After, requests that never
// answer, a smaller page size and a page sent twice, rows outside the asked range, slots hidden until
// released (late data), a meter swap (a second serial continuing the series), an export MPAN, a gas MPRN
// (an SMETS2 meter: m³, gasSeries), answers that are not JSON, figures that are no energy (negative, not a
// number), and 401 for any other key.

const CSV = realFile(REFIT_FILE);
const ZONE = 'Europe/London';

export interface Row {
  start: number;
  /** kWh as the file writes it (4 decimals). */
  kwh: number;
}

let series: Row[] | undefined;

/** REFIT house 20's half-hours as UTC slots, ascending (the stand-in's import series). */
export function refitSeries(): Row[] {
  if (series) return series;
  const rows: Row[] = [];
  const lines = readFileSync(CSV, 'utf8').trim().split('\n').slice(1);
  for (const line of lines) {
    const [stamp, kwh] = line.split(',') as [string, string];
    const [date, time] = stamp.split(' ') as [string, string];
    const [h, m] = time.split(':').map(Number) as [number, number];
    const second = h * 3600 + m * 60;
    for (const which of ['earlier', 'later'] as const) {
      const start = instantOfLocal(date, second, ZONE, which);
      const p = localParts(start, ZONE);
      if (p.date !== date || p.hour !== h || p.minute !== m) break; // the skipped hour
      if (which === 'later' && start === rows.at(-1)?.start) break; // not a repeated hour
      rows.push({ start, kwh: Number(kwh) });
    }
  }
  rows.sort((a, b) => a.start - b.start);
  series = rows;
  return rows;
}

let gas: Row[] | undefined;

/**
 * The gas MPRN as an SMETS2 meter counts it, in m³ to 3 decimals (`kwh` holds m³ here): the daily gas of
 * wriggy/home-carbon shaped into half-hours (glowmarkt-standin-data.ts, 2021-03-15 → 2023-06-30), each
 * half-hour's Wh as the litres 39.5 MJ/m³ gives them (1 m³ ≈ 11,220.6 Wh), rounded to the litre. Shaped
 * data: the daily totals are real, the m³ are what a meter at that calorific value would have counted.
 */
export function gasSeries(): Row[] {
  if (gas) return gas;
  gas = [...wriggyGas().slots]
    .filter((e): e is [number, number] => e[1] !== null)
    .map(([start, wh]) => ({ start, kwh: Math.round((wh * 3_600_000) / (102_264 * 395)) / 1000 }))
    .sort((a, b) => a.start - b.start);
  return gas;
}

/** A deterministic export series on the same slots: 0.2 kWh 10:00–15:00 local, else 0. */
export function exportSeries(): Row[] {
  return refitSeries().map((r) => {
    const hour = localParts(r.start, ZONE).hour;
    return { start: r.start, kwh: hour >= 10 && hour < 15 ? 0.2 : 0 };
  });
}

export interface Agreement {
  tariff_code: string;
  valid_from: string;
  valid_to: string | null;
}

/** Products and rates (no auth): octopus-products-standin.ts. */
export interface StandinFaults extends ProductFaults {
  /** The import MPAN's agreements (default: the variable single-rate product since 2014). */
  agreements: Agreement[];
  /** The gas MPRN's agreements (default: the variable product's G-1R tariff since 2014). */
  gasAgreements: Agreement[];
  /** The next this many consumption requests answer 503. */
  errors5xx: number;
  /** The next this many consumption requests answer 429 with this Retry-After. */
  rateLimited: number;
  retryAfterS: number;
  /** The next this many consumption requests never answer. */
  hang: number;
  /** Consumption requests of this serial never answer while set. */
  hangSerial: string | null;
  /** The next this many consumption requests answer 200 with a body of another shape. */
  badShape: number;
  /** Rows a page holds at most (the API's 25,000, or fewer to make pages). */
  pageSize: number;
  /** Page 2 is sent twice (its `next` is another URL for the same page). */
  duplicatePage: boolean;
  /** A row before the asked range and one at its end are added to the answer. */
  outside: boolean;
  /** Slots not served (yet): late data, released by deleting them. */
  hidden: Set<number>;
  /** Hidden slots are hidden from this serial only; null: from every serial. */
  hiddenSerial: string | null;
  /** From this instant the import series comes from a second serial (a meter swap); null: one serial. */
  swapAt: number | null;
  /** An export MPAN on the account. */
  exportMpan: boolean;
  /** A gas MPRN on the account. */
  gasMprn: boolean;
  /** The next this many consumption requests (of `badJsonSerial`, or any) answer 200 with a body that is
   * not JSON (a literal NaN, as a Python server writes it). */
  badJson: number;
  badJsonSerial: string | null;
  /** Slots whose consumption is sent as this instead (a negative figure, a string): no energy. */
  figures: Map<number, unknown>;
  /** Every series moved by this many seconds (whole days: the demo and process tests' real clock). */
  shiftS: number;
  /** The gas series moved by this many seconds instead (its real data is of other years); null: shiftS. */
  gasShiftS: number | null;
  /** Every request answers 401 (the key was revoked). */
  refuseAll: boolean;
  /** Slots after this are not published yet. */
  publishedUntil: number;
}

export interface StandinCall {
  path: string;
  kind: 'account' | 'consumption' | 'products' | 'other';
  serial?: string;
  point?: string;
  from?: string;
  to?: string;
  page?: number;
  status: number;
}

export const STANDIN_KEY = 'sk_test_standin0123456789';
export const STANDIN_ACCOUNT = 'A-12AB34CD';
export const IMPORT_MPAN = '1900001234567';
export const EXPORT_MPAN = '1900009876543';
export const GAS_MPRN = '8888777766';
export const SERIALS = {
  import: '21L0000001',
  swapped: '22L0000002',
  export: '21E0000003',
  gas: 'G4A0000004',
};

export interface OctopusStandin {
  url: string;
  faults: StandinFaults;
  calls: StandinCall[];
  /** Consumption calls of one serial (or all). */
  consumptionCalls(serial?: string): StandinCall[];
  close(): Promise<void>;
}

const isoCache = new Map<number, string>();
const iso = (t: number) => {
  const cached = isoCache.get(t);
  if (cached !== undefined) return cached;
  const off = offsetAt(t, ZONE);
  const text = new Date((t + off) * 1000).toISOString().slice(0, 19);
  const out = off === 0 ? `${text}Z` : `${text}${formatOffset(off)}`;
  isoCache.set(t, out);
  return out;
};

/** The faults a stand-in starts with (tests reset to them between cases). */
export const NO_FAULTS = (): StandinFaults => ({
  agreements: [
    { tariff_code: `E-1R-${VARIABLE}-${REGION}`, valid_from: '2014-01-01T00:00:00Z', valid_to: null },
  ],
  gasAgreements: GAS_AGREEMENTS(),
  productErrors: 0,
  ratePageSize: 1500,
  errors5xx: 0,
  rateLimited: 0,
  retryAfterS: 120,
  hang: 0,
  badShape: 0,
  hangSerial: null,
  pageSize: 25_000,
  duplicatePage: false,
  outside: false,
  hidden: new Set(),
  hiddenSerial: null,
  swapAt: null,
  exportMpan: false,
  gasMprn: false,
  badJson: 0,
  badJsonSerial: null,
  figures: new Map(),
  shiftS: 0,
  gasShiftS: null,
  refuseAll: false,
  publishedUntil: Number.POSITIVE_INFINITY,
});

export async function startOctopusStandin(initial: Partial<StandinFaults> = {}): Promise<OctopusStandin> {
  const faults: StandinFaults = { ...NO_FAULTS(), ...initial };

  const calls: StandinCall[] = [];
  const authorised = (req: IncomingMessage) =>
    req.headers.authorization === `Basic ${Buffer.from(`${STANDIN_KEY}:`).toString('base64')}`;
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

  const account = () => {
    const meter = (serial: string) => ({
      serial_number: serial,
      registers: [{ identifier: '1', rate: 'STANDARD', is_settlement_register: true }],
    });
    const agreements = faults.agreements;
    const electricity = [
      {
        mpan: IMPORT_MPAN,
        profile_class: 1,
        consumption_standard: 2900,
        meters: [meter(SERIALS.import), ...(faults.swapAt === null ? [] : [meter(SERIALS.swapped)])],
        agreements,
        is_export: false,
      },
      ...(faults.exportMpan
        ? [
            {
              mpan: EXPORT_MPAN,
              profile_class: 1,
              consumption_standard: 0,
              meters: [meter(SERIALS.export)],
              agreements,
              is_export: true,
            },
          ]
        : []),
    ];
    return {
      number: STANDIN_ACCOUNT,
      properties: [
        // A home moved out of: its meters are not the account's now.
        {
          id: 1,
          moved_in_at: '2010-01-01T00:00:00Z',
          moved_out_at: '2013-12-31T00:00:00Z',
          address_line_1: '1 Old Road',
          town: 'Loughborough',
          postcode: 'LE11 1AA',
          electricity_meter_points: [
            { mpan: '1900000000000', meters: [meter('OLD0000000')], agreements, is_export: false },
          ],
          gas_meter_points: [],
        },
        {
          id: 2,
          moved_in_at: '2014-01-01T00:00:00Z',
          moved_out_at: null,
          address_line_1: '20 Refit Close',
          town: 'Loughborough',
          postcode: 'LE11 2ZZ',
          electricity_meter_points: electricity,
          gas_meter_points: faults.gasMprn
            ? [
                {
                  mprn: GAS_MPRN,
                  consumption_standard: 12000,
                  meters: [{ serial_number: SERIALS.gas }],
                  agreements: faults.gasAgreements,
                },
              ]
            : [],
        },
      ],
    };
  };

  const rowsOf = (point: string, serial: string): Row[] | null => {
    const rows = unshiftedRowsOf(point, serial);
    const shift = point === GAS_MPRN ? (faults.gasShiftS ?? faults.shiftS) : faults.shiftS;
    return rows === null || shift === 0 ? rows : rows.map((r) => ({ start: r.start + shift, kwh: r.kwh }));
  };
  const unshiftedRowsOf = (point: string, serial: string): Row[] | null => {
    if (point === IMPORT_MPAN && serial === SERIALS.import)
      return faults.swapAt === null
        ? refitSeries()
        : refitSeries().filter((r) => r.start < (faults.swapAt as number));
    if (point === IMPORT_MPAN && serial === SERIALS.swapped && faults.swapAt !== null)
      return refitSeries().filter((r) => r.start >= (faults.swapAt as number));
    if (point === EXPORT_MPAN && serial === SERIALS.export && faults.exportMpan) return exportSeries();
    if (point === GAS_MPRN && serial === SERIALS.gas && faults.gasMprn) return gasSeries();
    return null;
  };

  const consumption = (res: ServerResponse, url: URL, call: StandinCall) => {
    const q = url.searchParams;
    const from = Date.parse(q.get('period_from') ?? '') / 1000;
    const to = Date.parse(q.get('period_to') ?? '') / 1000;
    const asked = Number(q.get('page_size') ?? 100);
    const page = Number(q.get('page') ?? 1);
    if (!(asked >= 1 && asked <= 25_000)) return json(res, 400, { page_size: ['at most 25000'] });
    const rows = rowsOf(call.point as string, call.serial as string);
    if (rows === null) return json(res, 404, { detail: 'Not found.' });
    const hides = faults.hiddenSerial === null || faults.hiddenSerial === call.serial;
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
    const nextUrl = new URL(url.href);
    if (faults.duplicatePage && page === 2 && !q.has('again')) {
      nextUrl.searchParams.set('again', '1'); // page 2 once more, then page 3
    } else {
      nextUrl.searchParams.delete('again');
      nextUrl.searchParams.set('page', String(page + 1));
    }
    json(res, 200, {
      count: inRange.length,
      next: more || (faults.duplicatePage && page === 2 && !q.has('again')) ? nextUrl.href : null,
      previous: page > 1 ? url.href : null,
      results: slice.map((r) => ({
        consumption: faults.figures.has(r.start) ? faults.figures.get(r.start) : r.kwh,
        interval_start: iso(r.start),
        interval_end: iso(r.start + 1800),
      })),
    });
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const accountMatch = /^\/v1\/accounts\/([^/]+)\/$/.exec(url.pathname);
    const consumptionMatch =
      /^\/v1\/(electricity|gas)-meter-points\/([^/]+)\/meters\/([^/]+)\/consumption\/$/.exec(url.pathname);
    const call: StandinCall = {
      path: url.pathname,
      kind: accountMatch
        ? 'account'
        : consumptionMatch
          ? 'consumption'
          : isProductPath(url.pathname)
            ? 'products'
            : 'other',
      status: 200,
      ...(consumptionMatch
        ? {
            point: decodeURIComponent(consumptionMatch[2] as string),
            serial: decodeURIComponent(consumptionMatch[3] as string),
          }
        : {}),
    };
    if (consumptionMatch)
      Object.assign(call, {
        from: url.searchParams.get('period_from') ?? undefined,
        to: url.searchParams.get('period_to') ?? undefined,
        page: Number(url.searchParams.get('page') ?? 1),
      });
    calls.push(call);
    const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
      call.status = status;
      json(res, status, body, headers);
    };
    if (call.kind === 'products') {
      call.status = answerProducts(res, url, faults);
      return;
    }
    if (!authorised(req) || faults.refuseAll)
      return answer(401, { detail: 'Authentication credentials were not provided.' });
    if (accountMatch) {
      if (decodeURIComponent(accountMatch[1] as string) !== STANDIN_ACCOUNT)
        return answer(404, { detail: 'Not found.' });
      return answer(200, account());
    }
    if (!consumptionMatch) return answer(404, { detail: 'Not found.' });
    if (faults.hangSerial !== null && faults.hangSerial === call.serial) {
      call.status = 0;
      return; // never answers
    }
    if (faults.hang > 0) {
      faults.hang -= 1;
      call.status = 0;
      return; // never answers
    }
    if (faults.errors5xx > 0) {
      faults.errors5xx -= 1;
      return answer(503, { detail: 'Service unavailable' });
    }
    if (faults.badShape > 0) {
      faults.badShape -= 1;
      return answer(200, { count: 'many', results: 'soon' });
    }
    if (faults.badJson > 0 && (faults.badJsonSerial === null || faults.badJsonSerial === call.serial)) {
      faults.badJson -= 1;
      call.status = 200;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"count": 1, "next": null, "previous": null, "results": [{"consumption": NaN}]}');
      return;
    }
    if (faults.rateLimited > 0) {
      faults.rateLimited -= 1;
      return answer(429, { detail: 'Request was throttled.' }, { 'retry-after': String(faults.retryAfterS) });
    }
    consumption(res, url, call);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    calls,
    consumptionCalls: (serial) =>
      calls.filter((c) => c.kind === 'consumption' && (serial === undefined || c.serial === serial)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
