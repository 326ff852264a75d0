import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { createMailer } from '../../mail/mailer';
import { createPushSender } from '../../push/push';
import { createSmsSender } from '../../sms/sms';
import { InfocareTimer } from './timer';

// The InfoCare timer as the server process runs it (main.ts), in one place so that the seed probe
// (bench/src/seed-probe.ts) measures the same wiring: the configured mail, SMS and push transports, the system
// clock, INFOCARE_INTERVAL_S, and `db` as background work sees it (main.ts passes InFlight.background's
// view): each evaluation, report and mail write waits for the background work before it and for a moment
// with no request in flight.

export function serverInfocareTimer(deps: {
  config: Config;
  db: Db;
  log?: FastifyBaseLogger;
}): InfocareTimer {
  const { config, db, log } = deps;
  return new InfocareTimer({
    db,
    mailer: createMailer({ config, db, clock: systemClock }),
    sms: createSmsSender({ config, db, clock: systemClock }),
    push: createPushSender({ config, db }),
    clock: systemClock,
    intervalS: config.infocareIntervalS,
    log,
  });
}
