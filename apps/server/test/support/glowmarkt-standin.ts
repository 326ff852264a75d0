import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GLOWMARKT_APPLICATION_ID } from '../../src/features/suppliers/glowmarkt/answers';
import { refitElectricity, type Series, wriggyGas } from './glowmarkt-standin-data';

// A local stand-in for the Bright app's cloud (Hildebrand Glowmarkt), serving the documented shapes
// (../shared/design/suppliers.md) under /api/v0-1: auth, the virtual entity list, an entity's resources
// and a resource's readings. Electricity is REFIT House 20 (2014-03-20 → 2015-06-23), gas the daily gas of
// wriggy/home-carbon shaped into half-hours (2021-03-15 → 2023-06-30); see glowmarkt-standin-data.ts. It
// checks what a client must send (the application id, a live token, the documented query, 10 days at
// most) and injects the faults a test switches on in `faults`, each test starting from `reset()`.

const API = '/api/v0-1';
const SLOT_S = 1800;
const MAX_SPAN_S = 10 * 86_400;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

export const STANDIN_EMAIL = 'ann@example.org';
export const STANDIN_PASSWORD = 'correct horse battery staple';
export const VE_ID = 'a7c1e2d0-0000-4000-8000-00000000ve01';
export const ELECTRICITY_ID = 'e1ec0000-0000-4000-8000-000000000e01';
export const ELECTRICITY_COST_ID = 'e1ec0000-0000-4000-8000-000000000c01';
export const GAS_ID = '9a500000-0000-4000-8000-000000000e02';
export const GAS_COST_ID = '9a500000-0000-4000-8000-000000000c02';

export interface GlowmarktFaults {
  /** The next `count` calls of any kind answer `status` (a burst of 5xx). */
  serverErrors: { count: number; status: number };
  /** The next `count` calls answer 429 with this Retry-After. */
  rateLimited: { count: number; retryAfter: string };
  /** The next `count` calls are never answered (the connection stays open until close()). */
  hang: number;
  /** Readings answers also carry two made-up slots before `from` and two after `to`. */
  outsideRows: boolean;
  /** Readings answers carry every row twice. */
  duplicateRows: boolean;
  /** Slots in [fromS, toS) are null in the first `calls` readings answers that reach them, then filled. */
  late: { fromS: number; toS: number; calls: number } | null;
  /** After this many more accepted calls with a token, every token issued so far is refused (401). */
  revokeTokensAfter: number | null;
  /** Every token is refused (401), new ones too: the account's password was changed. */
  refuseTokens: boolean;
  /** Seconds from the stand-in's now to a new token's `exp` (7 days). */
  tokenLifetimeS: number;
  /** This answer (every time) breaks its documented shape. */
  wrongShape: 'auth' | 'entities' | 'resources' | 'readings' | null;
  /** Called after each readings answer is sent (a test moves a clock mid-fill here). */
  onReadings: ((call: ReadingsCall) => void) | null;
}

export interface ReadingsCall {
  resourceId: string;
  fromS: number;
  toS: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number | 'hung';
}

export interface GlowmarktStandIn {
  /** The base URL to give a client (`GLOWMARKT_API_URL`): /api/v0-1/... is under it. */
  url: string;
  readonly faults: GlowmarktFaults;
  /** Every request in arrival order, with the status it got. */
  requests: LoggedRequest[];
  /** The readings calls answered with data, in order. */
  readings: ReadingsCall[];
  /** Every token issued since the start, resets included (a test checks none leaks into a message). */
  tokens: string[];
  /** Faults off, logs emptied, tokens refused from now on (the list of those issued is kept). */
  reset(): void;
  close(): Promise<void>;
}

export interface GlowmarktStandInOptions {
  /** The stand-in's clock, epoch seconds: token expiry. */
  now: () => number;
  /** Whether the account has a gas meter (default true). */
  gas?: boolean;
}

const defaults = (): GlowmarktFaults => ({
  serverErrors: { count: 0, status: 503 },
  rateLimited: { count: 0, retryAfter: '60' },
  hang: 0,
  outsideRows: false,
  duplicateRows: false,
  late: null,
  revokeTokensAfter: null,
  refuseTokens: false,
  tokenLifetimeS: 7 * 86_400,
  wrongShape: null,
  onReadings: null,
});

/** 'YYYY-MM-DDThh:mm:ss' read as UTC (the calls send offset=0). */
const utcSeconds = (text: string) => Date.parse(`${text}Z`) / 1000;

export async function startGlowmarktStandIn(options: GlowmarktStandInOptions): Promise<GlowmarktStandIn> {
  const withGas = options.gas ?? true;
  const series: Record<string, () => Series> = { [ELECTRICITY_ID]: refitElectricity };
  if (withGas) series[GAS_ID] = wriggyGas;
  const resources = [
    { resourceId: ELECTRICITY_ID, name: 'electricity consumption', classifier: 'electricity.consumption' },
    { resourceId: ELECTRICITY_COST_ID, name: 'electricity cost', classifier: 'electricity.consumption.cost' },
    ...(withGas
      ? [
          { resourceId: GAS_ID, name: 'gas consumption', classifier: 'gas.consumption' },
          { resourceId: GAS_COST_ID, name: 'gas cost', classifier: 'gas.consumption.cost' },
        ]
      : []),
  ].map((r) => ({
    ...r,
    resourceTypeId: `type-${r.classifier}`,
    baseUnit: r.classifier.endsWith('.cost') ? 'pence' : 'kWh',
  }));
  const tokens = new Map<string, { exp: number; revoked: boolean }>();
  const state = {
    faults: defaults(),
    requests: [] as LoggedRequest[],
    readings: [] as ReadingsCall[],
    tokens: [] as string[],
  };

  const send = (res: ServerResponse, entry: LoggedRequest, status: number, body: unknown, headers = {}) => {
    entry.status = status;
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

  const auth = (req: IncomingMessage, res: ServerResponse, entry: LoggedRequest, raw: string) => {
    let body: { username?: unknown; password?: unknown } = {};
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return send(res, entry, 400, { valid: false, error: 'body is not JSON' });
    }
    if (
      req.headers.applicationid !== GLOWMARKT_APPLICATION_ID ||
      body.username !== STANDIN_EMAIL ||
      body.password !== STANDIN_PASSWORD
    )
      return send(res, entry, 401, { valid: false, error: 'Invalid username or password' });
    const token = randomBytes(24).toString('base64url');
    const exp = options.now() + state.faults.tokenLifetimeS;
    tokens.set(token, { exp, revoked: false });
    state.tokens.push(token);
    if (state.faults.wrongShape === 'auth') return send(res, entry, 200, { valid: true, token: 42, exp });
    send(res, entry, 200, { valid: true, accountId: 'acc-0001', token, exp });
  };

  /** Whether the call carries the application id and a live token; counts towards a revocation. */
  const authorised = (req: IncomingMessage): boolean => {
    const token = tokens.get(String(req.headers.token ?? ''));
    if (req.headers.applicationid !== GLOWMARKT_APPLICATION_ID || token === undefined) return false;
    const f = state.faults;
    if (f.refuseTokens || token.revoked || token.exp <= options.now()) return false;
    if (f.revokeTokensAfter !== null) {
      if (f.revokeTokensAfter === 0) {
        for (const t of tokens.values()) t.revoked = true;
        f.revokeTokensAfter = null;
        return false;
      }
      f.revokeTokensAfter -= 1;
    }
    return true;
  };

  const readings = (
    res: ServerResponse,
    entry: LoggedRequest,
    resourceId: string,
    query: URLSearchParams,
  ) => {
    const of = series[resourceId];
    if (of === undefined) return send(res, entry, 404, { error: 'resource not found' });
    const from = query.get('from') ?? '';
    const to = query.get('to') ?? '';
    if (!TIME.test(from) || !TIME.test(to))
      return send(res, entry, 400, { error: 'from and to: YYYY-MM-DDThh:mm:ss' });
    if (query.get('period') !== 'PT30M' || query.get('function') !== 'sum' || query.get('offset') !== '0')
      return send(res, entry, 400, { error: 'this stand-in serves period=PT30M, function=sum, offset=0' });
    const fromS = utcSeconds(from);
    const toS = utcSeconds(to);
    if (toS < fromS || toS - fromS > MAX_SPAN_S)
      return send(res, entry, 400, { error: 'at most 10 days of PT30M readings per call' });
    const { perKwh, slots } = of();
    const f = state.faults;
    const late =
      f.late !== null && f.late.calls > 0 && f.late.fromS <= toS && fromS < f.late.toS ? f.late : null;
    const data: [number, number | null][] = [];
    const nulls = query.get('nulls') === '1';
    // Slots from the period start at or before `from` up to the one starting at `to`: `to` is inclusive,
    // as clients asking up to T23:59:59 expect.
    for (let t = Math.floor(fromS / SLOT_S) * SLOT_S; t <= toS; t += SLOT_S) {
      const stored = slots.get(t) ?? null;
      const value = late !== null && t >= late.fromS && t < late.toS ? null : stored;
      if (value === null && !nulls) continue;
      data.push([t, value === null ? null : value / perKwh]);
    }
    if (late !== null) late.calls -= 1;
    if (f.outsideRows) {
      const first = Math.floor(fromS / SLOT_S) * SLOT_S;
      const last = Math.floor(toS / SLOT_S) * SLOT_S;
      data.unshift([first - 2 * SLOT_S, 9.876], [first - SLOT_S, 9.876]);
      data.push([last + SLOT_S, 9.876], [last + 2 * SLOT_S, 9.876]);
    }
    const rows = f.duplicateRows ? data.flatMap((row) => [row, row]) : data;
    const answer = {
      status: 'OK',
      name: resourceId === GAS_ID ? 'gas consumption' : 'electricity consumption',
      resourceTypeId: `type-${resourceId === GAS_ID ? 'gas' : 'electricity'}.consumption`,
      resourceId,
      query: { from, to, period: 'PT30M', function: 'sum' },
      data: f.wrongShape === 'readings' ? rows.map(([t, v]) => [String(t), v]) : rows,
      units: 'kWh',
    };
    send(res, entry, 200, answer);
    const call = { resourceId, fromS, toS };
    state.readings.push(call);
    f.onReadings?.(call);
  };

  const route = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const entry: LoggedRequest = { method: req.method ?? '', path: url.pathname, status: 'hung' };
    state.requests.push(entry);
    const f = state.faults;
    if (f.hang > 0) {
      f.hang -= 1;
      return; // never answered
    }
    if (f.serverErrors.count > 0) {
      f.serverErrors.count -= 1;
      return send(res, entry, f.serverErrors.status, { error: 'Internal Server Error' });
    }
    if (f.rateLimited.count > 0) {
      f.rateLimited.count -= 1;
      return send(
        res,
        entry,
        429,
        { error: 'Too Many Requests' },
        { 'retry-after': f.rateLimited.retryAfter },
      );
    }
    if (url.pathname === `${API}/auth` && req.method === 'POST') return auth(req, res, entry, raw);
    if (req.method !== 'GET') return send(res, entry, 405, { error: 'method not allowed' });
    if (!authorised(req)) return send(res, entry, 401, { error: 'invalid token' });
    if (url.pathname === `${API}/virtualentity`) {
      const ve = {
        veId: VE_ID,
        name: 'DCC Sourced',
        resources: resources.map(({ resourceId, resourceTypeId }) => ({ resourceId, resourceTypeId })),
      };
      return send(res, entry, 200, f.wrongShape === 'entities' ? { entities: [ve] } : [ve]);
    }
    if (url.pathname === `${API}/virtualentity/${VE_ID}/resources`)
      return send(
        res,
        entry,
        200,
        f.wrongShape === 'resources' ? { resources: [{ classifier: 7 }] } : { veId: VE_ID, resources },
      );
    const match = /^\/api\/v0-1\/resource\/([^/]+)\/readings$/.exec(url.pathname);
    if (match !== null) return readings(res, entry, decodeURIComponent(match[1] ?? ''), url.searchParams);
    send(res, entry, 404, { error: 'not found' });
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => route(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    get faults() {
      return state.faults;
    },
    get requests() {
      return state.requests;
    },
    get readings() {
      return state.readings;
    },
    get tokens() {
      return state.tokens;
    },
    reset() {
      state.faults = defaults();
      state.requests = [];
      state.readings = [];
      tokens.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
