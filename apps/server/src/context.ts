import type { Clock } from './clock';
import type { Config } from './config';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db/types';
import type { InFlight } from './http/in-flight';
import type { PasswordHasher } from './features/accounts/password';
import type { SessionService } from './features/accounts/sessions';
import type { LoginThrottle } from './features/accounts/throttle';
import type { Mailer } from './mail/mailer';
import type { PushSender } from './push/push';

/** What feature routes get from the app: built once in buildApp, shared by every request. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  sessions: SessionService;
  throttle: LoginThrottle;
  /** Email: SMTP when configured, else the outbox (see mail/mailer.ts). */
  mailer: Mailer;
  /** Web Push (VAPID_SUBJECT set), else null (see push/push.ts). */
  push: PushSender | null;
  /**
   * The database for this request's reads that may lag a few seconds (rankings, comparisons, history
   * screens): the read replica when there is one and it has replayed the asker's last write, else `db`.
   */
  reads(request: FastifyRequest): Promise<Db>;
  /** The requests in flight (main.ts's, or the app's own): a request's long work pauses for the others. */
  requests: InFlight;
  /**
   * A demo server's Octopus stand-in (main.ts, DEMO): the products endpoints its demo homes' comparisons
   * ask instead of OCTOPUS_API_URL (energy/routes.ts); null elsewhere.
   */
  demoRates: string | null;
}
