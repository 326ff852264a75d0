import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A local stand-in for a browser vendor's push service (RFC 8030), over TLS as the real ones are. It
// plays the browser's part too: `subscribe` makes a subscription bound to the application server's key,
// with key pairs this test holds, as PushManager.subscribe would. Each push it receives is checked as a
// push service checks it (RFC 8292: the VAPID JWT's ES256 signature with the key the subscription was made
// with, `aud` this origin, `exp` in the future and at most 24 h ahead, `sub` the operator's contact) and
// decrypted as the browser would (RFC 8291, aes128gcm); then answered as the test scripted (201 by
// default, 403, 404, 410, or no answer at all), after `latencyMs` when given (a real push service answers in
// tens of milliseconds, which is what makes sending many at once matter). It counts the pushes it holds
// at once (`maxInFlight`). No test framework here: `npm run bench push` runs it too.

export type Answer = 201 | 403 | 404 | 410 | 'timeout';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface DeliveredPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  answer: Answer;
  /** When it was answered (Date.now(), ms); null while held or never answered. */
  answeredAt: number | null;
}

export interface StandInPushService {
  origin: string;
  /** Trusts this service's certificate (the server's push module takes it as its agent). */
  agent: Agent;
  subscribe(applicationServerKey: string): BrowserSubscription;
  /** The next answers for this endpoint, in order; after them, 201. */
  script(endpoint: string, ...answers: Answer[]): void;
  /** Pushes that passed every check, whatever they were answered. */
  delivered: DeliveredPush[];
  /** Pushes refused by a check (answered 400 or 403), with why. */
  refused: string[];
  /** Requests received and not yet answered, now and at most so far. */
  inFlight(): number;
  maxInFlight(): number;
  close(): Promise<void>;
}

interface Held {
  ecdh: ECDH;
  auth: Buffer;
  serverKey: string;
  answers: Answer[];
}

const b64 = (s: string) => Buffer.from(s, 'base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the plaintext of a one-record aes128gcm body. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    senderKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(auth, shared), info);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/**
 * Why the VAPID header does not authorise a push to this subscription, or null when it does. `signed`:
 * headers whose signature already verified (the same text is the same signature by the same key; a
 * sender reuses one header per origin, and verifying it again for each of 1,000 pushes cost this stand-in
 * more CPU than the sender's own work in `npm run bench push`); the claims are checked every time.
 */
function vapidProblem(
  header: string | undefined,
  held: Held,
  origin: string,
  subject: string,
  now: number,
  signed: Set<string>,
) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return 'no VAPID authorization';
  const [, token, k] = m as unknown as [string, string, string];
  if (k !== held.serverKey) return 'k is not the key the subscription was made with';
  const [head, claims, signature] = token.split('.') as [string, string, string];
  if (!signed.has(header as string)) {
    const problem = signatureProblem(head, claims, signature, k);
    if (problem) return problem;
    signed.add(header as string);
  }
  const c = JSON.parse(b64(claims).toString()) as { aud?: string; exp?: number; sub?: string };
  if (c.aud !== origin) return `aud ${c.aud} is not ${origin}`;
  if (typeof c.exp !== 'number' || c.exp <= now || c.exp > now + 24 * 3600)
    return `exp ${c.exp} is not within 24 h`;
  if (c.sub !== subject) return `sub ${c.sub} is not ${subject}`;
  return null;
}

/** Why the JWT's ES256 signature does not verify with the application server key `k`, or null. */
function signatureProblem(head: string, claims: string, signature: string, k: string) {
  if (JSON.parse(b64(head).toString()).alg !== 'ES256') return 'alg is not ES256';
  const point = b64(k);
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${head}.${claims}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, b64(signature))) return 'bad signature';
  return null;
}

export async function startPushService(options: {
  /** The VAPID_SUBJECT pushes must carry. */
  subject: string;
  /** The test's pinned clock, epoch seconds. */
  now: () => number;
  /** How long each answer takes, ms (default 0); a function draws one per request. */
  latencyMs?: number | (() => number);
}): Promise<StandInPushService> {
  const dir = mkdtempSync(join(tmpdir(), 'push-standin-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  const key = readFileSync(join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });

  const held = new Map<string, Held>();
  const delivered: DeliveredPush[] = [];
  const refused: string[] = [];
  const signed = new Set<string>();
  let origin = '';
  let inFlight = 0;
  let maxInFlight = 0;
  const latency = options.latencyMs ?? 0;
  const server: Server = createServer({ cert, key }, (req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let counted = true;
    const done = () => {
      if (counted) inFlight -= 1;
      counted = false;
    };
    res.on('close', done);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => setTimeout(answer, typeof latency === 'number' ? latency : latency()));
    const answer = () => {
      const endpoint = `${origin}${req.url}`;
      const sub = held.get(endpoint);
      if (req.method !== 'POST' || !sub) return void res.writeHead(404).end();
      const problem = vapidProblem(
        req.headers.authorization,
        sub,
        origin,
        options.subject,
        options.now(),
        signed,
      );
      if (problem) {
        refused.push(problem);
        return void res.writeHead(403).end(problem);
      }
      const ttl = Number(req.headers.ttl);
      let payload: Record<string, unknown>;
      try {
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth).toString('utf8'));
      } catch (error) {
        refused.push((error as Error).message);
        return void res.writeHead(400).end();
      }
      const scripted = sub.answers.shift() ?? 201;
      const topic = req.headers.topic;
      const push: DeliveredPush = {
        endpoint,
        payload,
        ttl,
        urgency: req.headers.urgency as string | undefined,
        topic: topic as string | undefined,
        answer: scripted,
        answeredAt: null,
      };
      delivered.push(push);
      if (scripted === 'timeout') return; // never answered: held until the sender gives up
      push.answeredAt = Date.now();
      res
        .writeHead(scripted, scripted === 201 ? { location: `${endpoint}/m/${delivered.length}` } : {})
        .end();
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Connections kept open between pushes, as the server's own default agent keeps them to a real push
  // service (Node's global agent: keepAlive), so a push does not pay a TLS handshake on both sides here.
  const agent = new Agent({ ca: cert, keepAlive: true });
  return {
    origin,
    agent,
    delivered,
    refused,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    subscribe(serverKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      held.set(endpoint, { ecdh, auth, serverKey, answers: [] });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    script(endpoint, ...answers) {
      held.get(endpoint)?.answers.push(...answers);
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
