import { fixedRate } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { sendDueReports } from '../src/features/infocare/reports';
import { ingestReadings } from '../src/features/readings/ingest';
import { writeTariff } from '../src/features/tariffs/service';
import type { MailMessage, Mailer } from '../src/mail/mailer';
import { login, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// One cost of a period on every surface: the month's screen, its ranking and the monthly email report
// give the same figure, worked out by hand. Tariff: import 20p/kWh, export 15p/kWh, standing charge
// 50p/day. Readings only on 10 November 2024 (10 kWh imported, 2 kWh exported) and on the 20th (5 kWh
// imported). The month's cost: import 15 kWh × 20p = £3.00, plus the standing charge of every day from
// the first reading (the 10th) to the 30th, data or not: 21 × 50p = £10.50; £13.50. Export is income and
// does not lower the cost. (Before: the report said £2.50 + £1.00 + 2 days' charge − £0.30 export =
// £3.70, the ranking £4.00, the screen £13.50.)

const NOV_10_NOON = Date.UTC(2024, 10, 10, 12) / 1000;
const NOV_20_NOON = Date.UTC(2024, 10, 20, 12) / 1000;
/** 1 December 2024, 07:05 in London (GMT): the monthly report is due. */
const DEC_1 = Date.UTC(2024, 11, 1, 7, 5) / 1000;

describeEachDb('one period cost', (suite) => {
  let t: TestApp;
  let me: Person;
  beforeAll(async () => {
    me = await makeUser(suite.db, 'costly');
    const houseId = (await findHouseIdOf(suite.db, me.id)) as number;
    await writeTariff(
      suite.db,
      houseId,
      { standingCharge: 500_000, import: fixedRate(200_000), export: fixedRate(150_000) },
      '2024-01-01',
    );
    await ingestReadings(
      suite.db,
      houseId,
      [
        { start: NOV_10_NOON, interval_s: 1800, import_wh: 10_000, export_wh: 2_000, generation_wh: 0 },
        { start: NOV_20_NOON, interval_s: 1800, import_wh: 5_000, export_wh: 0, generation_wh: 0 },
      ],
      { now: DEC_1 },
    );
    await suite.db.query('insert into user_settings (user_id, email_report) values ($1, 3)', [me.id]);
    t = await makeTestApp(suite.db);
    t.clock.advance(DEC_1 * 1000 - t.clock.now().getTime());
  });

  it('the screen, the ranking and the email report say £13.50 for November; December so far is £0.50', async () => {
    const session = await login(t.app, me);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: session.headers() });
    const screen = await get(
      `/api/v3/energy_info/detail/?user_id=${me.id}&timescale=month&timestamp=${NOV_20_NOON}`,
    );
    expect(screen.statusCode, screen.body).toBe(200);
    expect(screen.json().balance.cost).toBe(13.5);

    const ranking = await get(
      `/api/v3/energy_info/user_rankings/?user_id=${me.id}&timescale=month&timestamp=${NOV_20_NOON}`,
    );
    expect(ranking.statusCode, ranking.body).toBe(200);
    expect(ranking.json().cost.you).toBe(13.5);

    // December so far, with no data: today's standing charge, on the screen and in the ranking alike.
    const december = `user_id=${me.id}&timescale=month&timestamp=${DEC_1}`;
    expect((await get(`/api/v3/energy_info/detail/?${december}`)).json().balance.cost).toBe(0.5);
    expect((await get(`/api/v3/energy_info/user_rankings/?${december}`)).json().cost.you).toBe(0.5);

    const sent: MailMessage[] = [];
    const mailer: Mailer = { transport: 'outbox', send: async (m) => void sent.push(m), close() {} };
    expect(await sendDueReports(suite.db, mailer, DEC_1)).toBe(1);
    expect(sent[0]?.text).toBe('Energy 2024-11-01 to 2024-11-30: 15.00 kWh, £13.50.');
  });
});
