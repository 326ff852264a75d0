import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from '../src/features/houses/repository';
import { InfocareTimer } from '../src/features/infocare/timer';
import { InFlight } from '../src/http/in-flight';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { link, makeTestApp, makeUser, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { local, seedRoutine } from './support/infocare';

// Issue 27.1: one connection with no credentials, sending 1 byte of a login body and then nothing, was a
// request "in flight" for ever, and background work (InfoCare's alerts) waited for a moment with none.
// Now such a request gets 408 and its connection closes (REQUEST_TIMEOUT_S, short here), a silent
// connection closes (IDLE_TIMEOUT_S), and background work waits for a quiet moment a bounded time only
// (PGlite) or not at all (PostgreSQL): the alert due while the slow body is still open is raised.

const TODAY = '2024-11-20';

interface Conversation {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

/** Every socket the tests open, destroyed before their app closes (a hung one would hold the close). */
const sockets: Socket[] = [];

async function open(t: TestApp): Promise<Conversation> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => text, closed };
}

/** A login whose body says 40 bytes and sends 1. */
function halfSentLogin(c: Conversation): void {
  c.socket.write(
    'POST /api/v3/accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      'content-length: 40\r\n\r\n{',
  );
}

async function untilInFlight(requests: InFlight, n: number): Promise<void> {
  while (requests.count !== n) await new Promise((resolve) => setTimeout(resolve, 10));
}

describeEachDb('slow and idle connections', (suite) => {
  describe408(suite);
  describeAlertOnTime(suite);
});

function describe408(suite: { readonly db: import('../src/db/types').Db }) {
  let t: TestApp;
  const requests = new InFlight();

  beforeAll(async () => {
    t = await makeTestApp(suite.db, { requests, env: { REQUEST_TIMEOUT_S: '1', IDLE_TIMEOUT_S: '2' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.app.close();
  });

  it('answers a request body that stops arriving with 408, closes its connection, and forgets the request', async () => {
    const c = await open(t);
    halfSentLogin(c);
    await untilInFlight(requests, 1);
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(c.received()).toContain('"error"');
    await untilInFlight(requests, 0);
    expect(t.logs.join('')).toContain('unreadable request');
  });

  it('closes a connection that sends nothing (408: its headers did not come in time)', async () => {
    const c = await open(t);
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('closes a kept-alive connection idle after its answer', async () => {
    const c = await open(t);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
}

function describeAlertOnTime(suite: { readonly db: import('../src/db/types').Db }) {
  let t: TestApp;
  let timer: InfocareTimer;
  // A short bound so the test is quick; the server's is BACKGROUND_MAX_WAIT_MS.
  const requests = new InFlight({ maxWaitMs: 200 });

  beforeAll(async () => {
    const mum = await makeUser(suite.db, 'slow-mum');
    const carer = await makeUser(suite.db, 'slow-carer', { house: null });
    await link(suite.db, carer, mum);
    const houseId = (await findHouseIdOf(suite.db, mum.id))!;
    // Seven ordinary days, and nothing this morning by 07:50: a "morning not started" alert is due.
    await seedRoutine(suite.db, houseId, TODAY, 7, local(TODAY, 7, 50));
    t = await makeTestApp(suite.db, { requests }); // the default 30 s request timeout
    t.clock.advance(local(TODAY, 7, 50) * 1000 - t.clock.now().getTime());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // As main.ts wires it: the timer's database is the background view.
    const db = requests.background(suite.db);
    const quiet = { clock: t.clock, print: () => undefined };
    timer = new InfocareTimer({
      db,
      mailer: createMailer({ config: { smtpUrl: null, mailFrom: 'InfoCare <a@example.com>' }, db, ...quiet }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db, ...quiet }),
      clock: t.clock,
      intervalS: 60,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await timer.stop();
    await t.app.close();
  });

  it('raises an alert that is due while a half-sent login body holds its request open', async () => {
    const c = await open(t);
    halfSentLogin(c);
    await untilInFlight(requests, 1);
    await timer.tick();
    const { rows } = await suite.db.query<{ kind: string }>('select kind from infocare_alerts');
    expect(rows.map((r) => r.kind)).toEqual(['morning']);
    // The slow request is still open and unanswered: the alert did not wait for it.
    expect(requests.count).toBe(1);
    expect(c.received()).toBe('');
    c.socket.destroy();
    await untilInFlight(requests, 0);
  });
}
