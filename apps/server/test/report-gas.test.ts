import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendDueReports } from '../src/features/infocare/reports';
import { ingestReadings } from '../src/features/readings/ingest';
import { createMailer } from '../src/mail/mailer';
import { login, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// The weekly email report with gas (issue 35), through a real SMTP server, for the week of the October
// clock change: Monday 21 to Sunday 27 October 2024 in London, the 27th 25 hours long (01:00–02:00 twice),
// sent on Monday 28 October at 07:05 GMT. Both homes have no tariff of their own, so each fuel is priced
// at Ofgem's cap for 1 Oct – 31 Dec 2024 (domain tariff/caps.ts): electricity 24.50p/kWh and 60.99p/day,
// gas 6.24p/kWh and 31.66p/day. Every figure below is worked out by hand from the half-hours stored.
//
// Electricity, both homes: 6 kWh on 14 Oct (the first reading: every day from the 14th is charged), 4 kWh
// on 21 Oct and 1 kWh at the first 01:30 of the 27th.
//   Week before: 6 × 24.50p = 147p + 7 days × 60.99p = 426.93p → 573.93p, £5.74.
//   The week:    5 × 24.50p = 122.50p + 7 × 60.99p (the 25-hour day charged once) → 549.43p, £5.49.
// Gas, the gas home only (first reading 14 Oct): 10 kWh at 08:00 on the 14th and 0.7 kWh at 23:30 on the
// 20th (the last half-hour of the week before); in the week 2.5 kWh at 00:00 on the 21st, 3 kWh in each
// of the two 01:00 half-hours of the 27th (BST then GMT) and 2 kWh at 23:30 on the 27th: 10.5 kWh. 0.9
// kWh at 00:00 on the 28th is today's, in neither week.
//   Week before: 10.7 × 6.24p = 66.768p + 7 × 31.66p = 221.62p → 288.388p, £2.88.
//   The week:    10.5 × 6.24p = 65.52p + 221.62p → 287.14p, £2.87.
// Total, added in whole pennies: £5.49 + £2.87 = £8.36 (the exact sum, 836.57p, would show £8.37);
// the week before £5.74 + £2.88 = £8.62. The standing charges as My Home says them (the shown cost less
// the shown energy cost): electricity 549p − 123p = £4.26, gas 287p − 66p = £2.21.

const utc = (day: number, hour: number, min = 0) => Date.UTC(2024, 9, day, hour, min) / 1000;
/** Monday 28 October 2024, 07:05 in London (GMT since the 27th): the weekly report is due. */
const NOW = utc(28, 7, 5);
const half = (start: number, wh: number) => ({
  start,
  interval_s: 1800,
  import_wh: wh,
  export_wh: 0,
  generation_wh: 0,
});

const ELECTRICITY = [half(utc(14, 11), 6_000), half(utc(21, 11), 4_000), half(utc(27, 0, 30), 1_000)];
const GAS = [
  half(utc(14, 7), 10_000), // 08:00 BST on the 14th
  half(utc(20, 22, 30), 700), // 23:30 BST on the 20th: the week before's last half-hour
  half(utc(20, 23), 2_500), // 00:00 BST on the 21st: the week's first half-hour
  half(utc(27, 0), 3_000), // 01:00 BST on the 27th
  half(utc(27, 1), 3_000), // 01:00 GMT on the 27th, the hour repeated
  half(utc(27, 23, 30), 2_000), // 23:30 GMT on the 27th: the week's last half-hour
  half(utc(28, 0), 900), // 00:00 on the 28th: today, in neither week
];

const ELECTRICITY_ONLY_TEXT = 'Energy 2024-10-21 to 2024-10-27: 5.00 kWh, £5.49 (down from £5.74).';
const GAS_TEXT = [
  'Energy 2024-10-21 to 2024-10-27: electricity 5.00 kWh, £5.49 (down from £5.74); gas 10.50 kWh, £2.87 (down from £2.88).',
  'Electricity £5.49 + gas £2.87 = total cost £8.36 (down from £8.62).',
  'Total cost includes the standing charges of both fuels for each day: electricity £4.26, gas £2.21.',
];
const html = (lines: string[]) =>
  `<!doctype html><html><body>${lines.map((l) => `<p>${l}</p>`).join('')}</body></html>`;

describeEachDb('the weekly email report with gas', (suite) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let gasHome: Person;
  let mails: Map<string, ParsedMail>;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const plain = await makeUser(suite.db, 'plain');
    gasHome = await makeUser(suite.db, 'gassy');
    for (const person of [plain, gasHome]) {
      const houseId = (await findHouseIdOf(suite.db, person.id)) as number;
      await ingestReadings(suite.db, houseId, ELECTRICITY, { now: NOW });
      if (person === gasHome) await ingestReadings(suite.db, houseId, GAS, { now: NOW, fuel: 'gas' });
      await suite.db.query('insert into user_settings (user_id, email_report) values ($1, 2)', [person.id]);
    }
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    const mailer = createMailer({
      config: { smtpUrl: smtp.url, mailFrom: 'HomeView <reports@example.com>' },
      db: suite.db,
      clock: t.clock,
    });
    expect(await sendDueReports(suite.db, mailer, NOW)).toBe(2);
    mailer.close();
    await smtp.waitFor(2);
    mails = new Map(smtp.received.map((m) => [m.to && !Array.isArray(m.to) ? m.to.text : '', m]));
  });

  afterAll(async () => {
    await smtp?.close();
  });

  it('a home without gas gets the one line it always had', () => {
    const mail = mails.get('plain@example.com');
    expect(mail?.subject).toBe('Your weekly HomeView & InfoCare report');
    expect(mail?.text?.trim()).toBe(ELECTRICITY_ONLY_TEXT);
    expect(mail?.html).toBe(html([ELECTRICITY_ONLY_TEXT]));
  });

  it("a gas home's week across the clock change: each fuel, and their total in whole pennies", () => {
    const mail = mails.get('gassy@example.com');
    expect(mail?.subject).toBe('Your weekly HomeView & InfoCare report');
    expect(mail?.text?.trim()).toBe(GAS_TEXT.join('\n'));
    expect(mail?.html).toBe(html(GAS_TEXT));
  });

  it("says what the gas home's My Home says for the same week", async () => {
    const session = await login(t.app, gasHome);
    const week = async (fuel: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/energy_info/detail/?user_id=${gasHome.id}&timescale=week&timestamp=${utc(24, 12)}&fuel=${fuel}`,
        headers: session.headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return [body.energy_balance.consumed, body.balance.cost, body.standing_charge];
    };
    expect(await week('electricity')).toEqual([5, 5.49, 4.26]);
    expect(await week('gas')).toEqual([10.5, 2.87, 2.21]);
  });
});
