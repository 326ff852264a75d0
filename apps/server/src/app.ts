import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/types';
import { PasswordHasher } from './features/accounts/password';
import { applianceRoutes } from './features/appliances/routes';
import { accountRoutes } from './features/accounts/routes';
import { SessionService } from './features/accounts/sessions';
import { ReadRouter } from './db/replica';
import { registerReadYourWrites, wroteAt } from './http/read-your-writes';
import { defaultThrottleLimits, LoginThrottle, type ThrottleLimits } from './features/accounts/throttle';
import { dashboardRoutes } from './features/dashboard/routes';
import { capHalfSent } from './http/half-sent';
import { InFlight } from './http/in-flight';
import { energyRoutes } from './features/energy/routes';
import { applianceSettingsRoutes } from './features/appliance-settings/routes';
import { feedbackRoutes } from './features/feedback/routes';
import { carerRoutes } from './features/infocare/carers';
import { smsInboundRoutes } from './features/infocare/sms-inbound';
import { infocareRoutes } from './features/infocare/routes';
import { modeRoutes } from './features/modes/routes';
import { deviceRoutes } from './features/devices/routes';
import { supplierRoutes } from './features/suppliers/routes';
import { popupRoutes } from './features/popups/routes';
import { rankingRoutes } from './features/rankings/routes';
import { setupRoutes } from './features/setup/routes';
import { settingsRoutes } from './features/settings/routes';
import { tariffRoutes } from './features/tariffs/routes';
import { registerAuth } from './http/auth';
import { registerErrorHandling } from './http/errors';
import { registerSecurityHeaders } from './http/headers';
import { parseForm } from './http/fields';
import { registerJsonParser } from './http/json';
import { onClientError, onFrameworkError } from './http/malformed';
import { type LogDestination, loggerOptions, registerRequestLog } from './http/logging';
import { registerSingleValuedFields } from './http/validate';
import { registerWeb } from './http/web';
import { ingestRoutes } from './ingest/http/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { createPushSender, type PushSender } from './push/push';
import { pushRoutes } from './features/push/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method, url), for checks such as "each /api route is in the contract". */
    readonly registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  throttleLimits?: ThrottleLimits;
  /** Password hashing (default: PASSWORD_ITERATIONS, a pool sized to the machine); tests watch its queue. */
  hasher?: PasswordHasher;
  /** Where log lines go (default stdout); tests capture them to check that no secret is logged. */
  logStream?: LogDestination;
  /** Email transport (default: from the config, SMTP or the outbox). */
  mailer?: Mailer;
  /** Web Push (default: from the config, on when VAPID_SUBJECT is set). */
  push?: PushSender | null;
  /**
   * Counts requests in flight (the demo's seeding waits for none), from their first hook: a later one (the
   * session's) may wait on the database, and the seeder must see the request before then.
   */
  requests?: InFlight;
  /** A streaming replica of `db` for reads that may lag (DATABASE_READ_URL); none: every read on `db`. */
  replica?: Db | null;
  /** A demo server's Octopus stand-in URL, for its demo homes' published rates (AppContext.demoRates). */
  demoRates?: string | null;
  /** More routes, registered after the built-in ones with the same hooks (tests, later features). */
  routes?: ReadonlyArray<(app: FastifyInstance, ctx: AppContext) => void>;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // registerRequestLog writes one redacted line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: false, // never take a request id from the client
    return503OnClosing: true,
    // Slow senders: a request must arrive in full within requestTimeoutMs (else 408, see onClientError),
    // checked every second (Node's default check runs every 30 s); a silent connection closes.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: Math.min(config.idleTimeoutMs, 60_000),
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
  });

  const requests = deps.requests ?? new InFlight();
  requests.track(app);
  capHalfSent(app); // before any hook reads the database
  const hasher = deps.hasher ?? new PasswordHasher(config.passwordIterations);
  const sessions = new SessionService(db, config, clock);
  const router = new ReadRouter(db, deps.replica ?? null);
  const ctx: AppContext = {
    config,
    db,
    clock,
    hasher,
    sessions,
    throttle: new LoginThrottle(db, deps.throttleLimits ?? defaultThrottleLimits, clock),
    mailer: deps.mailer ?? createMailer({ config, db, clock }),
    push: deps.push !== undefined ? deps.push : createPushSender({ config, db }),
    reads: (request) => router.forReader(wroteAt(request.cookies)),
    requests,
    demoRates: deps.demoRates ?? null,
  };

  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  // Bodies are form-encoded or JSON only; anything else (text/plain, multipart) is a 415.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { parser: parseForm }); // fields counted before parsing
  registerErrorHandling(app);
  registerSecurityHeaders(app, sessions.cookieName);
  registerRequestLog(app);
  registerAuth(app, sessions, config);
  registerReadYourWrites(app, router, config.secureCookies);
  registerSingleValuedFields(app);

  app.get('/healthz', async (_request, reply) => {
    try {
      await db.query('select 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  accountRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  popupRoutes(app, ctx);
  settingsRoutes(app, ctx);
  energyRoutes(app, ctx);
  tariffRoutes(app, ctx);
  applianceRoutes(app, ctx);
  rankingRoutes(app, ctx);
  feedbackRoutes(app, ctx);
  infocareRoutes(app, ctx);
  carerRoutes(app, ctx);
  smsInboundRoutes(app, ctx);
  setupRoutes(app, ctx);
  applianceSettingsRoutes(app, ctx);
  modeRoutes(app, ctx);
  deviceRoutes(app, ctx);
  supplierRoutes(app, ctx);
  pushRoutes(app, ctx);
  ingestRoutes(app, ctx);
  for (const register of deps.routes ?? []) register(app, ctx);
  await registerWeb(app, config.webDist);
  app.addHook('onClose', async () => ctx.mailer.close());

  // The dummy hash for unknown-user logins, computed now so the first such login is not the slow one.
  hasher.warmUp().catch((error: unknown) => app.log.error({ err: error }, 'password warm-up failed'));
  return app;
}
