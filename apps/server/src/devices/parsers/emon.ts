import { type Body, MAX_CHANNEL } from './sample';
import { bareNumber, counter, power } from './values';

// emon (emonPi, emonTx through emonhub): `emon/<node>/<input>`, one bare number per message, receive time.

/** `PN`/`powerN` W and `EN` Wh are channel N − 1 (P1 and E1 channel 0). */
export function emon(input: string, text: string, received: number): Body[] {
  const m = /^(P|power|E)(\d{1,2})$/.exec(input);
  if (m === null || Number(m[2]) < 1 || Number(m[2]) > MAX_CHANNEL + 1) return [];
  const body: Body = { t: received, channel: Number(m[2]) - 1 };
  if (m[1] === 'E') body.importMwh = counter(bareNumber(text), 1000, `${input} (Wh)`);
  else body.powerW = power(bareNumber(text), 1, input);
  return [body];
}
