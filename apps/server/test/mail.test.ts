import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from './support/app';
import { describeEachDb } from './support/db';
import { startTestSmtp, type TestSmtp } from './support/smtp';
import { systemClock } from '../src/clock';
import { createMailer } from '../src/mail/mailer';
import { outboxFor } from '../src/mail/outbox';

// The mail module: SMTP when SMTP_URL is set (checked against a real SMTP server), the outbox otherwise.

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describeEachDb('mail', (suite) => {
  it('sends over SMTP with a plain-text part, an HTML part and the configured From', async () => {
    const config = testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Home <home@example.test>' });
    const mailer = createMailer({ config, db: suite.db, clock: systemClock });
    const before = smtp.received.length;
    await mailer.send({
      to: 'carer@example.test',
      subject: `Kettle not used this morning (${suite.kind})`,
      text: 'Usually by 08:10.',
      html: '<p>Usually by <b>08:10</b>.</p>',
    });
    mailer.close();
    const mail = await smtp.waitFor(before + 1);
    expect(mailer.transport).toBe('smtp');
    expect(mail.subject).toBe(`Kettle not used this morning (${suite.kind})`);
    expect(mail.from?.text).toBe('"Home" <home@example.test>');
    expect(mail.text?.trim()).toBe('Usually by 08:10.');
    expect(mail.html).toContain('<b>08:10</b>');
    expect(await outboxFor(suite.db, 'carer@example.test')).toEqual([]);
  });

  it('rejects when the SMTP server refuses the message, so a caller can retry', async () => {
    const config = testConfig({ SMTP_URL: smtp.url });
    const mailer = createMailer({ config, db: suite.db, clock: systemClock });
    smtp.failNext(1);
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });

  it('without SMTP_URL stores the message in the outbox and prints it, not sending anything', async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      config: testConfig(),
      db: suite.db,
      clock: systemClock,
      print: (text) => printed.push(text),
    });
    const before = smtp.received.length;
    await mailer.send({
      to: 'owner@example.test',
      subject: 'Reset your password',
      text: 'Open http://x/?t=1',
    });
    expect(mailer.transport).toBe('outbox');
    const [stored] = await outboxFor(suite.db, 'owner@example.test');
    expect(stored).toMatchObject({
      channel: 'email',
      subject: 'Reset your password',
      body_text: 'Open http://x/?t=1',
      body_html: null,
    });
    expect(printed.join('\n')).toContain('Open http://x/?t=1');
    expect(smtp.received.length).toBe(before);
  });
});

it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
  expect(() => testConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL must start with smtp/);
});
