import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Config } from '../../src/config';
import type { Db } from '../../src/db/types';
import { connectSupplier } from '../../src/features/suppliers/connect';
import { SupplierFills } from '../../src/features/suppliers/job';
import { kwhToWh } from '../../src/features/suppliers/kwh';
import { createMailer } from '../../src/mail/mailer';
import { FakeClock, makeUser, testConfig } from './app';
import {
  NO_FAULTS,
  type OctopusStandin,
  type Row,
  STANDIN_ACCOUNT,
  STANDIN_KEY,
  type StandinFaults,
  startOctopusStandin,
} from './octopus-standin';

// Helpers of the supplier suites: their shared setup, what a house stores, and what it should store from a
// stand-in series.

export interface StoredReading {
  start: number;
  interval_s: number;
  import_wh: number;
  export_wh: number;
}

/** A house's stored readings of one fuel (0 electricity, 1 gas: shared/fuel.ts). */
export async function storedReadings(db: Db, houseId: number, fuel: 0 | 1 = 0): Promise<StoredReading[]> {
  const { rows } = await db.query<StoredReading>(
    `select start_ts::float8 as start, interval_s, import_wh, export_wh from readings
      where house_id = $1 and fuel = $2 order by start_ts`,
    [houseId, fuel],
  );
  return rows;
}

/** The series' slots in [from, to) as start → Wh. */
export function whOf(series: readonly Row[], from: number, to: number): Map<number, number> {
  return new Map(series.filter((r) => r.start >= from && r.start < to).map((r) => [r.start, kwhToWh(r.kwh)]));
}

/** Every stored reading a half-hour, none doubled, and `field` exactly `expected` (nothing lost or extra). */
export function expectExactly(
  stored: readonly StoredReading[],
  field: 'import_wh' | 'export_wh',
  expected: ReadonlyMap<number, number>,
): void {
  const starts = stored.map((r) => r.start);
  expect(new Set(starts).size, 'no half-hour doubled').toBe(starts.length);
  expect(stored.every((r) => r.interval_s === 1800)).toBe(true);
  const got = new Map(
    stored.filter((r) => expected.has(r.start) || r[field] !== 0).map((r) => [r.start, r[field]]),
  );
  const lost = [...expected.keys()].filter((s) => !got.has(s));
  expect(lost.length, `half-hours lost, first ${lost[0]}`).toBe(0);
  const extra = [...got.keys()].filter((s) => !expected.has(s));
  expect(extra.length, `half-hours not asked for, first ${extra[0]}`).toBe(0);
  const wrong = [...expected].filter(([s, wh]) => got.get(s) !== wh);
  expect(wrong.length, `half-hours with another figure, first ${JSON.stringify(wrong[0])}`).toBe(0);
}

/** The setup every Octopus-account suite shares: one stand-in, a clock pinned per case, homes to connect. */
export interface OctopusHomes {
  readonly standin: OctopusStandin;
  readonly config: Config;
  readonly clock: FakeClock;
  /** The supplier fills' led job, as the server runs it, on this suite's clock. */
  job(): SupplierFills;
  /** A new user's house id. */
  home(): Promise<number>;
  /** A new user: their name and house id. */
  owner(): Promise<{ username: string; houseId: number }>;
  /** Connects the stand-in's Octopus account to the house, now. */
  connect(houseId: number): Promise<number>;
  /** The house's stored day of one fuel: half-hours with data, Wh, and import cost + standing charge in pence. */
  day(
    houseId: number,
    date: string,
    fuel?: 0 | 1,
  ): Promise<{ slots: number; wh: number; cost: number; pence: number }>;
  /** The house's tariff versions of one fuel (or both), oldest first. */
  versions(houseId: number, fuel?: 0 | 1): Promise<{ id: number; start_date: string; source: string }[]>;
}

/**
 * Registers the hooks (stand-in started once, faults and calls reset and the clock pinned before each case)
 * and gives the suite's homes. `faults` are set on top of NO_FAULTS before each case.
 */
export function octopusHomes(
  suite: { db: Db },
  options: { label: string; nowMs: number; zone: string; faults?: () => Partial<StandinFaults> },
): OctopusHomes {
  let standin: OctopusStandin | undefined;
  let config: Config | undefined;
  let clock: FakeClock | undefined;
  let n = 0;
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('octopusHomes: used outside a test');
    return value;
  };
  beforeAll(async () => {
    standin = await startOctopusStandin();
    config = testConfig({
      OCTOPUS_API_URL: standin.url,
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
  });
  afterAll(() => standin?.close());
  beforeEach(() => {
    Object.assign(need(standin).faults, NO_FAULTS(), options.faults?.() ?? {});
    need(standin).calls.length = 0;
    clock = new FakeClock(options.nowMs);
  });
  const homes: OctopusHomes = {
    get standin() {
      return need(standin);
    },
    get config() {
      return need(config);
    },
    get clock() {
      return need(clock);
    },
    job: () =>
      new SupplierFills({
        db: suite.db,
        config: homes.config,
        mailer: createMailer({
          config: homes.config,
          db: suite.db,
          clock: homes.clock,
          print: () => undefined,
        }),
        clock: homes.clock,
      }),
    owner: async () => {
      n += 1;
      const user = await makeUser(suite.db, `${options.label}-${n}`);
      const { rows } = await suite.db.query<{ id: number }>(
        'select id from houses where owner_user_id = $1',
        [user.id],
      );
      return { username: user.username, houseId: rows[0]!.id };
    },
    home: async () => (await homes.owner()).houseId,
    connect: (houseId) =>
      connectSupplier(
        { db: suite.db, config: homes.config },
        { id: houseId, time_zone: options.zone },
        { kind: 'octopus', apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
        Math.floor(homes.clock.now().getTime() / 1000),
      ),
    day: async (houseId, date, fuel = 0) => {
      const { rows } = await suite.db.query<{ slots: number; wh: string; cost: string; standing: string }>(
        `select data_slots as slots, import_wh::text as wh, import_cost::text as cost,
                standing_charge::text as standing
           from daily_rollups where house_id = $1 and fuel = $2 and day = $3`,
        [houseId, fuel, date],
      );
      const row = rows[0];
      if (!row) throw new Error(`no ${date} stored for house ${houseId}`);
      const cost = Number(row.cost);
      return { slots: row.slots, wh: Number(row.wh), cost, pence: (cost + Number(row.standing)) / 1e7 };
    },
    versions: async (houseId, fuel) =>
      (
        await suite.db.query<{ id: number; start_date: string; source: string }>(
          `select id, to_char(start_date, 'YYYY-MM-DD') as start_date, source from tariffs
            where house_id = $1 and ($2::smallint is null or fuel = $2) order by start_date`,
          [houseId, fuel ?? null],
        )
      ).rows,
  };
  return homes;
}
