import { type Tariff, tariffToStored } from '@homeview/domain';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/types';
import { CACHE_PRICES, tariffCacheStats, tariffsFor } from './tariff-book';

// The compiled-book cache against what a device flush does: every sending house priced in turn, every
// second. A stand-in for the database answers the two reads a miss makes and counts them.

const FLAT: Tariff = {
  startDate: '2020-01-01',
  standingCharge: 600_000,
  import: {
    type: 'schedule',
    basis: 'local',
    entries: [{ days: 'all', steps: [{ startMinute: 0, price: 245_000, name: 'Standard' }] }],
  },
  export: null,
  generation: null,
};
const AGILE: Tariff = {
  ...FLAT,
  import: { type: 'dynamic', name: 'Agile', prices: new Map() },
};
/** A year of half-hourly prices for one rate. */
const YEAR = 17_520;

function database(tariff: Tariff): { db: Queryable; reads: () => number } {
  let reads = 0;
  const stored = tariffToStored(tariff);
  const slots = Array.from({ length: YEAR }, (_, i) => 1_700_000_000 + i * 1800);
  const db: Queryable = {
    query: async <T>(sql: string) => {
      reads++;
      const rows = sql.includes('from tariff_prices')
        ? [{ rate: 'import', slots: slots.join(','), prices: slots.map(() => 250_000).join(',') }]
        : [{ id: 1, tariff: stored }];
      return { rows: rows as T[], rowCount: 0 };
    },
    exec: async () => undefined,
  };
  return { db, reads: () => reads };
}

describe('the tariff book cache', () => {
  it('keeps the books of the 1,000+ houses a device flush prices, flush after flush', async () => {
    const { db, reads } = database(FLAT);
    const houses = Array.from({ length: 2000 }, (_, i) => 500_000 + i);
    for (const h of houses) await tariffsFor(db, h, 'Europe/London', `${h}@1`);
    expect(reads()).toBe(2000);
    const hits = tariffCacheStats.hits;
    for (const h of houses) await tariffsFor(db, h, 'Europe/London', `${h}@1`);
    expect(reads()).toBe(2000); // the second flush reads nothing
    expect(tariffCacheStats.hits - hits).toBe(2000);
    // A changed version (new id) is read again.
    await tariffsFor(db, 500_000, 'Europe/London', '500000@2');
    expect(reads()).toBe(2001);
  });

  it('holds a bounded number of dynamic prices: the least recently used Agile books go first', async () => {
    const { db, reads } = database(AGILE);
    const fit = Math.floor(CACHE_PRICES / YEAR);
    const houses = Array.from({ length: fit + 10 }, (_, i) => 600_000 + i);
    for (const h of houses) {
      const { book, versions } = await tariffsFor(db, h, 'Europe/London', `${h}@1`);
      expect(book).toBeDefined();
      expect(versions[0]?.import?.type === 'dynamic' && versions[0].import.prices.size).toBe(YEAR);
    }
    const read = reads();
    // The newest are cached; the oldest were evicted and are read again (two reads: versions, prices).
    await tariffsFor(db, houses.at(-1) as number, 'Europe/London', `${houses.at(-1)}@1`);
    expect(reads()).toBe(read);
    await tariffsFor(db, houses[0] as number, 'Europe/London', `${houses[0]}@1`);
    expect(reads()).toBe(read + 2);
  });
});
