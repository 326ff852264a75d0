import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../src/http/json';
import { READINGS_PATH } from '../src/ingest/http/routes';
import { describeEachDb } from './support/db';
import { makeTestApp, type TestApp } from './support/app';
import { type KeyedHouse, makeHouse, series } from './support/ingest';

// Issue 11: a keyless 10 MB deeply nested JSON body used to be parsed before the key was checked,
// holding the event loop for seconds. Now the key is checked first (the 401 comes back while the body is
// still being sent), JSON nesting is limited before parsing, and /healthz is served meanwhile.
// The timings are figures in `npm run bench hardening`, not assertions here.

const SIZE = 10_000_000;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describeEachDb('hostile ingest bodies', (suite) => {
  let t: TestApp;
  let port: number;
  let house: KeyedHouse;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    house = await makeHouse(suite.db, 'hostile');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t.app.close();
  });

  /** Starts a 10 MB nested JSON POST but sends only its first 64 KB; resolves with the answer. */
  function startNestedPost(headers: Record<string, string> = {}) {
    const req = httpRequest({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: READINGS_PATH,
      headers: { 'content-type': 'application/json', 'content-length': String(SIZE), ...headers },
    });
    const answer = new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        });
        req.on('error', reject);
      },
    );
    req.write('['.repeat(64 * 1024));
    return { req, answer };
  }

  it('answers a keyless 10 MB nested body with 401 before the body has even arrived', async () => {
    const { req, answer } = startNestedPost();
    const res = await answer; // only 64 KB of 10 MB were sent: the body was never waited for
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="ingest"');
    expect(JSON.parse(res.body)).toEqual({ error: expect.stringContaining('Bearer') });
    req.destroy();
  });

  /**
   * Sends a 10 MB POST's headers and first 64 KB on a raw connection, waits for the answer, then goes on
   * sending the rest followed by a GET /healthz on the same connection. Resolves once the server closes
   * the connection or answers that GET, with everything received and how many body bytes got out.
   */
  function refusedUpload(
    headers: string,
    length = SIZE,
  ): Promise<{ received: string; bodySent: number; closed: boolean }> {
    return new Promise((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      let received = '';
      let bodySent = 0;
      let settled = false;
      const settle = (closed: boolean) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        resolve({ received, bodySent, closed });
      };
      const chunk = Buffer.from('['.repeat(64 * 1024));
      const sendRest = async () => {
        while (bodySent < length && !socket.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, length - bodySent));
          bodySent += piece.length;
          if (!socket.write(piece)) await new Promise((r) => socket.once('drain', r).once('close', r));
        }
        if (!socket.destroyed) socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      };
      socket.on('data', (d) => {
        const first = received === '';
        received += d.toString('latin1');
        if (first) void sendRest();
        if (/HTTP\/1\.1 200/.test(received)) settle(false); // the GET was answered: the body was read
      });
      socket.on('error', () => settle(true));
      socket.on('close', () => settle(true));
      socket.write(
        `POST ${READINGS_PATH} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
          `content-length: ${length}\r\n${headers}\r\n`,
      );
      socket.write(chunk);
      bodySent = chunk.length;
    });
  }

  it('hangs up after a keyless 401 instead of reading the rest of the body', async () => {
    for (const headers of ['', 'authorization: Bearer hvk_not-a-key\r\n']) {
      const { received, bodySent, closed } = await refusedUpload(headers);
      expect(received).toMatch(/^HTTP\/1\.1 401 /);
      // The server hung up: the rest of the body was never taken and the GET behind it never answered.
      expect(closed).toBe(true);
      expect(received).not.toMatch(/HTTP\/1\.1 200/);
      // What got out before the hang-up: the first 64 KB, what arrived before the server stopped reading
      // after its answer, and what the two kernels' buffers held: far from the 10 MB.
      expect(bodySent).toBeLessThan(SIZE / 2);
    }
    // A keyed body announced over the 10 MiB limit: 413, and the same hang-up (Fastify's own).
    const big = 20 * 1024 * 1024;
    const tooLarge = await refusedUpload(`authorization: Bearer ${house.key}\r\n`, big);
    expect(tooLarge.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(tooLarge.closed).toBe(true);
    expect(tooLarge.bodySent).toBeLessThan(big);
  });

  it('serves /healthz while four such bodies are in flight, and answers each 401', async () => {
    const posts = [1, 2, 3, 4].map(() => startNestedPost({ authorization: 'Bearer not-a-key' }));
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    for (const { req, answer } of posts) {
      expect((await answer).status).toBe(401);
      req.destroy();
    }
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with a 400, key or not`, async () => {
    const deep = await t.app.inject({
      method: 'POST',
      url: READINGS_PATH,
      headers: { authorization: `Bearer ${house.key}`, 'content-type': 'application/json' },
      payload: nested(SIZE / 2),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ error: `The JSON body nests more than ${MAX_JSON_DEPTH} levels deep.` });
    // The same limit holds on every JSON route (login here), and brackets inside strings do not count.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      headers: { 'content-type': 'application/json' },
      payload: `{"username": ${nested(MAX_JSON_DEPTH + 1)}, "password": "x"}`,
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().error).toContain('nests more than');
  });

  it('still takes ordinary batches, brackets in strings included', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: READINGS_PATH,
      headers: { authorization: `Bearer ${house.key}` },
      payload: { readings: series(1_767_225_600, 30) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ stored: 30 });
    const strings = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: '['.repeat(100), password: '{'.repeat(100) }),
    });
    expect(strings.statusCode).toBe(401);
  });
});
