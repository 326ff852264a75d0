// Every PostgreSQL advisory-lock key the server takes, in one place (test/lock-keys.test.ts keeps them
// distinct and keeps literal keys out of every other file). PostgreSQL has two key spaces that never
// overlap: one bigint key (pg_advisory_xact_lock(k), pg_try_advisory_lock(k), …) and two int keys
// (pg_advisory_xact_lock(k1, k2)). The first holds LOCKS; the second holds LOCK_CLASSES, whose key is the
// first int, the second naming the thing locked (a house, a dependant, a hashed address). Two keys equal
// in one space are one lock: a job under one would wait on work under the other. PGlite has one process
// and ignores them all.

/** Whole-database locks and leaderships (one bigint key each). */
export const LOCKS = {
  /** Migrations apply under it, once across servers starting together (db/migrate.ts). */
  migrations: 7_346_110,
  /** The default tariff's repricing at start (features/tariffs/default-sync.ts, via exclusively()). */
  defaultTariffSync: 7_346_111,
  /** The demo simulation's leader (main.ts). */
  demoSimulation: 7_346_112,
  /** InfoCare's leader: its runs, arrivals, notifications and reports (main.ts). */
  infocareRuns: 7_346_113,
  /** The server recording unclaimed devices (the wildcard topics). */
  devices: 7_346_114,
  /** Held shared by every server taking device partitions: counted, it is the number of live servers. */
  devicesPresence: 7_346_115,
  /** The demo's accounts are created under it, so two servers starting on one empty database seed once. */
  demoSeed: 7_346_117,
  /** The supplier accounts' fills and top-ups (features/suppliers/job.ts), one server at a time. */
  supplierFills: 7_346_118,
  /** The recorded carbon intensity's fill (features/carbon/job.ts), one server at a time. */
  carbonHistory: 7_346_119,
  /** Device partition p is held by the server holding devicePartitions + p (p < DEVICE_PARTITIONS_MAX). */
  devicePartitions: 7_346_200,
} as const;

/** The most device partitions (MQTT_PARTITIONS): LOCKS.devicePartitions + p for p below it are taken. */
export const DEVICE_PARTITIONS_MAX = 256;

/** Per-thing locks: the first of two int keys, the second the thing (pg_advisory_xact_lock(int, int)). */
export const LOCK_CLASSES = {
  /** A house's writers of readings, rollups, events and tariffs, with the house id (shared/house.ts). */
  houseWrite: 7_346_120,
  /**
   * InfoCare's evaluation of one home, with the house id (features/infocare/job.ts): two processes store
   * an alert once. Its own key: an evaluation (up to 96 catch-up instants) must not hold the house's
   * writers, which it only reads after.
   */
  infocareEvaluation: 7_346_121,
  /**
   * A home's invitations, with the dependant's id, while those of the last day are counted and one is
   * added, so the daily limit holds across requests and servers (features/infocare/invites.ts).
   */
  carerInvites: 7_346_116,
  /** An account's device adds, claims and lookups, with the user id, while counted (features/devices/lookups.ts). */
  deviceAttempts: 7_346_122,
  /** An account's supplier connect attempts, with the user id, while counted (features/suppliers/attempts.ts). */
  supplierAttempts: 7_346_123,
  /** Sign-in attempts from one address, with hashtext(address) (features/accounts/attempts.ts). */
  signInAddress: 11_001,
  /** Sign-in attempts at one account, with hashtext(account). */
  signInAccount: 11_002,
} as const;

/** A whole-database key. */
export type LockKey = (typeof LOCKS)[keyof typeof LOCKS];
