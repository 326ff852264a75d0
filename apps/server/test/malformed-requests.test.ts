import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from './support/db';
import { makeTestApp, type TestApp } from './support/app';

// Requests refused before any route runs (issue 11): bad percent-encoding and what Node's HTTP parser
// cannot read (an unknown method). Over a real socket, since inject() skips the HTTP parser. Each answer
// carries the security headers and the project's `{error}` shape, and quotes nothing it was sent.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function send(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      raw += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const request = (line: string) => `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

describeEachDb('malformed requests', (suite) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t.app.close();
  });

  function expectRefused(answer: RawAnswer, sent: string[]) {
    expect(answer.status).toBe(400);
    expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toBeTypeOf('string');
    for (const piece of sent) expect(answer.body).not.toContain(piece);
  }

  it.each([
    ['/%c0<b>x</b>', ['<b>', '%c0']],
    ['/api/v3/%zz/', ['%zz']],
    ['/api/v3/dashboard/%E0%A4%A', ['%E0']],
  ])('answers a URL that does not decode (%s) with the headers and no echo', async (path, pieces) => {
    expectRefused(await send(port, request(`GET ${path} HTTP/1.1`)), pieces);
  });

  it.each(['FOO', 'G<script>ET'])(
    'answers the unknown method %s with the headers and no echo',
    async (method) => {
      expectRefused(await send(port, request(`${method} / HTTP/1.1`)), [method]);
    },
  );

  it('keeps serving after them', async () => {
    const answer = await send(port, request('GET /healthz HTTP/1.1'));
    expect(answer.status).toBe(200);
  });
});
