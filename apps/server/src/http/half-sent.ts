import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { hangUpAfterAnswer } from './hang-up';

// Requests whose body is still arriving (issue 34.1: a new half-sent login body every 2 s, no credentials,
// kept about 16 open and, counted as in flight, held InfoCare's background work back for ever). Such a
// request is not in flight until its body has arrived (in-flight.ts), and one client address may have
// only HALF_SENT_PER_ADDRESS of them open at once: the next is answered 429 at once, its body unread,
// and its connection closed. A browser opens at most 6 connections to a server, and its bodies arrive in
// milliseconds; behind a proxy the address is the client's only with TRUST_PROXY.

export const HALF_SENT_PER_ADDRESS = 8;

/** Whether the request's headers announce a body that has not all arrived yet. */
export function bodyPending(raw: IncomingMessage): boolean {
  // An injected request (tests, light-my-request) has no connection: its body is all in memory.
  if (raw.complete || !(raw.socket instanceof Socket)) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Calls `arrived` once the body has all been read, unless the request was answered or its client went
 * away first (Node still reads, and drops, what an early answer left unread).
 */
export function onBodyArrived(raw: IncomingMessage, res: ServerResponse, arrived: () => void): void {
  let over = false;
  const done = () => {
    over = true;
  };
  raw.once('end', () => {
    if (!over) arrived();
    over = true;
  });
  raw.once('close', done);
  res.once('finish', done);
  res.once('close', done);
}

export function capHalfSent(app: FastifyInstance, perAddress = HALF_SENT_PER_ADDRESS): void {
  const open = new Map<string, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (!bodyPending(request.raw)) return;
    const address = request.ip;
    const count = open.get(address) ?? 0;
    if (count >= perAddress) {
      request.log.warn(
        { event: 'half_sent_refused', open: count },
        'too many bodies still arriving from one address',
      );
      hangUpAfterAnswer(request.raw, reply.raw);
      throw new HttpError(
        429,
        `More than ${perAddress} requests from your address are still sending their bodies: finish or close one, then try again.`,
      );
    }
    open.set(address, count + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    };
    // Arrived, answered before it arrived (a 408, a refusal), or the client went away: no longer open.
    request.raw.once('end', release);
    request.raw.once('close', release);
    reply.raw.once('finish', release);
  });
}
