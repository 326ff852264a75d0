import { withoutControls } from '@homeview/contract';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Queryable } from '../db/types';
import { saveToOutbox } from '../mail/outbox';

// The one way the server sends a text (InfoCare alerts). With SMS_URL set it posts a Twilio-style form
// (To, Body) with the bearer SMS_TOKEN; without it the text goes to the outbox table and the console, as
// mail does. `send` rejects when the provider did not accept it, so the caller's durable queue retries.

export interface SmsSender {
  readonly transport: 'http' | 'outbox';
  /** Never called inside a transaction (see Mailer.send). */
  send(to: string, body: string): Promise<void>;
}

export interface SmsDeps {
  config: Pick<Config, 'smsUrl' | 'smsToken'>;
  db: Queryable;
  clock: Clock;
  print?: (text: string) => void;
}

const SMS_TIMEOUT_MS = 10_000;

export function createSmsSender({ config, db, clock, print = console.log }: SmsDeps): SmsSender {
  const url = config.smsUrl;
  if (url === null) {
    return {
      transport: 'outbox',
      async send(to, body) {
        await saveToOutbox(db, {
          channel: 'sms',
          recipient: to,
          subject: null,
          text: body,
          html: null,
          at: clock.now(),
        });
        print(withoutControls(`SMS to ${to} (SMS_URL is not set, so it was not sent): ${body}`));
      },
    };
  }
  return {
    transport: 'http',
    async send(to, body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(config.smsToken ? { authorization: `Bearer ${config.smsToken}` } : {}),
        },
        body: new URLSearchParams({ To: to, Body: body }).toString(),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`The SMS provider answered ${response.status}`);
    },
  };
}
