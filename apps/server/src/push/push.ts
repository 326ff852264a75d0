import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { Config } from '../config';
import type { Queryable } from '../db/types';
import { secretsKeyOf } from '../shared/secrets';
import { forgetSubscription, type PushSubscriptionRow, subscriptionsOf } from './subscriptions';
import { type VapidKeys, vapidKeys } from './vapid';
import { type VapidSigner, vapidSigner } from './vapid-header';

// The one way the server sends a Web Push (RFC 8030, payload encrypted per RFC 8291, signed per RFC 8292
// with VAPID), on when VAPID_SUBJECT is set. A message goes to every browser the person subscribed; one
// the push service no longer knows (404, 410) is forgotten. Like mail and SMS it is never sent inside a
// transaction: the caller's durable queue (features/infocare/notify.ts) decides what a failure means.

export interface PushMessage {
  title: string;
  body: string;
  /** The app's page the notification opens. */
  url: string;
  /** The Topic header (and the notification's tag): a later message with the same one replaces it. */
  topic: string;
  /** How long the push service may hold it for an offline browser. */
  ttlS: number;
  urgency: 'high' | 'normal';
}

export interface PushOutcome {
  /** Browsers whose push service accepted it (201). */
  delivered: number;
  /** Why the others did not, one line each (gone ones included). */
  failures: string[];
}

export interface PushSender {
  publicKey(): Promise<string>;
  /**
   * Never called inside a transaction. `now` (epoch seconds) dates the VAPID token. `browsers`: the
   * person's subscriptions when the caller read them already (a delivery run reads its batch's at once).
   */
  send(
    userId: number,
    message: PushMessage,
    now: number,
    browsers?: readonly PushSubscriptionRow[],
  ): Promise<PushOutcome>;
}

/** Whether `endpoint` names one of the push services allowed (PUSH_SERVICE_HOSTS). */
export function pushServiceAllowed(endpoint: string, hosts: readonly string[]): boolean {
  const host = new URL(endpoint).hostname.toLowerCase();
  return hosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) : host === h));
}

export interface PushDeps {
  config: Pick<Config, 'vapidSubject' | 'secretsKey' | 'databaseUrl' | 'dataDir' | 'pushServiceHosts'>;
  db: Queryable;
  /** TLS settings for reaching push services (tests trust their stand-in's certificate). */
  agent?: Agent;
  timeoutMs?: number;
}

/** A push service that has not answered by then is a failure (the carer's next channel takes over). */
export const PUSH_TIMEOUT_MS = 10_000;

export function createPushSender({
  config,
  db,
  agent,
  timeoutMs = PUSH_TIMEOUT_MS,
}: PushDeps): PushSender | null {
  const subject = config.vapidSubject;
  if (subject === null) return null;
  let keys: Promise<VapidKeys & { signer: VapidSigner }> | undefined;
  const loadKeys = () => {
    keys ??= (async () => {
      const key = await secretsKeyOf(config);
      if (key === null) throw new Error('SECRETS_KEY is not set: the push keys cannot be opened');
      const pair = await vapidKeys(db, key);
      return { ...pair, signer: vapidSigner(subject, pair) };
    })().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  return {
    async publicKey() {
      return (await loadKeys()).publicKey;
    },
    async send(userId, message, now, browsers) {
      const { signer } = await loadKeys();
      const payload = JSON.stringify({
        title: message.title,
        body: message.body,
        url: message.url,
        tag: message.topic,
      });
      const outcome: PushOutcome = { delivered: 0, failures: [] };
      for (const s of browsers ?? (await subscriptionsOf(db, userId))) {
        const origin = new URL(s.endpoint).origin;
        // Stored before PUSH_SERVICE_HOSTS changed: never posted to.
        if (!pushServiceAllowed(s.endpoint, config.pushServiceHosts)) {
          await forgetSubscription(db, s.id);
          outcome.failures.push(`${origin}: not in PUSH_SERVICE_HOSTS`);
          continue;
        }
        const Authorization = signer.authorization(origin, now);
        try {
          await webpush.sendNotification(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            payload,
            {
              headers: { Authorization },
              TTL: message.ttlS,
              urgency: message.urgency,
              topic: message.topic,
              timeout: timeoutMs,
              ...(agent ? { agent } : {}),
            },
          );
          outcome.delivered += 1;
        } catch (error) {
          const status = error instanceof webpush.WebPushError ? error.statusCode : null;
          if (status === 404 || status === 410) await forgetSubscription(db, s.id);
          outcome.failures.push(
            `${origin}: ${status === null ? (error as Error).message : `answered ${status}`}`.slice(0, 200),
          );
        }
      }
      return outcome;
    },
  };
}
