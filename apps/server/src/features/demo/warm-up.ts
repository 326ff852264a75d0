import { startOfLocalDate } from '@homeview/domain';
import { type HomeSpec, simulateDays } from '@homeview/simulator';
import type { Db, Queryable } from '../../db/types';
import { ingestApplianceEvents, ingestReadings } from '../readings/ingest';
import {
  type ReadingInterval,
  readingsOf,
  simulateDailyTotals,
  storeDailyTotalsWithUses,
} from './ingest-days';

// The first seeding transaction of each kind takes 60-80 ms longer than the ones after it (in-process: a
// first 1-minute batch of 67 rows 67 ms, a first half-hourly batch 80 ms, then 4-14 ms each): PostgreSQL
// fills its caches for the tables and functions it meets first, V8 compiles the code. Compiling PGlite's
// WebAssembly eagerly did not change it. A request that came meanwhile waited as long, so each kind runs
// once before the server listens, on a day no history reaches, and is rolled back.

/** Long before any demo history (13 months at most), after the earliest instant ingest accepts (2000). */
const WARM_DAY = '2001-01-01';
const HOURS = 6;

export interface WarmedHome {
  houseId: number;
  spec: HomeSpec;
  zone: string;
}

class RolledBack extends Error {}

type OnFailure = (error: unknown) => void;

/** Runs `write` in a transaction that is then rolled back; a failure is reported and costs only the warm-up. */
async function rolledBack(
  db: Db,
  onFailure: OnFailure,
  write: (tx: Queryable) => Promise<unknown>,
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await write(tx);
      throw new RolledBack();
    });
  } catch (error) {
    if (error instanceof RolledBack) return true;
    onFailure(error);
  }
  return false;
}

async function ownKind(
  db: Db,
  onFailure: OnFailure,
  home: WarmedHome,
  interval: ReadingInterval,
): Promise<boolean> {
  const from = startOfLocalDate(WARM_DAY, home.zone);
  const now = from + 86_400;
  return rolledBack(db, onFailure, async (tx) => {
    for (const day of simulateDays(home.spec, { from, to: from + HOURS * 3600, zone: home.zone })) {
      await ingestReadings(tx, home.houseId, readingsOf(day, interval), { now });
      const events = day.events.filter((e) => e.end <= now);
      if (events.length > 0) await ingestApplianceEvents(tx, home.houseId, events);
    }
  });
}

async function neighbourKind(db: Db, onFailure: OnFailure, home: WarmedHome): Promise<boolean> {
  const from = startOfLocalDate(WARM_DAY, home.zone);
  const to = from + 86_400;
  const simulated = await simulateDailyTotals(home.spec, {
    from,
    to,
    eventsFrom: from,
    now: to,
    zone: home.zone,
  });
  return rolledBack(db, onFailure, (tx) => storeDailyTotalsWithUses(tx, home.houseId, simulated));
}

/** Each kind of seeding write once, rolled back; returns how many kinds ran to their end. */
export async function warmSeedingWrites(
  db: Db,
  homes: { own: WarmedHome | undefined; neighbour: WarmedHome | undefined },
  onFailure: OnFailure,
): Promise<number> {
  const ran: boolean[] = [];
  const { own, neighbour } = homes;
  if (own) ran.push(await ownKind(db, onFailure, own, 60), await ownKind(db, onFailure, own, 1800));
  if (neighbour) ran.push(await neighbourKind(db, onFailure, neighbour));
  return ran.filter(Boolean).length;
}
