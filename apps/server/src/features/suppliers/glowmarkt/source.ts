import type { Fuel } from '@homeview/contract';
import type { z } from 'zod';
import {
  figureOf,
  type HalfHour,
  SupplierError,
  type SupplierMeterRef,
  type SupplierSource,
} from '../source';
import {
  AuthAnswer,
  apiTime,
  checked,
  EntitiesAnswer,
  GLOWMARKT_APPLICATION_ID,
  ReadingsAnswer,
  ResourcesAnswer,
  retryAfterSeconds,
} from './answers';

// The Bright app's cloud (Hildebrand Glowmarkt) as a SupplierSource: any home whose smart meter is on the
// DCC, whatever its supplier. Sign in with the app's email and password for a token (kept in memory with
// its expiry, never logged or put in a message); the account's virtual entities hold resources, of which
// `electricity.consumption` and `gas.consumption` are the meters (cost resources are ignored); readings
// come as kWh per UTC half-hour, at most 10 days a call.

/** The real service; `GLOWMARKT_API_URL` points a server at a stand-in instead. */
export const GLOWMARKT_DEFAULT_URL = 'https://api.glowmarkt.com';
/** The most one readings call may ask for at PT30M (the API's documented limit ⚠). */
export const GLOWMARKT_MAX_SPAN_S = 10 * 86_400;

const SLOT_S = 1800;
/** A token this close to its `exp` is renewed before use rather than sent to be refused. */
const RENEW_BEFORE_S = 60;
const API = '/api/v0-1';

/** Which resources are meters, and of which fuel; every other classifier (costs…) is not one. */
const FUEL_OF: Readonly<Record<string, Fuel>> = {
  'electricity.consumption': 'electricity',
  'gas.consumption': 'gas',
};

export interface GlowmarktOptions {
  /** Where `/api/v0-1/...` is served; default the real service (GLOWMARKT_DEFAULT_URL). */
  baseUrl?: string;
  /** The Bright app's email and password. */
  email: string;
  password: string;
  /** Each request's whole time (headers and body), else 'unavailable'; default 30 s. */
  timeoutMs?: number;
  /** The clock, epoch seconds: token expiry, Retry-After dates, slots not yet over. */
  now?: () => number;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

export class GlowmarktSource implements SupplierSource {
  readonly maxSpanS = GLOWMARKT_MAX_SPAN_S;
  readonly #base: string;
  readonly #email: string;
  readonly #password: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #calls = 0;
  #token: { value: string; exp: number } | null = null;
  #signingIn: Promise<string> | null = null;

  constructor(options: GlowmarktOptions) {
    this.#base = (options.baseUrl ?? GLOWMARKT_DEFAULT_URL).replace(/\/+$/, '');
    this.#email = options.email;
    this.#password = options.password;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** Every request sent so far, answered or not: sign-ins, lists and readings alike. */
  get calls(): number {
    return this.#calls;
  }

  async meters(): Promise<SupplierMeterRef[]> {
    const entities = await this.#get(`${API}/virtualentity`, EntitiesAnswer, 'list of virtual entities');
    const found: SupplierMeterRef[] = [];
    const seen = new Set<string>();
    for (const entity of entities) {
      const { resources } = await this.#get(
        `${API}/virtualentity/${encodeURIComponent(entity.veId)}/resources`,
        ResourcesAnswer,
        'resources of a virtual entity',
      );
      for (const resource of resources) {
        const fuel = resource.classifier === undefined ? undefined : FUEL_OF[resource.classifier];
        if (fuel === undefined || seen.has(resource.resourceId)) continue;
        seen.add(resource.resourceId);
        // The cloud sends both fuels in kWh (gas already converted from the meter's m³); it gives no
        // meter serial in these answers.
        found.push({ fuel, direction: 'import', point: resource.resourceId, serials: [], unit: 'kWh' });
      }
    }
    return found;
  }

  /**
   * The half-hours starting in [fromS, toS), one readings call per 10 days at most, oldest first. Rows
   * outside a call's range and slots not over by `now` are dropped (the cloud may send 0 for slots still
   * to come); a null stays a gap; a slot sent twice is kept once (a value before a null).
   */
  async halfHours(meter: SupplierMeterRef, fromS: number, toS: number): Promise<HalfHour[]> {
    if (!Number.isInteger(fromS) || !Number.isInteger(toS))
      throw new RangeError('halfHours wants whole epoch seconds');
    const byStart = new Map<number, number | null>();
    const first = Math.ceil(fromS / SLOT_S) * SLOT_S;
    for (let from = first; from < toS; from += this.maxSpanS) {
      const to = Math.min(from + this.maxSpanS, toS);
      const query = new URLSearchParams({
        from: apiTime(from),
        // Clients ask up to T23:59:59, so `to` reaches the slot starting there: asking `to` itself
        // covers either reading of it, and the slot starting at `to` is dropped below.
        to: apiTime(to),
        period: 'PT30M',
        offset: '0',
        function: 'sum',
        nulls: '1',
      });
      const path = `${API}/resource/${encodeURIComponent(meter.point)}/readings?${query}`;
      const answer = await this.#get(path, ReadingsAnswer, 'readings');
      if (answer.units !== undefined && answer.units.toLowerCase() !== 'kwh')
        throw new SupplierError('bad_answer', `Glowmarkt's readings came in ${answer.units}, not kWh`);
      const now = this.#now();
      for (const [start, raw] of answer.data) {
        if (start % SLOT_S !== 0)
          throw new SupplierError('bad_answer', `Glowmarkt sent a reading at ${start}, not on a half-hour`);
        if (start < from || start >= to || start + SLOT_S > now) continue;
        if (byStart.get(start) == null) byStart.set(start, figureOf(raw));
      }
    }
    return [...byStart].sort((a, b) => a[0] - b[0]).map(([start, value]) => ({ start, value }));
  }

  /** GET with the current token; a 401 (expired or revoked early) signs in again, once. */
  async #get<T>(path: string, schema: z.ZodType<T>, what: string): Promise<T> {
    let token = await this.#currentToken();
    let answer = await this.#request('GET', path, what, token, undefined);
    if (answer.status === 401) {
      if (this.#token?.value === token) this.#token = null;
      token = await this.#currentToken();
      answer = await this.#request('GET', path, what, token, undefined);
    }
    if (answer.status < 200 || answer.status > 299) fail(answer, what, this.#now());
    return checked(schema, answer.body, `${what} answer`);
  }

  async #currentToken(): Promise<string> {
    if (this.#token !== null && this.#now() < this.#token.exp - RENEW_BEFORE_S) return this.#token.value;
    // One sign-in at a time: calls for several meters waiting for a token share it.
    this.#signingIn ??= this.#signIn().finally(() => {
      this.#signingIn = null;
    });
    return this.#signingIn;
  }

  async #signIn(): Promise<string> {
    this.#token = null;
    const body = JSON.stringify({ username: this.#email, password: this.#password });
    const answer = await this.#request('POST', `${API}/auth`, 'sign-in', null, body);
    if (answer.status < 200 || answer.status > 299) fail(answer, 'sign-in', this.#now());
    const auth = checked(AuthAnswer, answer.body, 'sign-in answer');
    if (!auth.valid) throw refused('sign-in');
    // Used for this call even when its exp has passed already (a skewed clock): the next call renews it.
    this.#token = { value: auth.token, exp: auth.exp };
    return auth.token;
  }

  async #request(
    method: 'GET' | 'POST',
    path: string,
    what: string,
    token: string | null,
    body: string | undefined,
  ): Promise<Answer> {
    this.#calls += 1;
    const headers: Record<string, string> = {
      applicationId: GLOWMARKT_APPLICATION_ID,
      accept: 'application/json',
    };
    if (token !== null) headers.token = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let retryAfter: string | null;
    let text: string;
    try {
      // One deadline for the whole exchange: a server that sends headers and then stalls times out too.
      const response = await fetch(`${this.#base}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      throw new SupplierError(
        'unavailable',
        `Glowmarkt did not answer the ${what}: ${why(error, this.#timeoutMs)}`,
      );
    }
    if (status < 200 || status > 299) return { status, retryAfter, body: undefined };
    try {
      return { status, retryAfter, body: JSON.parse(text) };
    } catch {
      throw new SupplierError('bad_answer', `Glowmarkt's ${what} answer is not JSON`);
    }
  }
}

function refused(what: string): SupplierError {
  return new SupplierError(
    'credentials',
    what === 'sign-in'
      ? "Glowmarkt refused the Bright app's email or password: connect again with the ones the app uses"
      : `Glowmarkt refused the ${what} even after signing in again: connect again`,
  );
}

/** A non-2xx answer as the SupplierError the fill acts on. */
function fail(answer: Answer, what: string, nowS: number): never {
  const { status } = answer;
  if (status === 401 || status === 403) throw refused(what);
  if (status === 429)
    throw new SupplierError(
      'rate_limited',
      `Glowmarkt asked for fewer calls (429) on the ${what}`,
      retryAfterSeconds(answer.retryAfter, nowS),
    );
  if (status >= 500)
    throw new SupplierError('unavailable', `Glowmarkt failed (HTTP ${status}) on the ${what}`);
  throw new SupplierError('bad_answer', `Glowmarkt answered HTTP ${status} to the ${what}`);
}

/** Why a request got no answer, without its URL or headers. */
function why(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? `connection failed (${cause.code})` : 'connection failed';
}
