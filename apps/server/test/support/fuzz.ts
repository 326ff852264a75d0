import { endpoints } from '@homeview/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { POWER_PATH, READINGS_PATH } from '../../src/ingest/http/routes';

// Request generators for fuzzing, one per route, built from the contract's endpoint list (so calls added
// later are fuzzed without touching this file) plus the ingest routes and a few non-API paths. Each
// target's requests use mostly its own field names, the fuzzing user's own ids (so they get past
// authorisation into the handlers) and hostile values. Shared by the test suite (fuzz.test.ts, a few
// dozen per route) and `npm run fuzz` (10,000 per route).

export interface FuzzTarget {
  name: string;
  method: string;
  path: string;
  fields: string[];
  kind: 'api' | 'ingest' | 'other';
}

export interface FuzzIdentity {
  userId: number;
  cookie: string;
  csrf: string;
  ingestKey: string;
}

/** The field names of a request schema: a formObject's shape, or the union over a branching one. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { out?: { shape?: Record<string, unknown> } }).out?.shape;
  return shape === undefined ? [] : Object.keys(shape);
}

/**
 * Every route to fuzz. With `registered` (the app's `registeredRoutes`), a route the app serves that no
 * target below names (one added outside the contract, a page) is fuzzed too, with generic fields, so a
 * route another feature adds later is covered without touching this file.
 */
export function fuzzTargets(registered: ReadonlyArray<{ method: string; url: string }> = []): FuzzTarget[] {
  const api = Object.entries(endpoints).flatMap(([name, e]): FuzzTarget[] => {
    const fields = fieldsOf(e.request);
    const extra =
      name === 'changePassword' ? ['current_password', 'new_password', 'confirm_password', 'token'] : [];
    const target = {
      name,
      method: e.method,
      path: e.path,
      fields: [...fields, ...extra],
      kind: 'api' as const,
    };
    const aliases = (e as { aliases?: readonly string[] }).aliases ?? [];
    return [target, ...aliases.map((path) => ({ ...target, name: `${name} ${path}`, path }))];
  });
  const known: FuzzTarget[] = [
    ...api,
    { name: 'ingestReadings', method: 'POST', path: READINGS_PATH, fields: ['format'], kind: 'ingest' },
    {
      name: 'ingestAppliancePower',
      method: 'POST',
      path: POWER_PATH,
      fields: ['interval_s', 'naive_time_zone', 'unmapped'],
      kind: 'ingest',
    },
    { name: 'healthz', method: 'GET', path: '/healthz', fields: [], kind: 'other' },
    { name: 'unknownApi', method: 'GET', path: '/api/v3/nothing/', fields: ['user_id'], kind: 'other' },
  ];
  const covered = new Set(known.map((t) => `${t.method} ${t.path}`));
  const more = registered
    .filter((r) => r.method !== 'HEAD' && !covered.has(`${r.method} ${r.url}`))
    .map(
      (r): FuzzTarget => ({
        name: `${r.method} ${r.url}`,
        method: r.method,
        path: r.url.replace(/\*$/, 'x'),
        fields: ['user_id', 'id'],
        kind: r.url.startsWith('/api/') ? 'api' : 'other',
      }),
    );
  return [...known, ...more.filter((t, i) => more.findIndex((o) => o.name === t.name) === i)];
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    "' OR 1=1--",
    '$$',
    '__proto__',
    'constructor',
    'null',
    'true',
    '[]',
    '{}',
    '[{"popup_id":1,"show_again":false}]',
    '{"import":{"type":"flat","rate":0.3}}',
    '{"import":{"rate_names":["\\u0000"]}}',
    '1e309',
    'NaN',
    '-1',
    '0',
    '0x10',
    '2026-03-29',
    '2026-02-30',
    'week',
    'month',
    'day',
    'Europe/London',
    '9'.repeat(40),
    '1767225600',
  ),
  fc.integer().map(String),
  fc.integer({ min: 0, max: 2_000_000_000 }).map(String),
);

const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be percent-encoded: its bytes instead (invalid UTF-8)
  }
};

function fieldsFor(target: FuzzTarget, identity: FuzzIdentity) {
  const name = fc.oneof(
    { weight: 6, arbitrary: target.fields.length > 0 ? fc.constantFrom(...target.fields) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'x') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const own = fc.constantFrom(String(identity.userId), identity.userId);
  const value = fc.oneof(
    { weight: 4, arbitrary: nasty },
    { weight: 2, arbitrary: own },
    { weight: 1, arbitrary: fc.array(nasty, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.double()) },
  );
  return fc.array(fc.tuple(name, value), { maxLength: 8 });
}

const csvBody = fc.oneof(
  fc.string(),
  fc
    .array(
      fc.tuple(fc.integer({ min: -10, max: 2_000_000_000 }), fc.integer(), fc.integer(), fc.oneof(nasty)),
      { maxLength: 6 },
    )
    .map(
      (rows) =>
        `start,interval_s,import_wh,export_wh,generation_wh\n${rows.map((r) => r.join(',')).join('\n')}`,
    ),
  fc.constantFrom('timestamp,Kettle,Fridge\n2026-01-01T00:00:00Z,2000,100\n', 'a,"b\n', '"'),
);

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Requests at one target, mostly well-formed around its fields, some broken in every way. */
export function requestsFor(target: FuzzTarget, identity: FuzzIdentity): fc.Arbitrary<FuzzRequest> {
  const pairs = fieldsFor(target, identity);
  const asQuery = (p: [string, unknown][]) =>
    p.map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');
  const asJson = (p: [string, unknown][]) => JSON.stringify(Object.fromEntries(p));
  const body = fc.oneof(
    pairs.map((p) => ({ type: 'application/x-www-form-urlencoded', payload: asQuery(p) })),
    pairs.map((p) => ({ type: 'application/json', payload: asJson(p) })),
    csvBody.map((payload) => ({ type: 'text/csv', payload })),
    fc.string().map((payload) => ({ type: 'application/json', payload })),
    fc.constant({ type: 'application/json', payload: '{"a":'.repeat(50) }),
    fc.constant({ type: 'application/json', payload: `${'['.repeat(40)}${']'.repeat(40)}` }),
    fc.constant({ type: 'text/plain', payload: 'x' }),
    fc.constant(null),
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(target.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS') },
      ),
      query: fc.oneof(pairs.map(asQuery), fc.constant('')),
      id: fc.oneof(fc.constant(String(identity.userId)), nasty.map(encode)),
      session: fc.boolean(),
      csrf: fc.boolean(),
      key: fc.constantFrom('own', 'none', 'wrong'),
      body,
    })
    .map((r): FuzzRequest => {
      const headers: Record<string, string> = {};
      if (r.session) headers.cookie = identity.cookie;
      if (r.csrf) headers['x-csrftoken'] = identity.csrf;
      if (target.kind === 'ingest' && r.key !== 'none') {
        headers.authorization = `Bearer ${r.key === 'own' ? identity.ingestKey : 'wrong'}`;
      }
      const path = target.path.replace(/:[A-Za-z_]+/g, r.id || '1');
      const url = r.query ? `${path}?${r.query}` : path;
      const sendsBody = r.body !== null && r.method !== 'GET' && r.method !== 'HEAD';
      if (sendsBody) headers['content-type'] = r.body!.type;
      return { method: r.method, url, headers, ...(sendsBody ? { payload: r.body!.payload } : {}) };
    });
}

/** Sends one request; the status, or a description of a 5xx for the failure message. */
export async function send(app: FastifyInstance, r: FuzzRequest) {
  const res = await app.inject({
    method: r.method as 'GET',
    url: r.url,
    headers: r.headers,
    ...(r.payload === undefined ? {} : { payload: r.payload }),
  });
  return { status: res.statusCode, body: res.body };
}
