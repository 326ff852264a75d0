import { DEFAULT_TIME_ZONE, localDate, startOfLocalDate } from '@homeview/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { PasswordHasher } from '../accounts/password';
import { createAccount, createHouse, findUserId, linkDependant } from '../accounts/users';
import { connectSupplier } from '../suppliers/connect';
import { type OctopusStandin, startOctopusStandin } from './standins/octopus';
import { STANDIN_ACCOUNT, STANDIN_KEY } from './standins/octopus-account';
import { gasSeries, refitSeries } from './standins/octopus-series';

// DEMO_SUPPLIER (issue 35): a second demo login whose home is connected to Octopus Energy, so a newcomer
// sees a Supplier data screen that works. The server starts the Octopus stand-in (./standins/octopus.ts,
// the one the tests use) on a loopback port with an electricity and a gas meter; every Octopus request of
// this process goes to it (config.octopusApiUrl). The home is connected through connectSupplier, as the
// screen does (the credentials are checked with the stand-in, then sealed), and the led supplier job fills
// it. The stand-in's real half-hours are of past years: each series is moved by whole weeks (weekdays
// kept) to run on past `LEAD_S` after the server starts, and the stand-in publishes them as Octopus does,
// a local day once it has ended (its half-hours up to today's local midnight, on the clock asked at each
// request): the home's data reaches yesterday, day after day, for as long as the process runs within the
// lead (the 13-month fill still finds both fuels: REFIT's 460 days hold 13 months and the lead). Moved to
// end the day before the start instead, they ended up to 8 days before it and never moved on (issue 35).

export const DEMO_OCTOPUS_USERNAME = 'demo-octopus';
export const DEMO_OCTOPUS_PASSWORD = 'Demo-Octopus1';
/** The Octopus home's carer (issue 36): InfoCare as a home whose only data is the supplier's half-hours,
 *  a day late, gets it (Yesterday from the meter, Trends, its Warnings). */
export const DEMO_OCTOPUS_CARER_USERNAME = 'carer4';
export const DEMO_OCTOPUS_CARER_PASSWORD = 'Demo-Carer4';

const DAY = 86_400;
const WEEK = 7 * DAY;
/** How long after the start the moved series still run: 4 weeks (REFIT: 460 days, the fill 13 months). */
export const LEAD_S = 4 * WEEK;

/** Whole weeks that move a series last starting at `last` to run on to at least `now` + LEAD_S. */
const weeksAfter = (now: number, last: number) => Math.ceil((now + LEAD_S - last) / WEEK) * WEEK;

/**
 * The demo's Octopus stand-in, on 127.0.0.1 and a free port: both series published up to the start of
 * the current local day of `clock` (epoch seconds; the process' own by default), so a top-up finds
 * yesterday's half-hours.
 */
export async function startDemoOctopus(
  now: number,
  clock: () => number = () => Math.floor(Date.now() / 1000),
): Promise<OctopusStandin> {
  const standin = await startOctopusStandin({
    gasMprn: true,
    // Agile's and Tracker's published prices in every year (2020's replayed), so Compare tariffs prices
    // the demo homes' region (C) over their months: this server's OCTOPUS_API_URL is this stand-in.
    replay: true,
    shiftS: weeksAfter(now, refitSeries().at(-1)!.start),
    gasShiftS: weeksAfter(now, gasSeries().at(-1)!.start),
  });
  // Read for every slot served (the stand-in compares each one's end with it): today's local midnight,
  // worked out again only when the clock's second has moved.
  let asked = Number.NaN;
  let midnight = 0;
  Object.defineProperty(standin.faults, 'publishedUntil', {
    get: () => {
      const t = clock();
      if (t !== asked)
        [asked, midnight] = [t, startOfLocalDate(localDate(t, DEFAULT_TIME_ZONE), DEFAULT_TIME_ZONE)];
      return midnight;
    },
    enumerable: true,
  });
  return standin;
}

/**
 * Creates `demo-octopus` and its home connected to the stand-in at config.octopusApiUrl, with `carer4` its
 * carer, unless the login exists; returns whether it did.
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
    const home = await createHouse(tx, {
      ownerUserId: user,
      name: 'Octopus home',
      timeZone: DEFAULT_TIME_ZONE,
      demo: false,
    });
    const carer = await createAccount(tx, hasher, {
      username: DEMO_OCTOPUS_CARER_USERNAME,
      email: 'carer4@example.com',
      password: DEMO_OCTOPUS_CARER_PASSWORD,
      setupDone: true,
    });
    await linkDependant(tx, carer, user, new Date(now * 1000));
    return home;
  });
  await connectSupplier(
    { db, config },
    { id: house, time_zone: DEFAULT_TIME_ZONE },
    { kind: 'octopus', apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
    now,
  );
  return true;
}
