import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImport } from '../src/cli/run-import';
import type { Db } from '../src/db/types';
import { ingestReadings } from '../src/features/readings/ingest';
import type { Reading } from '../src/ingest/formats';
import { describeReal, realFile } from '../src/ingest/formats/real-data.test-support';
import { describeEachDb } from './support/db';
import { makeHouse, toCsv } from './support/ingest';

// Done-when checks on real UK data (../shared/data/real, never copied here):
// 1. REFIT House 20, 15 months of half-hourly kWh, imported with `import readings` → each local month's
//    consumption from the rollups equals the file's monthly sum within the carry rounding (≤ 1 Wh).
// 2. Octopus Agile 2020 (region A) imported with `import prices` for a house with REFIT-shaped half-hours
//    in March and October 2020 → each month's import cost from the rollups equals a plain per-slot
//    float calculation written here (kWh × p/kWh), to the penny; both clock-change days included.

const REFIT = 'refit-house20-halfhourly/refit_house20_halfhourly_kwh.csv';
const AGILE = 'octopus-agile/csv_agile_A_Eastern_England_2020.csv';
const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' });
const isBst = (ts: number) => london.format(new Date(ts * 1000)).endsWith('GMT+1');
const localMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
});
const monthOf = (ts: number) => localMonth.format(new Date(ts * 1000));

/** '0.4127' kWh → 4127 tenths of a Wh, exactly (the file has at most 4 decimals). */
const tenthsOfWh = (kwh: string) => {
  const [whole = '0', frac = ''] = kwh.split('.');
  return Number(whole) * 10_000 + Number(frac.padEnd(4, '0'));
};

interface RefitSeries {
  readings: Reading[];
  /** Exact monthly sums of the file, tenths of Wh, by the label's month. */
  monthly: Map<string, number>;
  /** Carry-rounded Wh of every row in file order (for REFIT-shaped consumption elsewhere). */
  wh: number[];
}

/**
 * The REFIT file's labels are naive UK local times on a continuous 48-a-day grid, so they are not
 * faithful on clock-change days (SOURCE.md): the spring day also lists the skipped 01:00 and 01:30, and
 * the autumn day lists its repeated hour once. Converted here to the generic layout with explicit
 * instants: a label is read as BST if that gives a real BST instant, else as GMT; the two skipped spring
 * labels then land on the same instants as 02:00 and 02:30 BST and their energy is added there; the
 * autumn hour is read as its first (BST) occurrence, leaving its GMT repeat a gap. kWh become Wh by carry
 * rounding (each row gets round(running total) − round(previous total)), so any span of rows, a month
 * included, is within 1 Wh of the file's exact sum. Rows whose 30 minutes are all missing are gaps.
 */
function refitSeries(): RefitSeries {
  const lines = readFileSync(realFile(REFIT), 'utf8').trim().split('\n').slice(1);
  const byStart = new Map<number, Reading>();
  const monthly = new Map<string, number>();
  const wh: number[] = [];
  let total = 0;
  for (const line of lines) {
    const [label = '', kwh = '0', , , , , , missing = '0'] = line.split(',');
    const tenths = tenthsOfWh(kwh);
    const given = Math.round((total + tenths) / 10) - Math.round(total / 10);
    total += tenths;
    wh.push(given);
    monthly.set(label.slice(0, 7), (monthly.get(label.slice(0, 7)) ?? 0) + tenths);
    if (Number(missing) >= 30) continue;
    const asUtc =
      Date.UTC(
        +label.slice(0, 4),
        +label.slice(5, 7) - 1,
        +label.slice(8, 10),
        +label.slice(11, 13),
        +label.slice(14, 16),
      ) / 1000;
    const start = isBst(asUtc - 3600) ? asUtc - 3600 : asUtc;
    const previous = byStart.get(start);
    byStart.set(start, {
      start,
      interval_s: 1800,
      import_wh: (previous?.import_wh ?? 0) + given,
      export_wh: 0,
      generation_wh: 0,
    });
  }
  return { readings: [...byStart.values()].sort((a, b) => a.start - b.start), monthly, wh };
}

/** Agile p/kWh by slot start, read independently of the server's parser. */
function agilePence(): Map<number, number> {
  const prices = new Map<number, number>();
  for (const line of readFileSync(realFile(AGILE), 'utf8').trim().split('\n')) {
    const [utc = '', , , , pence = ''] = line.split(',');
    prices.set(Date.parse(utc) / 1000, Number.parseFloat(pence));
  }
  return prices;
}

describeReal('real UK data through the write path', () => {
  let refit: RefitSeries;
  let dir: string;
  beforeAll(async () => {
    refit = refitSeries();
    dir = await mkdtemp(join(tmpdir(), 'homeview-real-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  describeEachDb('REFIT and Agile', (suite) => {
    const lent = (): Db => ({ ...suite.db, close: async () => undefined });
    const importFile = async (argv: string[]) => {
      const err: string[] = [];
      const code = await runImport(argv, {
        env: {},
        out: () => undefined,
        err: (l) => err.push(l),
        open: async () => lent(),
      });
      expect(code, err.join('\n')).toBe(0);
    };

    it('REFIT House 20: monthly consumption from the rollups = the file, within 1 Wh', async () => {
      const { houseId } = await makeHouse(suite.db, 'refit20');
      const file = join(dir, `refit-${suite.kind}.csv`);
      await writeFile(file, toCsv(refit.readings));
      await importFile(['readings', '--house', String(houseId), '--format', 'generic', file]);
      const { rows } = await suite.db.query<{ slot_start: number; import_wh: number }>(
        'select slot_start, import_wh from rollups where house_id = $1',
        [houseId],
      );
      const months = new Map<string, number>();
      for (const r of rows)
        months.set(monthOf(r.slot_start), (months.get(monthOf(r.slot_start)) ?? 0) + r.import_wh);
      expect([...months.keys()].sort()).toEqual([...refit.monthly.keys()].sort());
      for (const [month, tenths] of refit.monthly) {
        expect(Math.abs((months.get(month) ?? 0) - tenths / 10), month).toBeLessThanOrEqual(1);
      }
      expect(months.size).toBe(16); // 2014-03 … 2015-06
    });

    it('Agile March and October 2020: import cost = Σ kWh × p/kWh per slot, to the penny', async () => {
      const { houseId } = await makeHouse(suite.db, 'agile20');
      // Local months: 1 Mar 00:00 GMT → 1 Apr 00:00 BST; 1 Oct 00:00 BST → 1 Nov 00:00 GMT.
      const months: [string, number, number][] = [
        ['2020-03', 1_583_020_800, 1_585_695_600],
        ['2020-10', 1_601_506_800, 1_604_188_800],
      ];
      const readings: Reading[] = [];
      let k = 500; // REFIT half-hours from 2014-03-30 on, laid over the 2020 slots in order
      for (const [, from, to] of months) {
        for (let t = from; t < to; t += 1800) {
          readings.push({
            start: t,
            interval_s: 1800,
            import_wh: refit.wh[k++] ?? 0,
            export_wh: 0,
            generation_wh: 0,
          });
        }
      }
      await ingestReadings(suite.db, houseId, readings, { now: 1_700_000_000 });
      await importFile(['prices', '--house', String(houseId), '--format', 'agile', realFile(AGILE)]);

      const pence = agilePence();
      const cost = async (from: number, to: number) => {
        const { rows } = await suite.db.query<{ n: number; cost: number }>(
          'select count(*)::int as n, sum(import_cost)::bigint as cost from rollups where house_id = $1 and slot_start >= $2 and slot_start < $3',
          [houseId, from, to],
        );
        const reference = readings
          .filter((r) => r.start >= from && r.start < to)
          .reduce((sum, r) => sum + ((r.import_wh / 1000) * (pence.get(r.start) as number)) / 100, 0);
        return { slots: rows[0]!.n, pounds: rows[0]!.cost / 1e9, reference };
      };
      for (const [month, from, to] of months) {
        const m = await cost(from, to);
        expect(Math.abs(m.pounds - m.reference), `${month}: £${m.pounds} vs £${m.reference}`).toBeLessThan(
          0.005,
        );
      }
      const spring = await cost(1_585_440_000, 1_585_522_800); // 29 Mar 2020: 23 hours
      const autumn = await cost(1_603_580_400, 1_603_670_400); // 25 Oct 2020: 25 hours
      expect([spring.slots, autumn.slots]).toEqual([46, 50]);
      expect(Math.abs(spring.pounds - spring.reference)).toBeLessThan(0.005);
      expect(Math.abs(autumn.pounds - autumn.reference)).toBeLessThan(0.005);
    });
  });
});
