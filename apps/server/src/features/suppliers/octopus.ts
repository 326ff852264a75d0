import { outwardCode } from '@homeview/contract';
import { z } from 'zod';
import type { Fuel } from '../../shared/fuel';
import { figureOf, type HalfHour, SupplierError, type SupplierMeterRef, type SupplierSource } from './source';

// The Octopus Energy REST API as a SupplierSource (../shared/design/suppliers.md): HTTP Basic with the API
// key as the user and an empty password; the account's meters from GET /v1/accounts/{number}/ (the
// property not moved out of), and half-hours from each meter serial's consumption, oldest first in pages
// of up to 25,000 rows, following `next`. Every answer is checked against the documented shape; rows
// outside the asked range, off the half-hour or repeated (a page sent twice) are dropped; a missing
// figure is a gap; a row's figure that is not a number or negative is passed on as NaN or as sent, for the
// fill to refuse and count without losing the page's other rows. Figures are the meter's unit (kWh; m³
// for an SMETS2 gas meter), turned into Wh by the fill (kwh.ts). A swapped meter is a second serial of the same
// point: its rows continue the series, the later serial's winning a slot both report.

export const OCTOPUS_PAGE_SIZE = 25_000;
/** One page holds 25,000 half-hours (520 days): a 13-month fill is one call per serial. */
export const OCTOPUS_MAX_SPAN_S = 500 * 86_400;
export const OCTOPUS_TIMEOUT_MS = 30_000;
/** A chain of `next` links longer than this is an answer gone wrong (25,000 rows a page). */
const MAX_PAGES = 200;

export interface OctopusCredentials {
  apiKey: string;
  accountNumber: string;
}

export interface OctopusOptions {
  baseUrl: string;
  timeoutMs?: number;
}

const Meter = z.object({ serial_number: z.string() });
const Agreement = z.object({
  tariff_code: z.string().min(1),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable().optional(),
});
export type OctopusAgreement = z.infer<typeof Agreement>;
const Account = z.object({
  number: z.string(),
  properties: z.array(
    z.object({
      moved_in_at: z.string().nullable().optional(),
      moved_out_at: z.string().nullable().optional(),
      // Only its outward code is kept (the home's grid region); a postcode of another shape is no postcode,
      // never a refused account.
      postcode: z
        .string()
        .nullable()
        .optional()
        .catch(null)
        .transform((p) => (p ? outwardCode(p) : null)),
      electricity_meter_points: z
        .array(
          z.object({
            mpan: z.string().min(1),
            is_export: z.boolean().optional(),
            meters: z.array(Meter),
            agreements: z.array(Agreement).default([]),
          }),
        )
        .default([]),
      gas_meter_points: z
        .array(
          z.object({
            mprn: z.string().min(1),
            meters: z.array(Meter),
            agreements: z.array(Agreement).default([]),
          }),
        )
        .default([]),
    }),
  ),
});
const Consumption = z.object({
  next: z.string().nullable(),
  results: z.array(
    // A row's figure is checked alone (a bad one is refused by the fill, the page's others kept).
    z.object({ consumption: z.unknown(), interval_start: z.string(), interval_end: z.string() }),
  ),
});

const CREDENTIALS_HELP =
  'check the API key (octopus.energy → Personal details → API access) and the account number (A-…)';

export class OctopusSource implements SupplierSource {
  readonly maxSpanS = OCTOPUS_MAX_SPAN_S;
  calls = 0;
  outwardCode: string | null = null;
  private readonly base: URL;
  private readonly auth: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly credentials: OctopusCredentials,
    options: OctopusOptions,
  ) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.auth = `Basic ${Buffer.from(`${credentials.apiKey}:`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? OCTOPUS_TIMEOUT_MS;
  }

  /** The property not moved out of (else the latest moved into). */
  private async property() {
    const number = encodeURIComponent(this.credentials.accountNumber);
    const account = await this.get(new URL(`v1/accounts/${number}/`, this.base), Account, 'account');
    const live = account.properties.filter((p) => !p.moved_out_at);
    return (
      live.at(-1) ??
      [...account.properties].sort((a, b) => (a.moved_in_at ?? '').localeCompare(b.moved_in_at ?? '')).at(-1)
    );
  }

  /** The account property's agreements (tariff codes and their dates): electricity import and gas. */
  async agreements(): Promise<Record<Fuel, OctopusAgreement[]>> {
    const property = await this.property();
    return {
      electricity: (property?.electricity_meter_points ?? [])
        .filter((p) => !p.is_export)
        .flatMap((p) => p.agreements),
      gas: (property?.gas_meter_points ?? []).flatMap((p) => p.agreements),
    };
  }

  async meters(): Promise<SupplierMeterRef[]> {
    const property = await this.property();
    this.outwardCode = property?.postcode ?? null;
    if (property === undefined) return [];
    const serials = (meters: readonly { serial_number: string }[]) => [
      ...new Set(meters.map((m) => m.serial_number.trim()).filter((s) => s !== '')),
    ];
    return [
      ...property.electricity_meter_points.map(
        (p): SupplierMeterRef => ({
          fuel: 'electricity',
          direction: p.is_export ? 'export' : 'import',
          point: p.mpan,
          serials: serials(p.meters),
          unit: 'kWh',
        }),
      ),
      // The REST API does not say a gas meter's unit; SMETS2 (most meters now) report m³.
      ...property.gas_meter_points.map(
        (p): SupplierMeterRef => ({
          fuel: 'gas',
          direction: 'import',
          point: p.mprn,
          serials: serials(p.meters),
          unit: 'm3',
        }),
      ),
    ];
  }

  async halfHours(meter: SupplierMeterRef, fromS: number, toS: number): Promise<HalfHour[]> {
    const slots = new Map<number, number | null>();
    for (const serial of meter.serials) {
      for (const [start, value] of await this.serialHalfHours(meter, serial, fromS, toS)) {
        // The later serial (a swapped-in meter) wins a slot both report; a gap never hides a figure.
        if (value !== null || !slots.has(start)) slots.set(start, value);
      }
    }
    return [...slots].sort((a, b) => a[0] - b[0]).map(([start, value]) => ({ start, value }));
  }

  private async serialHalfHours(
    meter: SupplierMeterRef,
    serial: string,
    fromS: number,
    toS: number,
  ): Promise<Map<number, number | null>> {
    const points = meter.fuel === 'gas' ? 'gas-meter-points' : 'electricity-meter-points';
    let url: URL | null = new URL(
      `v1/${points}/${encodeURIComponent(meter.point)}/meters/${encodeURIComponent(serial)}/consumption/`,
      this.base,
    );
    url.search = new URLSearchParams({
      period_from: new Date(fromS * 1000).toISOString().replace('.000Z', 'Z'),
      period_to: new Date(toS * 1000).toISOString().replace('.000Z', 'Z'),
      page_size: String(OCTOPUS_PAGE_SIZE),
      order_by: 'period',
    }).toString();
    const rows = new Map<number, number | null>();
    const seen = new Set<string>();
    while (url !== null) {
      if (seen.has(url.href) || seen.size >= MAX_PAGES)
        throw new SupplierError('bad_answer', 'Octopus sent a chain of pages that does not end');
      seen.add(url.href);
      const page: z.infer<typeof Consumption> = await this.get(url, Consumption, 'consumption');
      for (const row of page.results) {
        const start = Date.parse(row.interval_start) / 1000;
        const end = Date.parse(row.interval_end) / 1000;
        // Outside the asked range, or not one half-hour: dropped. Repeats: the first kept.
        if (!Number.isInteger(start) || start % 1800 !== 0 || end - start !== 1800) continue;
        if (start < fromS || start >= toS || rows.has(start)) continue;
        rows.set(start, figureOf(row.consumption));
      }
      url = page.next === null ? null : this.sameOrigin(page.next);
    }
    return rows;
  }

  /** A `next` link on the API's own origin (the key is never sent anywhere else); shared/octopus-rates.ts too. */
  sameOrigin(next: string): URL {
    let url: URL;
    try {
      url = new URL(next, this.base);
    } catch {
      throw new SupplierError('bad_answer', 'Octopus sent a next page that is not a URL');
    }
    if (url.origin !== this.base.origin)
      throw new SupplierError('bad_answer', `Octopus sent a next page on another host (${url.host})`);
    return url;
  }

  /** A path under the API's base URL. */
  url(path: string): URL {
    return new URL(path, this.base);
  }

  /** An answer Octopus should not have sent (shared/octopus-rates.ts: a rate's figures). */
  badAnswer(message: string): Error {
    return new SupplierError('bad_answer', message);
  }

  /** One checked GET (counted in `calls`); shared/octopus-rates.ts asks the products through it. */
  async get<T>(url: URL, schema: z.ZodType<T>, what: string): Promise<T> {
    this.calls += 1;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: this.auth, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new SupplierError(
        'unavailable',
        timedOut
          ? `Octopus did not answer within ${Math.round(this.timeoutMs / 1000)} s`
          : 'Octopus could not be reached',
      );
    }
    const { status } = response;
    if (status === 401 || status === 403 || (status === 404 && what === 'account')) {
      await response.body?.cancel();
      throw new SupplierError(
        'credentials',
        `Octopus refused the key or account number: ${CREDENTIALS_HELP}`,
      );
    }
    if (status === 429) {
      await response.body?.cancel();
      const retryAfterS = retryAfter(response.headers.get('retry-after'));
      throw new SupplierError('rate_limited', 'Octopus asked us to slow down', retryAfterS);
    }
    if (status >= 500) {
      await response.body?.cancel();
      throw new SupplierError('unavailable', `Octopus answered ${status} (its service is having trouble)`);
    }
    if (status !== 200) {
      await response.body?.cancel();
      throw new SupplierError('bad_answer', `Octopus answered ${status} to the ${what} request`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new SupplierError('bad_answer', `Octopus sent a ${what} answer that is not JSON`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new SupplierError('bad_answer', `Octopus sent a ${what} answer of an unexpected shape`);
    return parsed.data;
  }
}

/** Retry-After as seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfter(header: string | null, nowMs = Date.now()): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
