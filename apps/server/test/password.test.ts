import { messages } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxFor } from '../src/mail/outbox';
import { RESET_ACCOUNT_LIMIT } from '../src/features/accounts/password-reset';
import { describeEachDb } from './support/db';
import { login, loginRequest, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// §7 /accounts/change_password/ and /accounts/reset_password/, and the reset flow's attacks:
// AUTH-10/11, RST-01/03/04/06/07/08/09.

const NEW_PASSWORD = 'Brand-New2!';

const form = (payload: Record<string, string>) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(payload).toString(),
});

function linkIn(text: string): { url: URL; token: string; exp: string } {
  const match = /(https?:\/\/\S+\/accounts\/change_password\/\?\S+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  const url = new URL(match[1]!);
  return { url, token: url.searchParams.get('token')!, exp: url.searchParams.get('exp_date')! };
}

describeEachDb('password change and reset', (suite) => {
  let t: TestApp;
  let n = 0;
  const fresh = async (): Promise<Person> => makeUser(suite.db, `pw-user-${++n}`);
  const emailOf = (p: Person) => `${p.username}@example.com`;

  const requestReset = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: '/api/v3/accounts/reset_password/',
      ...form({ email }),
      headers: { ...form({}).headers, ...headers },
    });

  const mailsTo = async (email: string) => {
    await t.app.ready();
    return outboxFor(suite.db, email);
  };

  /** Asks for a reset and answers the link of the email that arrives. */
  async function resetLink(p: Person) {
    const before = (await mailsTo(emailOf(p))).length;
    expect((await requestReset(emailOf(p))).statusCode).toBe(200);
    await expect.poll(async () => (await mailsTo(emailOf(p))).length).toBe(before + 1);
    return linkIn((await mailsTo(emailOf(p)))[0]!.body_text);
  }

  const confirm = (token: string, exp: string, password = NEW_PASSWORD, extra: Record<string, string> = {}) =>
    t.app.inject({
      url: '/api/v3/accounts/change_password/',
      ...form({ token, exp_date: exp, new_password: password, ...extra }),
    });

  beforeAll(async () => {
    t = await makeTestApp(suite.db, { env: { PUBLIC_ORIGIN: 'http://homeview.example' } });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('changes the password: codes 3 and 2 leave it unchanged, 0 keeps this session and ends the others', async () => {
    const p = await fresh();
    const a = await login(t.app, p);
    const b = await login(t.app, p);
    const change = (current: string, next: string) =>
      t.app.inject({
        url: '/api/v3/accounts/change_password/',
        ...form({ current_password: current, new_password: next }),
        headers: { ...form({}).headers, ...a.headers(true) },
      });
    expect((await change('Wrong-Pass1!', NEW_PASSWORD)).json()).toEqual({
      detail: { code: 3, message: [messages.currentPasswordIncorrect], username: '' },
    });
    expect((await change(p.password, 'short')).json()).toEqual({
      detail: { code: 2, message: [messages.needsUppercase], username: '' },
    });
    expect((await change(p.password, p.password)).json().detail).toMatchObject({
      code: 2,
      message: [messages.sameAsCurrent],
    });
    expect((await loginRequest(t.app, p.username, p.password)).statusCode).toBe(200);

    const ok = await change(p.password, NEW_PASSWORD);
    expect(ok.json()).toEqual({ detail: { code: 0, message: [], username: p.username } });
    const settings = `/api/v3/common/settings/?user_id=${p.id}`;
    expect((await t.app.inject({ url: settings, headers: a.headers() })).statusCode).toBe(200);
    expect((await t.app.inject({ url: settings, headers: b.headers() })).statusCode).toBe(401);
    expect((await loginRequest(t.app, p.username, p.password)).statusCode).toBe(401);
    expect((await loginRequest(t.app, p.username, NEW_PASSWORD)).statusCode).toBe(200);
    // AUTH-11: one notice, without the password.
    await expect.poll(async () => (await mailsTo(emailOf(p))).length).toBe(1);
    const notice = (await mailsTo(emailOf(p)))[0]!;
    expect(notice.subject).toBe('Your HomeView & InfoCare password was changed');
    expect(notice.body_text).not.toContain(NEW_PASSWORD);
  });

  it('refuses a change without a session (401) or without the CSRF token (403)', async () => {
    const p = await fresh();
    const body = form({ current_password: p.password, new_password: NEW_PASSWORD });
    expect((await t.app.inject({ url: '/api/v3/accounts/change_password/', ...body })).statusCode).toBe(401);
    const s = await login(t.app, p);
    const res = await t.app.inject({
      url: '/api/v3/accounts/change_password/',
      ...body,
      headers: { ...body.headers, ...s.headers(false) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers a reset request the same whether or not the address is registered; mails only the registered', async () => {
    const p = await fresh();
    const known = await requestReset(emailOf(p));
    const unknown = await requestReset('nobody-here@example.com');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    await expect.poll(async () => (await mailsTo(emailOf(p))).length).toBe(1);
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);
    // RST-08: asking changes nothing yet.
    expect((await loginRequest(t.app, p.username, p.password)).statusCode).toBe(200);
  });

  it('resets with the emailed link once: code 0 with the username, sessions end, the link then dies', async () => {
    const p = await fresh();
    const session = await login(t.app, p);
    const { url, token, exp } = await resetLink(p);
    // RST-06: the configured origin, whatever the request said.
    expect(url.origin).toBe('http://homeview.example');
    expect(Number(exp) - Math.floor(t.clock.now().getTime() / 1000)).toBe(3600);
    expect((await confirm(token, exp, 'weak')).json()).toEqual({
      detail: {
        code: 2,
        message: [messages.needsSpecialCharacter, messages.tooShort, messages.needsUppercase],
        username: '',
      },
    });
    expect(
      (await confirm(token, exp, NEW_PASSWORD, { confirm_password: 'Other-Pass1!' })).json().detail,
    ).toMatchObject({
      code: 2,
      message: [messages.passwordsDoNotMatch],
    });
    const done = await confirm(token, exp);
    expect(done.json()).toEqual({ detail: { code: 0, message: [], username: p.username } });
    expect(done.cookies).toEqual([]); // no session from the link itself
    expect(done.headers['cache-control']).toBe('no-store');
    expect(
      (await t.app.inject({ url: `/api/v3/common/settings/?user_id=${p.id}`, headers: session.headers() }))
        .statusCode,
    ).toBe(401);
    expect((await loginRequest(t.app, p.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await confirm(token, exp, 'Another-Pass3!')).json().detail).toEqual({
      code: 1,
      message: [messages.tokenExpired],
      username: '',
    });
    expect(t.logs.join('\n')).not.toContain(token);
  });

  it('expires at the boundary, and an edited exp_date or token is refused like any bad link', async () => {
    const p = await fresh();
    const { token, exp } = await resetLink(p);
    const code = async (tok: string, e: string, pw = 'weak') =>
      (await confirm(tok, e, pw)).json().detail.code;
    expect(await code(token, String(Number(exp) + 86_400))).toBe(1);
    expect(await code(token, '')).toBe(1);
    expect(await code(`${token.slice(0, -2)}AA`, exp)).toBe(1);
    expect(await code(`1-${'A'.repeat(43)}`, exp)).toBe(1);
    expect(await code('not a token', exp)).toBe(1);
    t.clock.advance(3600 * 1000);
    expect(await code(token, exp)).toBe(2); // still valid at exp_date itself (weak password → code 2)
    t.clock.advance(1000);
    expect(await code(token, exp, NEW_PASSWORD)).toBe(1);
    expect((await loginRequest(t.app, p.username, p.password)).statusCode).toBe(200);
  });

  it("refuses the link's user id in any form but its own (a leading zero, upper case), then still works once", async () => {
    const p = await fresh();
    const { token, exp } = await resetLink(p);
    const [idPart, macPart] = token.split('-') as [string, string];
    const variants = [`0${idPart}`, `00${idPart}`, idPart.toUpperCase()].filter((v) => v !== idPart);
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const variant of variants) {
      expect((await confirm(`${variant}-${macPart}`, exp)).json().detail, variant).toEqual({
        code: 1,
        message: [messages.tokenExpired],
        username: '',
      });
    }
    // The MAC's last character carries 2 unused bits: another character with the same 6-2 bits decodes to
    // the same bytes, and must be refused too.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(macPart.at(-1)!);
    const twin = alphabet[last ^ 1]!;
    expect((await confirm(`${idPart}-${macPart.slice(0, -1)}${twin}`, exp)).json().detail.code).toBe(1);
    expect((await confirm(token, exp)).json().detail).toEqual({ code: 0, message: [], username: p.username });
    expect((await confirm(token, exp, 'Another-Pass3!')).json().detail.code).toBe(1);
  });

  it('kills the link once the password changes or the person logs in (RST-04)', async () => {
    const p = await fresh();
    const first = await resetLink(p);
    await login(t.app, p);
    expect((await confirm(first.token, first.exp)).json().detail.code).toBe(1);

    const q = await fresh();
    const s = await login(t.app, q);
    const second = await resetLink(q);
    const changed = await t.app.inject({
      url: '/api/v3/accounts/change_password/',
      ...form({ current_password: q.password, new_password: 'Changed-Pass4!' }),
      headers: { ...form({}).headers, ...s.headers(true) },
    });
    expect(changed.json().detail.code).toBe(0);
    expect((await confirm(second.token, second.exp)).json().detail.code).toBe(1);
    expect((await loginRequest(t.app, q.username, 'Changed-Pass4!')).statusCode).toBe(200);
  });

  it('sends at most a few emails per address asked for, answering the same throughout (RST-09)', async () => {
    const p = await fresh();
    const bodies = new Set<string>();
    for (let i = 0; i < RESET_ACCOUNT_LIMIT + 4; i++)
      bodies.add((await requestReset(emailOf(p).toUpperCase())).body);
    expect(bodies.size).toBe(1);
    await expect.poll(async () => (await mailsTo(emailOf(p))).length).toBe(RESET_ACCOUNT_LIMIT);
    t.clock.advance(3_600_001);
    await requestReset(emailOf(p));
    await expect.poll(async () => (await mailsTo(emailOf(p))).length).toBe(RESET_ACCOUNT_LIMIT + 1);
  });

  it('refuses a reset request without a valid email (400 naming the field)', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'email' });
  });

  it('serves the reset page with no-referrer and no-store (RST-07)', async () => {
    const res = await t.app.inject({ url: '/accounts/change_password/?token=abc&exp_date=1' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describeEachDb('password reset over SMTP', (suite) => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await makeTestApp(suite.db, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.app.close();
    await smtp.close();
  });

  it('emails the link through the SMTP server; the link sets the new password', async () => {
    const p = await makeUser(suite.db, 'smtp-reset');
    const res = await t.app.inject({
      url: '/api/v3/accounts/reset_password/',
      ...form({ email: 'smtp-reset@example.com' }),
      headers: { ...form({}).headers, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(1);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('smtp-reset@example.com');
    const { url, token, exp } = linkIn(mail.text ?? '');
    expect(url.origin).toBe(t.config.publicOrigin);
    const done = await t.app.inject({
      url: '/api/v3/accounts/change_password/',
      ...form({ token, exp_date: exp, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }),
    });
    expect(done.json().detail).toEqual({ code: 0, message: [], username: p.username });
    const notice = await smtp.waitFor(2);
    expect(notice.text).not.toContain(token);
    expect((await loginRequest(t.app, p.username, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
