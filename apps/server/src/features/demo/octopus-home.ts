import { DEFAULT_TIME_ZONE } from '@homeview/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { PasswordHasher } from '../accounts/password';
import { createAccount, createHouse, findUserId } from '../accounts/users';
import { connectSupplier } from '../suppliers/connect';
import { type OctopusStandin, startOctopusStandin } from './standins/octopus';
import { STANDIN_ACCOUNT, STANDIN_KEY } from './standins/octopus-account';
import { gasSeries, refitSeries } from './standins/octopus-series';

// DEMO_SUPPLIER (issue 35): a second demo login whose home is connected to Octopus Energy, so a newcomer
// sees a Supplier data screen that works. The server starts the Octopus stand-in (./standins/octopus.ts,
// the one the tests use) on a loopback port with an electricity and a gas meter; every Octopus request of
// this process goes to it (config.octopusApiUrl). The home is connected through connectSupplier, as the
// screen does (the credentials are checked with the stand-in, then sealed), and the led supplier job fills
// it. The stand-in's real half-hours are of past years: each series is moved by whole weeks to end the day
// before the server started (weekdays kept), so the 13-month fill finds both fuels.

export const DEMO_OCTOPUS_USERNAME = 'demo-octopus';
export const DEMO_OCTOPUS_PASSWORD = 'Demo-Octopus1';

const DAY = 86_400;
const WEEK = 7 * DAY;

/** Whole weeks that move a series last starting at `last` to end before `now` − 1 day. */
const weeksBefore = (now: number, last: number) => Math.floor((now - DAY - last) / WEEK) * WEEK;

/** The demo's Octopus stand-in, on 127.0.0.1 and a free port, its series ending yesterday. */
export function startDemoOctopus(now: number): Promise<OctopusStandin> {
  return startOctopusStandin({
    gasMprn: true,
    shiftS: weeksBefore(now, refitSeries().at(-1)!.start),
    gasShiftS: weeksBefore(now, gasSeries().at(-1)!.start),
  });
}

/**
 * Creates `demo-octopus` and its home connected to the stand-in at config.octopusApiUrl, unless the login
 * exists; returns whether it did.
 */
export async function seedDemoOctopusIfAbsent(
  db: Db,
  hasher: PasswordHasher,
  config: Config,
  now: number,
): Promise<boolean> {
  if ((await findUserId(db, DEMO_OCTOPUS_USERNAME)) !== null) return false;
  const house = await db.transaction(async (tx) => {
    const user = await createAccount(tx, hasher, {
      username: DEMO_OCTOPUS_USERNAME,
      email: 'demo-octopus@example.com',
      password: DEMO_OCTOPUS_PASSWORD,
      setupDone: true,
    });
    // Not demo-flagged: its readings are the supplier's only, never the demo simulation's.
    return createHouse(tx, {
      ownerUserId: user,
      name: 'Octopus home',
      timeZone: DEFAULT_TIME_ZONE,
      demo: false,
    });
  });
  await connectSupplier(
    { db, config },
    { id: house, time_zone: DEFAULT_TIME_ZONE },
    { kind: 'octopus', apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
    now,
  );
  return true;
}
