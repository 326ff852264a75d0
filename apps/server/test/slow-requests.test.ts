import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InFlight } from '../src/http/in-flight';
import { makeTestApp, type TestApp } from './support/app';
import { createPgliteDatabase, type TestDatabase } from './support/db';
import { halfSentPost, Sockets, untilInFlight } from './support/sockets';

// Issue 27.1: one connection with no credentials, sending 1 byte of a login body and then nothing, was a
// request "in flight" for ever, and background work (InfoCare's alerts) waited for a moment with none.
// Now such a request gets 408 and its connection closes (REQUEST_TIMEOUT_S, short here), and a silent
// connection closes (IDLE_TIMEOUT_S). (Background work and half-sent bodies: half-sent-bodies.test.ts.)

// Connections, not storage: one database is enough (each kind doubled the file's ~9 s of waiting for
// timeouts).
describe('slow and idle connections', () => {
  let database: TestDatabase;
  let t: TestApp;
  const requests = new InFlight();
  const sockets = new Sockets();

  beforeAll(async () => {
    database = await createPgliteDatabase();
    // The idle timeout is well past the request timeout: Node checks request deadlines once a second, and
    // on a loaded machine an idle timeout 1 s later closed the socket first, without its 408 (CI 2026-12-01).
    t = await makeTestApp(database.db, { requests, env: { REQUEST_TIMEOUT_S: '1', IDLE_TIMEOUT_S: '5' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    sockets.destroyAll();
    await t.app.close();
    await database.drop();
  });

  it('answers a request body that stops arriving with 408, closes its connection, and forgets the request', async () => {
    const c = await sockets.open(t.app);
    halfSentPost(c);
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(c.received()).toContain('"error"');
    await untilInFlight(requests, 0);
    expect(t.logs.join('')).toContain('unreadable request');
  });

  it('closes a connection that sends nothing (408: its headers did not come in time)', async () => {
    const c = await sockets.open(t.app);
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('closes a kept-alive connection idle after its answer', async () => {
    const c = await sockets.open(t.app);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});
