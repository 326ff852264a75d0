import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { connectSupplier } from '../src/features/suppliers/connect';
import { monthsBefore } from '../src/features/suppliers/days';
import { fillMeter } from '../src/features/suppliers/fill';
import { OctopusSource } from '../src/features/suppliers/octopus';
import { connectionsOfHouse, metersOf } from '../src/features/suppliers/repository';
import { SupplierError } from '../src/features/suppliers/source';
import { makeUser, testConfig } from './support/app';
import { describeEachDb } from './support/db';
import {
  NO_FAULTS,
  type OctopusStandin,
  refitSeries,
  STANDIN_ACCOUNT,
  STANDIN_KEY,
  startOctopusStandin,
} from './support/octopus-standin';
import { expectExactly, storedReadings, whOf } from './support/suppliers';

// A fill stopped between spans, or failing in the middle, resumes from the meter's stored resume point
// (committed with each span's half-hours) and never fetches a finished span again. The client is the
// real one with 30-day spans (as a supplier with a smaller page would have), so 13 months are 14 spans.

const ZONE = 'Europe/London';
const NOW = Date.UTC(2015, 5, 20, 10, 0) / 1000;
const FILL_FROM = monthsBefore(NOW, 13, ZONE);

class ThirtyDaySpans extends OctopusSource {
  override readonly maxSpanS = 30 * 86_400;
}

describeEachDb('supplier fill resumes', (suite) => {
  let standin: OctopusStandin;
  let config: Config;
  let n = 0;

  const connected = async () => {
    n += 1;
    const user = await makeUser(suite.db, `resume-${n}`);
    const { rows } = await suite.db.query<{ id: number }>('select id from houses where owner_user_id = $1', [
      user.id,
    ]);
    const houseId = rows[0]!.id;
    await connectSupplier(
      { db: suite.db, config },
      { id: houseId, time_zone: ZONE },
      { kind: 'octopus', apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
      NOW,
    );
    return houseId;
  };
  /** The connection and its import meter as stored now (what a restarted server reads). */
  const stored = async (houseId: number) => {
    const c = (await connectionsOfHouse(suite.db, houseId))[0]!;
    return { c, meter: (await metersOf(suite.db, [c.id]))[0]! };
  };
  const source = () =>
    new ThirtyDaySpans({ apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT }, { baseUrl: standin.url });
  const answeredFroms = () =>
    standin
      .consumptionCalls()
      .filter((x) => x.status === 200)
      .map((x) => x.from);

  beforeAll(async () => {
    refitSeries();
    standin = await startOctopusStandin();
    config = testConfig({
      OCTOPUS_API_URL: standin.url,
      SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'),
    });
  });
  afterAll(() => standin.close());
  beforeEach(() => {
    Object.assign(standin.faults, NO_FAULTS());
    standin.calls.length = 0;
  });

  it('a fill stopped after 3 spans resumes at the 4th: 14 calls in all, none repeated', async () => {
    const houseId = await connected();
    let { c, meter } = await stored(houseId);
    const stop = () => standin.consumptionCalls().length >= 3;
    const first = await fillMeter(suite.db, c, meter, source(), NOW, stop);
    expect([first.reachedNow, first.spans]).toEqual([false, 3]);
    ({ c, meter } = await stored(houseId));
    expect(meter.resume_at).toBeGreaterThan(FILL_FROM + 89 * 86_400);
    const second = await fillMeter(suite.db, c, meter, source(), NOW);
    expect(second.reachedNow).toBe(true);
    const froms = answeredFroms();
    expect(froms).toHaveLength(14);
    expect(new Set(froms).size).toBe(14);
    expectExactly(await storedReadings(suite.db, houseId), 'import_wh', whOf(refitSeries(), FILL_FROM, NOW));
  });

  it('a fill failing at its 6th span resumes there: only that span is asked twice', async () => {
    const houseId = await connected();
    let { c, meter } = await stored(houseId);
    const failSixth = () => {
      if (standin.consumptionCalls().length === 5) standin.faults.errors5xx = 1;
      return false;
    };
    const error = await fillMeter(suite.db, c, meter, source(), NOW, failSixth).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    ({ c, meter } = await stored(houseId));
    await fillMeter(suite.db, c, meter, source(), NOW);
    const calls = standin.consumptionCalls();
    expect(calls).toHaveLength(15);
    expect(calls[5]!.status).toBe(503);
    expect(calls[6]!.from).toBe(calls[5]!.from);
    expect(new Set(answeredFroms()).size).toBe(14);
    expectExactly(await storedReadings(suite.db, houseId), 'import_wh', whOf(refitSeries(), FILL_FROM, NOW));
  });

  it('a span that times out is asked again, the spans before it not', async () => {
    const houseId = await connected();
    let { c, meter } = await stored(houseId);
    const hangFourth = () => {
      if (standin.consumptionCalls().length === 3) standin.faults.hang = 1;
      return false;
    };
    const impatient = new ThirtyDaySpans(
      { apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
      { baseUrl: standin.url, timeoutMs: 500 },
    );
    const error = await fillMeter(suite.db, c, meter, impatient, NOW, hangFourth).catch((e: unknown) => e);
    expect((error as SupplierError).problem).toBe('unavailable');
    ({ c, meter } = await stored(houseId));
    await fillMeter(suite.db, c, meter, source(), NOW);
    const calls = standin.consumptionCalls();
    expect(calls).toHaveLength(15);
    expect(calls[3]!.status).toBe(0); // never answered
    expect(calls[4]!.from).toBe(calls[3]!.from);
    expect(new Set(answeredFroms()).size).toBe(14);
    expectExactly(await storedReadings(suite.db, houseId), 'import_wh', whOf(refitSeries(), FILL_FROM, NOW));
  });
});
