import { timingSafeEqual } from 'node:crypto';
import { SmsReplyForm } from '@homeview/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { epochSeconds } from '../../clock';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { receiveReply } from './check-in';

// The SMS provider's inbound webhook (issue 25): the dependant's reply to a check-in text, as a
// Twilio-style form (From, Body, MessageSid; other fields ignored), checked as /api/v3 calls are (the
// contract's SmsReplyForm: a NUL or a control character is a 400 naming the field). A delivery the
// provider sends again has the same MessageSid and changes nothing. Outside /api/v3 and sessions: it is authenticated
// by the shared secret SMS_INBOUND_TOKEN, presented as `Authorization: Bearer <token>` or, for providers
// that only take a URL, `?token=<token>` (query values named token are masked in the logs); compared in
// constant time. Unknown numbers and replies out of every window are answered 200 (the provider must not
// retry them) and logged. The answer is an empty TwiML document: no reply text is sent back.

export const SMS_INBOUND_PATH = '/api/sms/v1/inbound';
const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

function presented(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer?.[1]) return bearer[1];
  const query = request.query as Record<string, unknown>;
  return typeof query.token === 'string' ? query.token : undefined;
}

function sameSecret(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  // Compared over the expected length whatever was sent, so the time says nothing about the secret.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

/** The last digits only: enough to trace a reply in the logs without keeping the number. */
const masked = (phone: string) => `…${phone.slice(-3)}`;

export function smsInboundRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(SMS_INBOUND_PATH, async (request, reply) => {
    const token = ctx.config.smsInboundToken;
    if (token === null) throw notFound('SMS replies are not set up on this server (SMS_INBOUND_TOKEN).');
    if (!sameSecret(presented(request), token)) {
      request.log.warn({ event: 'sms_inbound_refused' }, 'SMS webhook with a wrong or missing token');
      throw new HttpError(
        401,
        'Send the shared SMS_INBOUND_TOKEN as Authorization: Bearer <token> or ?token=.',
      );
    }
    const form = parse(SmsReplyForm, request.body);
    const from = form.From;
    const outcome = await receiveReply(
      ctx.db,
      { from, body: form.Body, messageId: form.MessageSid },
      epochSeconds(ctx.clock.now()),
    );
    if (outcome === 'duplicate')
      request.log.info(
        { event: 'sms_inbound_duplicate', from: masked(from) },
        'SMS reply delivered again (same MessageSid): counted once',
      );
    else if (outcome === 'ignored')
      request.log.info(
        { event: 'sms_inbound_ignored', from: masked(from) },
        'SMS reply from an unknown number or outside any check-in window: ignored',
      );
    else request.log.info({ event: 'sms_inbound_reply', from: masked(from), outcome }, 'check-in reply');
    return reply.type('text/xml').send(TWIML);
  });
}
