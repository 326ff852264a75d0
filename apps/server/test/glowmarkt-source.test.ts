import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { retryAfterSeconds } from '../src/features/suppliers/glowmarkt/answers';
import { kwhToWh } from '../src/features/suppliers/kwh';
import { GlowmarktSource } from '../src/features/suppliers/glowmarkt/source';
import { type HalfHour, SupplierError, type SupplierMeterRef } from '../src/features/suppliers/source';
import { describeReal, realFile } from '../src/ingest/formats/real-data.test-support';
import {
  ELECTRICITY_ID,
  GAS_ID,
  type GlowmarktStandIn,
  STANDIN_EMAIL,
  STANDIN_PASSWORD,
  startGlowmarktStandIn,
  VE_ID,
} from './support/glowmarkt-standin';

// The Bright / Glowmarkt client against the local stand-in (test/support/glowmarkt-standin.ts), which
// serves REFIT House 20 as electricity and wriggy/home-carbon's daily gas shaped into half-hours, both
// read from ../shared/data/real. What the client returns is checked against figures this file works
// out from the same CSVs by itself (its own parsing and UTC conversion, not the stand-in's), and every
// fault ends in the SupplierError the fill acts on, or is recovered with nothing lost. No database.

const utc = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const DAY = 86_400;
/** The clock both the client and the stand-in read: pinned after both series end. */
const START = utc('2023-08-01T09:00:00');
let clock = START;
const now = () => clock;

const ELECTRICITY: SupplierMeterRef = {
  fuel: 'electricity',
  direction: 'import',
  point: ELECTRICITY_ID,
  serials: [],
  unit: 'kWh',
};
const GAS: SupplierMeterRef = { fuel: 'gas', direction: 'import', point: GAS_ID, serials: [], unit: 'kWh' };

let standIn: GlowmarktStandIn;
/** Every message a client threw in this file: none may carry the password, the email or a token. */
const messages: string[] = [];

const client = (over: Partial<ConstructorParameters<typeof GlowmarktSource>[0]> = {}) =>
  new GlowmarktSource({
    baseUrl: standIn.url,
    email: STANDIN_EMAIL,
    password: STANDIN_PASSWORD,
    timeoutMs: 2000,
    now,
    ...over,
  });

/** `work` fails with a SupplierError of `problem`; its message is kept for the secrets check. */
async function fails(work: Promise<unknown>, problem: SupplierError['problem']): Promise<SupplierError> {
  const error = await work.then(
    () => {
      throw new Error(`expected a SupplierError '${problem}', got an answer`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SupplierError);
  const supplierError = error as SupplierError;
  messages.push(supplierError.message);
  expect(supplierError.problem, supplierError.message).toBe(problem);
  return supplierError;
}

/** '0.4127' kWh → Wh to the nearest, halves up, in integers (the file has at most 4 decimals). */
function fileWh(kwh: string): number {
  const [whole = '0', frac = ''] = kwh.split('.');
  return Math.floor((Number(whole) * 10_000 + Number(frac.padEnd(4, '0')) + 5) / 10);
}

/** The REFIT rows whose label starts with `prefix`: label, Wh (null: every minute missing). */
function refitRows(prefix: string): { label: string; wh: number | null }[] {
  return readFileSync(realFile('refit-house20-halfhourly/refit_house20_halfhourly_kwh.csv'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => {
      const [label = '', kwh = '', , , , , present = '', missing = ''] = line.split(',');
      return { label, wh: Number(missing) >= Number(present) ? null : fileWh(kwh) };
    });
}

/** The daily gas file's kWh × 1000 for 'dd/mm/yy'. */
function gasDayWh(ddmmyy: string): number {
  const line = readFileSync(realFile('wriggy-uk-home-hourly-solar/230630_daily.csv'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${ddmmyy},`));
  if (line === undefined) throw new Error(`no gas for ${ddmmyy}`);
  return Math.round(Number(line.split(',')[1]) * 1000);
}

/** The client's figures (kWh as the cloud sent them) as Wh, by the fill's one conversion (kwh.ts). */
const inWh = (rows: HalfHour[]) =>
  rows.map((r) => ({ start: r.start, wh: r.value === null ? null : kwhToWh(r.value) }));
const total = (rows: HalfHour[]) => inWh(rows).reduce((sum, r) => sum + (r.wh ?? 0), 0);

it('kWh become Wh to the nearest, halves up, exactly for 3 decimals; Retry-After read both ways', () => {
  // Binary noise must not turn a decimal half into a round-down (0.4125 × 1000 = 412.49999999999994).
  expect([0.4125, 1.2345, 0.0005, 0.0004, 0.001, 66.9, 0.07, 123.456].map(kwhToWh)).toEqual([
    413, 1235, 1, 0, 1, 66_900, 70, 123_456,
  ]);
  for (let wh = 0; wh <= 100_000; wh += 7) expect(kwhToWh(wh / 1000)).toBe(wh);
  expect(retryAfterSeconds('30', 1000)).toBe(30);
  expect(retryAfterSeconds(new Date(1_100_000).toUTCString(), 1000)).toBe(100);
  expect(retryAfterSeconds(new Date(0).toUTCString(), 1000)).toBe(0);
  expect(retryAfterSeconds(null, 1000)).toBeNull();
});

describeReal('Glowmarkt (Bright) client against its stand-in', () => {
  beforeAll(async () => {
    standIn = await startGlowmarktStandIn({ now });
  });
  afterAll(async () => {
    await standIn.close();
  });
  beforeEach(() => {
    standIn.reset();
    clock = START;
  });

  it('finds the electricity and gas meters and ignores the cost resources', async () => {
    const source = client();
    const meters = await source.meters();
    expect(meters).toEqual([ELECTRICITY, GAS]);
    // A sign-in, the entity list and its resources.
    expect(source.calls).toBe(3);
    expect(standIn.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /api/v0-1/auth 200',
      'GET /api/v0-1/virtualentity 200',
      `GET /api/v0-1/virtualentity/${VE_ID}/resources 200`,
    ]);
    const noGas = await startGlowmarktStandIn({ now, gas: false });
    try {
      const meters2 = await client({ baseUrl: noGas.url }).meters();
      expect(meters2).toEqual([ELECTRICITY]);
    } finally {
      await noGas.close();
    }
  });

  it('a refused password is credentials, with no secret in the message', async () => {
    const source = client({ password: 'not the password' });
    await fails(source.meters(), 'credentials');
    expect(source.calls).toBe(1);
    expect(standIn.requests.map((r) => r.status)).toEqual([401]);
  });

  it('July 2014 equals the REFIT file half-hour by half-hour (BST: label − 1 h), nulls kept null', async () => {
    const source = client();
    const got = await source.halfHours(ELECTRICITY, utc('2014-06-30T23:00:00'), utc('2014-07-31T23:00:00'));
    const expected = refitRows('2014-07').map(({ label, wh }) => ({
      start: utc(`${label.replace(' ', 'T')}:00`) - 3600,
      wh,
    }));
    expect(expected).toHaveLength(31 * 48);
    expect(inWh(got)).toEqual(expected);
    // Rows whose minutes are all missing are gaps, never zeros.
    expect(got.filter((r) => r.value === null)).toHaveLength(10);
    // 31 days in calls of at most 10: 4 readings calls after one sign-in.
    expect(source.calls).toBe(5);
    // By hand: `grep ^2014-07-15 … | awk -F, '{s+=$2} END {print s}'` = 8.3076 kWh, 48 rows, none missing.
    const day = got.filter(
      (r) => r.start >= utc('2014-07-14T23:00:00') && r.start < utc('2014-07-15T23:00:00'),
    );
    expect(day).toHaveLength(48);
    expect(Math.abs(total(day) - 8307.6)).toBeLessThanOrEqual(48 * 0.5);
  });

  it('clock-change days have 46 and 50 half-hours in Europe/London, with the file’s energy', async () => {
    const source = client();
    const spring = await source.halfHours(
      ELECTRICITY,
      utc('2014-03-30T00:00:00'),
      utc('2014-03-30T23:00:00'),
    );
    const autumn = await source.halfHours(
      ELECTRICITY,
      utc('2014-10-25T23:00:00'),
      utc('2014-10-27T00:00:00'),
    );
    const spring15 = await source.halfHours(
      ELECTRICITY,
      utc('2015-03-29T00:00:00'),
      utc('2015-03-29T23:00:00'),
    );
    expect([spring.length, autumn.length, spring15.length]).toEqual([46, 50, 46]);
    // Spring: the file lists the skipped 01:00 and 01:30; their energy lands on 02:00 and 02:30 BST.
    const at = (rows: HalfHour[], iso: string) => inWh(rows).find((r) => r.start === utc(iso))?.wh;
    expect(at(spring, '2014-03-30T01:00:00')).toBe(fileWh('0.0837') + fileWh('0.1163'));
    expect(at(spring, '2014-03-30T01:30:00')).toBe(fileWh('0.093') + fileWh('0.0778'));
    // Autumn: the file's one (averaged) 01:00 row is served at 01:00 BST and at 01:00 GMT.
    expect(at(autumn, '2014-10-26T00:00:00')).toBe(fileWh('0.1177'));
    expect(at(autumn, '2014-10-26T01:00:00')).toBe(fileWh('0.1177'));
    expect(at(autumn, '2014-10-26T00:30:00')).toBe(fileWh('0.0892'));
    expect(at(autumn, '2014-10-26T01:30:00')).toBe(fileWh('0.0892'));
    // Gas: the day's slots sum exactly to the file's daily kWh, whatever the day's length.
    const gasSpring = await source.halfHours(GAS, utc('2022-03-27T00:00:00'), utc('2022-03-27T23:00:00'));
    const gasAutumn = await source.halfHours(GAS, utc('2022-10-29T23:00:00'), utc('2022-10-31T00:00:00'));
    expect([gasSpring.length, gasAutumn.length]).toEqual([46, 50]);
    expect(total(gasSpring)).toBe(gasDayWh('27/03/22'));
    expect(total(gasAutumn)).toBe(gasDayWh('30/10/22'));
  });

  it('a month of gas: every local day sums exactly to the file’s daily kWh', async () => {
    const source = client();
    const got = await source.halfHours(GAS, utc('2022-01-01T00:00:00'), utc('2022-02-01T00:00:00'));
    expect(got).toHaveLength(31 * 48);
    expect(inWh(got).every((r) => r.wh !== null && Number.isInteger(r.wh))).toBe(true);
    for (let d = 1; d <= 31; d++) {
      const from = utc(`2022-01-${String(d).padStart(2, '0')}T00:00:00`);
      const day = got.filter((r) => r.start >= from && r.start < from + DAY);
      expect(total(day), `day ${d}`).toBe(gasDayWh(`${String(d).padStart(2, '0')}/01/22`));
    }
    expect(gasDayWh('02/01/22')).toBe(66_900); // by hand: the file's line "02/01/22,66.90,…"
  });

  it('splits a long range into calls of at most 10 days, counted exactly', async () => {
    const source = client();
    const from = utc('2014-09-01T00:00:00');
    const rows = await source.halfHours(ELECTRICITY, from, from + 25 * DAY);
    expect(rows).toHaveLength(25 * 48);
    expect(standIn.readings.map((c) => [c.fromS - from, c.toS - from])).toEqual([
      [0, 10 * DAY],
      [10 * DAY, 20 * DAY],
      [20 * DAY, 25 * DAY],
    ]);
    expect(source.calls).toBe(1 + 3);
    await source.halfHours(ELECTRICITY, from, from + 10 * DAY);
    expect(source.calls).toBe(4 + 1);
    await source.halfHours(ELECTRICITY, from, from + 10 * DAY + 1800);
    expect(source.calls).toBe(5 + 2);
    expect(source.maxSpanS).toBe(10 * DAY);
  });

  it('drops rows outside the range and keeps a slot sent twice once', async () => {
    const from = utc('2014-11-03T00:00:00');
    const clean = await client().halfHours(ELECTRICITY, from, from + 12 * DAY);
    standIn.faults.outsideRows = true;
    standIn.faults.duplicateRows = true;
    const noisy = await client().halfHours(ELECTRICITY, from, from + 12 * DAY);
    expect(noisy).toEqual(clean);
    expect(noisy).toHaveLength(12 * 48);
  });

  it('slots still null stay null, and fill in on a later call', async () => {
    const from = utc('2014-11-03T00:00:00');
    const clean = await client().halfHours(ELECTRICITY, from, from + DAY);
    standIn.faults.late = { fromS: from + 20 * 1800, toS: from + DAY, calls: 1 };
    const source = client();
    const first = await source.halfHours(ELECTRICITY, from, from + DAY);
    expect(first).toHaveLength(48);
    expect(first.slice(0, 20)).toEqual(clean.slice(0, 20));
    expect(first.slice(20).every((r) => r.value === null)).toBe(true);
    expect(await source.halfHours(ELECTRICITY, from, from + DAY)).toEqual(clean);
  });

  it('slots not over by now are not returned (the cloud may send 0 for them)', async () => {
    clock = utc('2014-07-15T12:10:00');
    const rows = await client().halfHours(
      ELECTRICITY,
      utc('2014-07-15T00:00:00'),
      utc('2014-07-16T00:00:00'),
    );
    expect(rows.at(-1)?.start).toBe(utc('2014-07-15T11:30:00'));
    expect(rows).toHaveLength(24);
  });

  it('a burst of 5xx is unavailable each time, then the same call answers in full', async () => {
    const from = utc('2014-12-01T00:00:00');
    const clean = await client().halfHours(ELECTRICITY, from, from + 3 * DAY);
    const source = client();
    await source.meters();
    standIn.faults.serverErrors = { count: 3, status: 503 };
    for (let i = 0; i < 3; i++)
      await fails(source.halfHours(ELECTRICITY, from, from + 3 * DAY), 'unavailable');
    expect(await source.halfHours(ELECTRICITY, from, from + 3 * DAY)).toEqual(clean);
    standIn.faults.serverErrors = { count: 1, status: 500 };
    await fails(client().meters(), 'unavailable'); // on the sign-in itself
  });

  it('429 is rate_limited with Retry-After in seconds or as a date', async () => {
    const source = client();
    standIn.faults.rateLimited = { count: 1, retryAfter: '120' };
    expect((await fails(source.meters(), 'rate_limited')).retryAfterS).toBe(120);
    standIn.faults.rateLimited = { count: 1, retryAfter: new Date((clock + 90) * 1000).toUTCString() };
    expect((await fails(source.meters(), 'rate_limited')).retryAfterS).toBe(90);
    standIn.faults.rateLimited = { count: 1, retryAfter: 'soon' };
    expect((await fails(source.meters(), 'rate_limited')).retryAfterS).toBeNull();
    expect(await source.meters()).toHaveLength(2);
  });

  it('a request never answered times out as unavailable; a refused connection too', async () => {
    const source = client({ timeoutMs: 300 });
    await source.meters();
    standIn.faults.hang = 1;
    const started = Date.now();
    const error = await fails(
      source.halfHours(GAS, utc('2022-01-01T00:00:00'), utc('2022-01-02T00:00:00')),
      'unavailable',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.message).toMatch(/300 ms/);
    expect(await source.halfHours(GAS, utc('2022-01-01T00:00:00'), utc('2022-01-02T00:00:00'))).toHaveLength(
      48,
    );

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await fails(client({ baseUrl: `http://127.0.0.1:${port}` }).meters(), 'unavailable');
  });

  it('a token refused mid-fill (401) signs in again once and loses nothing', async () => {
    const from = utc('2015-01-05T00:00:00');
    const clean = await client().halfHours(ELECTRICITY, from, from + 30 * DAY);
    standIn.reset();
    standIn.faults.revokeTokensAfter = 1;
    const source = client();
    const rows = await source.halfHours(ELECTRICITY, from, from + 30 * DAY);
    expect(rows).toEqual(clean);
    expect(standIn.requests.map((r) => r.status)).toEqual([200, 200, 401, 200, 200, 200]);
    expect(standIn.requests.filter((r) => r.path.endsWith('/auth'))).toHaveLength(2);
    expect(source.calls).toBe(6);
  });

  it('a token whose exp passes mid-fill is renewed before use (no 401), nothing lost', async () => {
    const from = utc('2015-01-05T00:00:00');
    const clean = await client().halfHours(ELECTRICITY, from, from + 30 * DAY);
    standIn.reset();
    standIn.faults.tokenLifetimeS = 3600;
    standIn.faults.onReadings = () => {
      clock += 2 * 3600; // each call of the fill takes "two hours": every token expires after one call
    };
    const source = client();
    expect(await source.halfHours(ELECTRICITY, from, from + 30 * DAY)).toEqual(clean);
    expect(standIn.requests.map((r) => r.status)).not.toContain(401);
    expect(standIn.requests.filter((r) => r.path.endsWith('/auth'))).toHaveLength(3);
    expect(source.calls).toBe(6);
  });

  it('meters fetched side by side share one sign-in', async () => {
    const source = client();
    const day = [utc('2022-01-01T00:00:00'), utc('2022-01-02T00:00:00')] as const;
    const [gas, electricity] = await Promise.all([
      source.halfHours(GAS, ...day),
      source.halfHours(ELECTRICITY, utc('2014-07-01T00:00:00'), utc('2014-07-02T00:00:00')),
    ]);
    expect([gas.length, electricity.length]).toEqual([48, 48]);
    expect(standIn.requests.filter((r) => r.path.endsWith('/auth'))).toHaveLength(1);
    expect(source.calls).toBe(3);
  });

  it('a token refused even after signing in again is credentials', async () => {
    const source = client();
    await source.meters();
    standIn.faults.refuseTokens = true;
    const before = source.calls;
    await fails(source.halfHours(GAS, utc('2022-01-01T00:00:00'), utc('2022-01-02T00:00:00')), 'credentials');
    // The readings call, one sign-in, the readings call again: then it gives up.
    expect(source.calls - before).toBe(3);
  });

  it('an answer of the wrong shape is bad_answer naming what is wrong', async () => {
    standIn.faults.wrongShape = 'auth';
    expect((await fails(client().meters(), 'bad_answer')).message).toMatch(/sign-in answer.*token/);
    standIn.faults.wrongShape = 'entities';
    await fails(client().meters(), 'bad_answer');
    standIn.faults.wrongShape = 'resources';
    expect((await fails(client().meters(), 'bad_answer')).message).toMatch(/resources\.0\./);
    standIn.faults.wrongShape = 'readings';
    const error = await fails(
      client().halfHours(GAS, utc('2022-01-01T00:00:00'), utc('2022-01-02T00:00:00')),
      'bad_answer',
    );
    expect(error.message).toMatch(/data\.0\.0/);
  });

  it('no message thrown in this file carries the password, the email or a token', () => {
    const issued = standIn.tokens;
    expect(messages.length).toBeGreaterThanOrEqual(15);
    expect(issued.length).toBeGreaterThan(10);
    for (const message of messages) {
      expect(message).not.toContain(STANDIN_PASSWORD);
      expect(message).not.toContain(STANDIN_EMAIL);
      for (const token of issued) expect(message).not.toContain(token);
    }
  });
});
