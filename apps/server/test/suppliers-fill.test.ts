import { dayOf } from '@homeview/domain';
import { expect, it } from 'vitest';
import { monthsBefore } from '../src/features/suppliers/days';
import { kwhToWh } from '../src/features/suppliers/kwh';
import { BACKOFF_BASE_S, TOP_UP_S } from '../src/features/suppliers/pass';
import { connectionsOfHouse, metersOf } from '../src/features/suppliers/repository';
import { describeEachDb } from './support/db';
import { exportSeries, refitSeries, SERIALS, STANDIN_KEY } from './support/octopus-standin';
import { expectExactly, octopusHomes, storedReadings, whOf } from './support/suppliers';

// The first fill and the top-ups, from the Octopus stand-in (REFIT house 20's real half-hours) into the
// home's readings on both databases: 13 months in at most 4 calls per meter; not one half-hour lost or
// doubled under each fault; clock-change days of 50 and 46 half-hours complete; a day's energy equal to
// the file's; late half-hours picked up; import and export of one slot from two meters both kept; refused
// credentials stop the connection and email the owner once.

const ZONE = 'Europe/London';
const DAY = 86_400;
/** 2015-06-20 11:00 BST: the clock of every pass (advanced where a test says so). */
const NOW_MS = Date.UTC(2015, 5, 20, 10, 0);
const NOW = NOW_MS / 1000;
const FILL_FROM = monthsBefore(NOW, 13, ZONE);
const slotOf = (t: number) => t - (t % 1800);

describeEachDb('supplier fill', (suite) => {
  const octo = octopusHomes(suite, { label: 'fill', nowMs: NOW_MS, zone: ZONE });
  const jobFor = octo.job;
  /** A new home with its Octopus account connected at NOW. */
  const connected = async () => {
    const { username, houseId } = await octo.owner();
    return { username, houseId, id: await octo.connect(houseId) };
  };
  const connection = async (houseId: number) => (await connectionsOfHouse(suite.db, houseId))[0]!;
  const now = () => Math.floor(octo.clock.now().getTime() / 1000);

  it('fills 13 months in one call per meter: every half-hour once, clock-change days 50 and 46, a day as the file has it', async () => {
    const { houseId } = await connected();
    expect(await jobFor().runDue()).toBe(1);
    expect(octo.standin.consumptionCalls(SERIALS.import).length).toBeLessThanOrEqual(4);
    expect(octo.standin.consumptionCalls()).toHaveLength(1);
    expectExactly(
      await storedReadings(suite.db, houseId),
      'import_wh',
      whOf(refitSeries(), FILL_FROM, slotOf(NOW)),
    );
    const days = await suite.db.query<{ day: string; slots: number; data_slots: number; import_wh: string }>(
      `select day::text, slots, data_slots, import_wh::text from daily_rollups
        where house_id = $1 and day in ('2014-10-26', '2015-03-29', '2015-01-15') order by day`,
      [houseId],
    );
    expect(days.rows.map((d) => [d.day, d.slots, d.data_slots])).toEqual([
      ['2014-10-26', 50, 50],
      ['2015-01-15', 48, 48],
      ['2015-03-29', 46, 46],
    ]);
    // 15 January 2015 as the file has it: each half-hour's kWh to Wh, summed; within 24 Wh of its kWh.
    const rows = refitSeries().filter((r) => {
      const d = dayOf('2015-01-15', ZONE);
      return r.start >= d.start && r.start < d.end;
    });
    const fileWh = rows.reduce((sum, r) => sum + kwhToWh(r.kwh), 0);
    expect(Number(days.rows[1]!.import_wh)).toBe(fileWh);
    expect(Math.abs(fileWh - rows.reduce((sum, r) => sum + r.kwh, 0) * 1000)).toBeLessThan(24);
    const c = await connection(houseId);
    expect([c.state, c.progress, c.problem, c.next_fetch_at]).toEqual([
      'up_to_date',
      null,
      null,
      NOW + TOP_UP_S,
    ]);
    const [meter] = await metersOf(suite.db, [c.id]);
    expect(meter!.data_through).toBe(dayOf('2015-06-20', ZONE).start);
    expect(meter!.resume_at).toBe(dayOf('2015-06-20', ZONE).start);

    // The top-up 4 hours later: one call from the resume point, the new half-hours added, none doubled.
    octo.clock.advance(TOP_UP_S * 1000);
    expect(await jobFor().runDue()).toBe(1);
    expect(octo.standin.consumptionCalls()).toHaveLength(2);
    expect(octo.standin.consumptionCalls()[1]!.from).toBe('2015-06-19T23:00:00Z');
    expectExactly(
      await storedReadings(suite.db, houseId),
      'import_wh',
      whOf(refitSeries(), FILL_FROM, slotOf(now())),
    );
  });

  it('loses and doubles nothing under 5xx bursts, 429 with Retry-After, pages sent twice and rows outside the range', async () => {
    const { houseId } = await connected();
    Object.assign(octo.standin.faults, {
      errors5xx: 2,
      rateLimited: 1,
      retryAfterS: 900,
      pageSize: 5000,
      duplicatePage: true,
      outside: true,
    });
    const job = jobFor();
    await job.runDue();
    let c = await connection(houseId);
    expect([c.state, c.failures, c.next_fetch_at]).toEqual(['retrying', 1, NOW + BACKOFF_BASE_S]);
    expect(c.problem).toMatch(/503.*trying again automatically/);
    expect(c.progress).toBe(0); // the first fill has stored nothing yet
    expect(await job.runDue()).toBe(0); // not due yet
    octo.clock.advance(BACKOFF_BASE_S * 1000);
    await job.runDue();
    c = await connection(houseId);
    expect([c.state, c.failures, c.next_fetch_at]).toEqual(['retrying', 2, now() + 2 * BACKOFF_BASE_S]);
    octo.clock.advance(2 * BACKOFF_BASE_S * 1000);
    await job.runDue();
    c = await connection(houseId);
    // The 429's Retry-After (900 s) is longer than the backoff (240 s): it is honoured.
    expect([c.state, c.failures, c.next_fetch_at]).toEqual(['retrying', 3, now() + 900]);
    octo.clock.advance(900 * 1000);
    await job.runDue();
    c = await connection(houseId);
    expect([c.state, c.failures, c.problem]).toEqual(['up_to_date', 0, null]);
    expectExactly(
      await storedReadings(suite.db, houseId),
      'import_wh',
      whOf(refitSeries(), FILL_FROM, slotOf(now())),
    );
    // 13 months at 5,000 a page: 4 pages, page 2 twice.
    expect(octo.standin.consumptionCalls().filter((x) => x.status === 200)).toHaveLength(5);
  });

  it('continues one series across a meter swap and picks up half-hours that arrive late', async () => {
    const swapAt = Date.UTC(2015, 0, 10, 12) / 1000;
    const late = [NOW - DAY - 4 * 3600, NOW - DAY - 3600].map(slotOf);
    Object.assign(octo.standin.faults, { swapAt, hidden: new Set(late) });
    const { houseId } = await connected();
    await jobFor().runDue();
    const c = await connection(houseId);
    const [meter] = await metersOf(suite.db, [c.id]);
    expect(meter!.serials).toEqual([SERIALS.import, SERIALS.swapped]);
    // Yesterday is incomplete: read again from its start; the days before it are complete.
    expect(meter!.resume_at).toBe(dayOf('2015-06-19', ZONE).start);
    expect(meter!.data_through).toBe(dayOf('2015-06-19', ZONE).start);
    const before = whOf(refitSeries(), FILL_FROM, slotOf(NOW));
    for (const s of late) before.delete(s);
    expectExactly(await storedReadings(suite.db, houseId), 'import_wh', before);
    // A day later they are published; the next top-up stores them and completes the day.
    octo.standin.faults.hidden = new Set();
    octo.clock.advance(TOP_UP_S * 1000);
    await jobFor().runDue();
    const [after] = await metersOf(suite.db, [c.id]);
    expect(after!.data_through).toBe(dayOf('2015-06-20', ZONE).start);
    expectExactly(
      await storedReadings(suite.db, houseId),
      'import_wh',
      whOf(refitSeries(), FILL_FROM, slotOf(now())),
    );
    // Two serials: two calls per pass.
    expect(octo.standin.consumptionCalls()).toHaveLength(4);
  });

  it("keeps a slot's import and export from two meters whichever comes first", async () => {
    // Yesterday's import arrives late: its export is stored first, then its import beside it.
    const yesterday = dayOf('2015-06-19', ZONE);
    const hidden = new Set(
      refitSeries()
        .filter((r) => r.start >= yesterday.start && r.start < yesterday.end)
        .map((r) => r.start),
    );
    Object.assign(octo.standin.faults, {
      exportMpan: true,
      gasMprn: true,
      hidden,
      hiddenSerial: SERIALS.import,
    });
    const { houseId } = await connected();
    const c = await connection(houseId);
    const meters = await metersOf(suite.db, [c.id]);
    expect(meters.map((m) => [m.fuel, m.direction, m.stored, m.unit])).toEqual([
      ['electricity', 'import', true, 'kWh'],
      ['electricity', 'export', true, 'kWh'],
      ['gas', 'import', true, 'm3'],
    ]);
    await jobFor().runDue();
    const first = await storedReadings(suite.db, houseId);
    const yesterdays = first.filter((r) => hidden.has(r.start));
    expect(yesterdays).toHaveLength(48);
    expect(yesterdays.every((r) => r.import_wh === 0)).toBe(true);
    expect(yesterdays.some((r) => r.export_wh > 0)).toBe(true);
    // The import arrives: written beside the export, which stays.
    octo.standin.faults.hidden = new Set();
    octo.clock.advance(TOP_UP_S * 1000);
    await jobFor().runDue();
    const stored = await storedReadings(suite.db, houseId);
    expectExactly(stored, 'import_wh', whOf(refitSeries(), FILL_FROM, slotOf(now())));
    expectExactly(
      stored,
      'export_wh',
      new Map([...whOf(exportSeries(), FILL_FROM, slotOf(now()))].filter(([, wh]) => wh > 0)),
    );
    // Gas is fetched too (suppliers-gas.test.ts): the stand-in's gas starts in 2021, so nothing is stored
    // for it here, and the electricity above is exactly the series whatever the gas meter did.
    expect(octo.standin.calls.filter((x) => x.path.includes('gas-meter-points')).length).toBeGreaterThan(0);
  });

  it('stops a connection whose credentials are refused and emails its owner once', async () => {
    const { houseId, username } = await connected();
    octo.standin.faults.refuseAll = true;
    const job = jobFor();
    await job.runDue();
    const c = await connection(houseId);
    expect([c.state, c.next_fetch_at, c.progress]).toEqual(['credentials_refused', null, null]);
    expect(c.problem).toMatch(/refused the saved credentials: connect the account again/);
    // Made due again by hand: refused again, and still one email.
    await suite.db.query('update supplier_connections set state = $2, next_fetch_at = $3 where id = $1', [
      c.id,
      'retrying',
      now(),
    ]);
    await job.runDue();
    expect((await connection(houseId)).state).toBe('credentials_refused');
    const mail = await suite.db.query<{ subject: string; body_text: string }>(
      'select subject, body_text from outbox_messages where recipient = $1',
      [`${username}@example.com`],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.subject).toBe('Octopus Energy stopped sending your meter data');
    expect(mail.rows[0]!.body_text).not.toContain(STANDIN_KEY);
  });
});
