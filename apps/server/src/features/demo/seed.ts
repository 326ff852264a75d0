import type { Db } from '../../db/types';
import type { PasswordHasher } from '../accounts/password';
import { createAccount, createHouse, linkDependant } from '../accounts/users';
import { postPopup } from '../popups/post';
import {
  DEFAULT_NEIGHBOURS,
  DEMO_PASSWORD,
  DEMO_TARIFF,
  DEMO_USERNAME,
  declaredAppliances,
  demoSpecs,
  MUM_TARIFF,
  MUM_USERNAME,
  neighbourUsername,
  occupantsOf,
} from './homes';
import { insertDeclaredAppliances, insertHomes, insertTariff, setCreatedAt } from './repository';

// The demo on an empty database: `demo` (password Demo-Home1) with their own home (4 people, 4 kWp PV, a
// time-of-use tariff with export, the appliances it has declared), a linked dependant `mum` (Mum's bungalow, a fixed tariff) for InfoCare,
// a second carer of Mum's, `carer2` (password Demo-Carer2, no home of their own), and a neighbourhood of
// homes nobody can log in to, for rankings. Every home carries the demo flag.
// Only rows are created here (well under a second); the readings are simulated in the background after
// the server listens (./seeder.ts).

export { DEMO_PASSWORD, DEMO_USERNAME };
/** Mum's second carer (issue 25: several carers, one alert), a login of its own with no home. */
export const DEMO_CARER2_USERNAME = 'carer2';
export const DEMO_CARER2_PASSWORD = 'Demo-Carer2';
const SEED_LOCK_KEY = 7_346_111; // so two servers starting on one empty PostgreSQL seed once

export interface SeedOptions {
  /** Neighbouring homes for rankings (default 200). */
  neighbours?: number;
}

/** Seeds the demo when the database has no user at all; returns whether it did. */
export async function seedDemoIfEmpty(
  db: Db,
  hasher: PasswordHasher,
  now: Date = new Date(),
  options: SeedOptions = {},
): Promise<boolean> {
  const empty = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n === 0;
  if (!(await empty())) return false;
  const specs = demoSpecs(options.neighbours ?? DEFAULT_NEIGHBOURS);
  const own = specs.get(DEMO_USERNAME)!.spec;
  const mumSpec = specs.get(MUM_USERNAME)!.spec;
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    if ((await tx.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n > 0) return false;
    const demo = await createAccount(tx, hasher, {
      username: DEMO_USERNAME,
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      setupDone: true,
    });
    const demoHouse = await createHouse(tx, {
      ownerUserId: demo,
      name: 'My Home',
      timeZone: 'Europe/London',
      propertyType: own.propertyType,
      occupants: occupantsOf(own),
      demo: true,
    });
    await insertTariff(tx, demoHouse, DEMO_TARIFF);
    await insertDeclaredAppliances(tx, demoHouse, declaredAppliances(own), now);
    const mum = await createAccount(tx, hasher, {
      username: MUM_USERNAME,
      email: null,
      password: null,
      setupDone: true,
    });
    const mumHouse = await createHouse(tx, {
      ownerUserId: mum,
      name: "Mum's home",
      timeZone: 'Europe/London',
      propertyType: mumSpec.propertyType,
      occupants: occupantsOf(mumSpec),
      demo: true,
    });
    // Her departures from her routine are placed from this date (homes.ts mumsDepartures).
    await setCreatedAt(tx, mumHouse, now);
    await insertTariff(tx, mumHouse, MUM_TARIFF);
    await insertDeclaredAppliances(tx, mumHouse, declaredAppliances(mumSpec), now);
    await linkDependant(tx, demo, mum, now);
    const carer2 = await createAccount(tx, hasher, {
      username: DEMO_CARER2_USERNAME,
      email: 'carer2@example.com',
      password: DEMO_CARER2_PASSWORD,
      setupDone: true,
    });
    await linkDependant(tx, carer2, mum, now);
    // Neighbours keep the default tariff; nobody can log in to them (unusable passwords, no email).
    const neighbours = [...specs.values()].filter((s) => s.interval === 1800);
    await insertHomes(
      tx,
      neighbours.map((n, i) => ({
        username: neighbourUsername(i),
        name: n.spec.name ?? `Neighbour ${i + 1}`,
        propertyType: n.spec.propertyType,
        occupants: occupantsOf(n.spec),
        demo: true,
      })),
    );
    await postPopup(
      tx,
      'Welcome to HomeView',
      'This is a demo account with sample homes. Explore your energy use on My Home, or look in on Mum’s home.',
    );
    return true;
  });
}
