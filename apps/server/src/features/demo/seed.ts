import { DEFAULT_TIME_ZONE } from '@homeview/domain';
import { LOCKS } from '../../db/lock-keys';
import type { Db } from '../../db/types';
import { PasswordHasher } from '../accounts/password';
import { createAccount, createHouse, linkDependant } from '../accounts/users';
import { postPopup } from '../popups/post';
import { DEMO_WELCOME } from '../popups/welcome';
import {
  DAD_USERNAME,
  DEFAULT_NEIGHBOURS,
  DEMO_PASSWORD,
  DEMO_POSTCODE,
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
// a second carer of Mum's, `carer2` (password Demo-Carer2, no home of their own), `carer3` (password
// Demo-Carer3, no home of their own) whose dependant `dad` has a smart meter and no plugs (issue 24: his
// appliance uses are estimated from the meter), and a neighbourhood of homes nobody can log in to, for
// rankings. Every home carries the demo flag.
// Only rows are created here (well under a second); the readings are simulated in the background after
// the server listens (./seeder.ts).

export { DEMO_PASSWORD, DEMO_USERNAME };
/** Mum's second carer (issue 25: several carers, one alert), a login of its own with no home. */
export const DEMO_CARER2_USERNAME = 'carer2';
export const DEMO_CARER2_PASSWORD = 'Demo-Carer2';
/**
 * The carer of the demo's meter-only dependant, Dad (issue 24), a login of its own with no home: an
 * account has one InfoCare dashboard (spec §1), the demo account's is Mum's.
 */
export const DEMO_CARER3_USERNAME = 'carer3';
export const DEMO_CARER3_PASSWORD = 'Demo-Carer3';

export interface SeedOptions {
  /** Neighbouring homes for rankings (default 200). */
  neighbours?: number;
}

/**
 * The demo logins' hashes, all begun at once (the hash pool derives them side by side, ~0.3 s each at the
 * default cost) rather than one after another inside the seeding transaction, before the server listens.
 */
class DemoHashes extends PasswordHasher {
  readonly #begun: Map<string, Promise<string>>;

  constructor(hasher: PasswordHasher, passwords: readonly string[]) {
    super(hasher.iterations, hasher.pool);
    this.#begun = new Map(passwords.map((p) => [p, hasher.hash(p)]));
  }

  override hash(password: string, iterations = this.iterations): Promise<string> {
    return (iterations === this.iterations && this.#begun.get(password)) || super.hash(password, iterations);
  }
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
  const hashes = new DemoHashes(hasher, [DEMO_PASSWORD, DEMO_CARER2_PASSWORD, DEMO_CARER3_PASSWORD]);
  const own = specs.get(DEMO_USERNAME)!.spec;
  const mumSpec = specs.get(MUM_USERNAME)!.spec;
  const dadSpec = specs.get(DAD_USERNAME)!.spec;
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCKS.demoSeed]);
    if ((await tx.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n > 0) return false;
    const demo = await createAccount(tx, hashes, {
      username: DEMO_USERNAME,
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      setupDone: true,
    });
    const demoHouse = await createHouse(tx, {
      ownerUserId: demo,
      name: 'My Home',
      timeZone: DEFAULT_TIME_ZONE,
      propertyType: own.propertyType,
      occupants: occupantsOf(own),
      demo: true,
      postcode: DEMO_POSTCODE,
    });
    await insertTariff(tx, demoHouse, DEMO_TARIFF);
    await insertDeclaredAppliances(tx, demoHouse, declaredAppliances(own), now);
    const mum = await createAccount(tx, hashes, {
      username: MUM_USERNAME,
      email: null,
      password: null,
      setupDone: true,
    });
    const mumHouse = await createHouse(tx, {
      ownerUserId: mum,
      name: "Mum's home",
      timeZone: DEFAULT_TIME_ZONE,
      propertyType: mumSpec.propertyType,
      occupants: occupantsOf(mumSpec),
      demo: true,
    });
    // Her departures from her routine are placed from this date (homes.ts mumsDepartures).
    await setCreatedAt(tx, mumHouse, now);
    await insertTariff(tx, mumHouse, MUM_TARIFF);
    await insertDeclaredAppliances(tx, mumHouse, declaredAppliances(mumSpec), now);
    await linkDependant(tx, demo, mum, now);
    const carer2 = await createAccount(tx, hashes, {
      username: DEMO_CARER2_USERNAME,
      email: 'carer2@example.com',
      password: DEMO_CARER2_PASSWORD,
      setupDone: true,
    });
    await linkDependant(tx, carer2, mum, now);
    // Dad: a smart meter and no plugs, on the default tariff; his appliances declared as the setup asks.
    const dad = await createAccount(tx, hashes, {
      username: DAD_USERNAME,
      email: null,
      password: null,
      setupDone: true,
    });
    const dadHouse = await createHouse(tx, {
      ownerUserId: dad,
      name: "Dad's house",
      timeZone: DEFAULT_TIME_ZONE,
      propertyType: dadSpec.propertyType,
      occupants: occupantsOf(dadSpec),
      demo: true,
    });
    await setCreatedAt(tx, dadHouse, now);
    await insertDeclaredAppliances(tx, dadHouse, declaredAppliances(dadSpec), now);
    const carer3 = await createAccount(tx, hashes, {
      username: DEMO_CARER3_USERNAME,
      email: 'carer3@example.com',
      password: DEMO_CARER3_PASSWORD,
      setupDone: true,
    });
    await linkDependant(tx, carer3, dad, now);
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
    // One welcome, worded per account when read (popups/welcome.ts): only the homes each login opens.
    await postPopup(tx, DEMO_WELCOME.title, DEMO_WELCOME.message);
    return true;
  });
}
