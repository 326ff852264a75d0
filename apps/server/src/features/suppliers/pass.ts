import { SUPPLIER_KIND_TEXT } from '@homeview/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { fillMeter, progressOf } from './fill';
import {
  type ConnectionRow,
  countRejected,
  metersOf,
  recordPass,
  refuseCredentials,
  setProgress,
} from './repository';
import { OctopusSource } from './octopus';
import { SupplierError } from './source';
import { syncOctopusTariff } from './tariff-sync';
import { openCredentials, sourceFor } from './sources';

// One pass over one connection: every stored meter fetched up to now (fill.ts), then the connection's
// state, problem and next fetch recorded. Errors: 'credentials' stops the connection (no more fetches
// until the owner connects again) and emails the owner once; the rest back off exponentially from
// BACKOFF_BASE_S to BACKOFF_MAX_S, never sooner than a 429's Retry-After. Filled connections are topped
// up every TOP_UP_S (the supplier publishes a day's half-hours over the next one to two days).
// A bad answer (not JSON, not of its documented shape) is one meter's: counted on it (`rejected`) and
// logged, the other meters still fetched, then the connection retried with backoff as for a 5xx; what
// was stored stays, and the meter's resume point has not moved past the span it could not read.

export const TOP_UP_S = 4 * 3600;
export const BACKOFF_BASE_S = 60;
export const BACKOFF_MAX_S = 6 * 3600;

export interface PassDeps {
  db: Db;
  config: Pick<Config, 'octopusApiUrl' | 'glowmarktApiUrl' | 'publicOrigin'>;
  mailer: Mailer;
  /** The key the credentials are sealed with (shared/secrets.ts). */
  key: Buffer;
  log?: FastifyBaseLogger;
  /** Asked between spans: a server shutting down stops at the next span (the resume point is stored). */
  stopping?: () => boolean;
}

export type PassResult = 'filled' | 'partial' | 'retrying' | 'refused';

export function backoffS(failures: number, retryAfterS: number | null): number {
  const exponential = Math.min(BACKOFF_MAX_S, BACKOFF_BASE_S * 2 ** Math.max(0, failures - 1));
  return Math.max(exponential, retryAfterS ?? 0);
}

export async function runConnection(deps: PassDeps, row: ConnectionRow, now: number): Promise<PassResult> {
  const { db } = deps;
  const meters = (await metersOf(db, [row.id])).filter((m) => m.stored);
  try {
    const source = sourceFor(
      row.kind,
      openCredentials(deps.key, row.house_id, row.kind, row.credentials),
      deps.config,
    );
    // The tariff first, so the half-hours fetched next are priced by it (tariff-sync.ts).
    const tariff = source instanceof OctopusSource ? await syncOctopusTariff(db, row, source, now) : null;
    let reached = true;
    let badAnswer: SupplierError | null = null;
    for (const [k, meter] of meters.entries()) {
      // The first fill's progress, span by span: the meters before this one done, this one's share.
      const shown = (tx: Queryable, resumeAt: number) =>
        row.progress === null // filled before: no progress to show
          ? Promise.resolve()
          : setProgress(
              tx,
              row.id,
              Math.floor((100 * k + progressOf(row.fill_from, resumeAt, now)) / meters.length),
            );
      let pass: Awaited<ReturnType<typeof fillMeter>>;
      try {
        pass = await fillMeter(db, row, meter, source, now, deps.stopping, shown);
      } catch (error) {
        if (!(error instanceof SupplierError && error.problem === 'bad_answer')) throw error;
        await countRejected(db, meter.id);
        deps.log?.warn(
          { connection: row.id, meter: meter.id, fuel: meter.fuel, problem: error.message },
          'supplier answer rejected',
        );
        badAnswer ??= error;
        continue;
      }
      if (pass.figures.refused > 0)
        deps.log?.warn(
          { connection: row.id, meter: meter.id, fuel: meter.fuel, refused: pass.figures.refused },
          'supplier figures rejected',
        );
      reached &&= pass.reachedNow;
      if (!pass.reachedNow) break;
    }
    if (badAnswer !== null) throw badAnswer;
    await recordPass(db, row.id, {
      state: reached ? 'up_to_date' : 'filling',
      problem: null,
      lastFetchAt: now,
      nextFetchAt: reached ? now + TOP_UP_S : now,
      failures: 0,
      progress: reached ? null : 'kept',
    });
    deps.log?.info({ connection: row.id, calls: source.calls, reached, tariff }, 'supplier pass done');
    return reached ? 'filled' : 'partial';
  } catch (error) {
    if (!(error instanceof SupplierError)) throw error;
    if (error.problem === 'credentials') {
      const problem = `${SUPPLIER_KIND_TEXT[row.kind]} refused the saved credentials: connect the account again with new ones.`;
      const owner = await refuseCredentials(db, row.id, now, problem);
      deps.log?.warn({ connection: row.id }, 'supplier credentials refused');
      if (owner?.email)
        await mailRefused(deps, owner.email, owner.house_name, row.kind).catch((e: unknown) =>
          deps.log?.error({ err: e, connection: row.id }, 'supplier refusal email not sent'),
        );
      return 'refused';
    }
    const failures = row.failures + 1;
    await recordPass(db, row.id, {
      state: 'retrying',
      problem: `${error.message}; trying again automatically, nothing is lost.`,
      lastFetchAt: now,
      nextFetchAt: now + backoffS(failures, error.retryAfterS),
      failures,
      progress: 'kept',
    });
    deps.log?.warn({ connection: row.id, problem: error.problem, failures }, 'supplier fetch failed');
    return 'retrying';
  }
}

async function mailRefused(deps: PassDeps, to: string, houseName: string, kind: ConnectionRow['kind']) {
  const supplier = SUPPLIER_KIND_TEXT[kind];
  await deps.mailer.send({
    to,
    subject: `${supplier} stopped sending your meter data`,
    text:
      `${supplier} refused the key or password saved for ${houseName}, so your smart meter's half-hours ` +
      `are no longer fetched. Readings already stored are kept.\n\n` +
      `Connect the account again with new details: ${deps.config.publicOrigin}/account/homeview/supplier\n\n` +
      'You get this message once.',
  });
}
