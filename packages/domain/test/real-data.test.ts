import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compileTariffs,
  dynamicRate,
  fixedRate,
  halfHourSlots,
  localDate,
  localTimeOfDay,
  makeTariff,
  nanoToPennies,
  penceToMicro,
  periodContaining,
  priceSlots,
  startOfLocalDate,
  summarizePeriod,
} from '../src/index';

// Real prices (Octopus Energy Agile tariff rates, region A, via energy-stats.uk) and real consumption
// (REFIT House 20, CC BY 4.0, Murray, Stankovic & Stankovic, DOI 10.15129/9ab14b0e-19ac-4279-938f-27f643078cec;
// resampled by DeviceScope, aggregated to 30 min by the data curators). Read in place, never copied.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// HOMEVIEW_REAL_DATA_DIR exists only to check the missing-data behaviour; normally it is unset.
const dataDir = process.env.HOMEVIEW_REAL_DATA_DIR ?? path.resolve(repoRoot, '../shared/data/real');
const agileFile = path.join(dataDir, 'octopus-agile', 'csv_agile_A_Eastern_England_2020.csv');
const refitFile = path.join(dataDir, 'refit-house20-halfhourly', 'refit_house20_halfhourly_kwh.csv');
const exists = fs.existsSync(agileFile) && fs.existsSync(refitFile);
if (!exists) {
  if (process.env.CI === 'true') throw new Error(`real data is missing at ${dataDir}; CI requires it`);
  console.warn(`real data not found at ${dataDir}: the real-data tests are skipped`);
}

const LONDON = 'Europe/London';
const STANDING = 210_000; // µ£/day, a round figure for the test; the real 2020 Agile charge is not in the data

interface AgileRow {
  start: number;
  localClock: string;
  pence: string; // kept as text: the reference below uses the float, the domain the exact text
}

function readAgile(): AgileRow[] {
  return fs
    .readFileSync(agileFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [iso, clock, , , price] = line.split(',');
      return {
        start: Date.parse(iso as string) / 1000,
        localClock: clock as string,
        pence: (price as string).trim(),
      };
    });
}

/** REFIT naive local 'YYYY-MM-DD HH:MM' → import kWh. */
function readRefit(): Map<string, number> {
  const lines = fs.readFileSync(refitFile, 'utf8').trim().split('\n').slice(1);
  return new Map(lines.map((l) => l.split(',')).map(([k, kwh]) => [k as string, Number(kwh)]));
}

describe.skipIf(!exists)('real Agile prices and REFIT consumption', () => {
  const agile = exists ? readAgile() : [];
  const refit = exists ? readRefit() : new Map<string, number>();
  const book = compileTariffs(
    [
      makeTariff({
        startDate: '2020-01-01',
        standingCharge: STANDING,
        import: dynamicRate(agile.map((r) => [r.start, penceToMicro(r.pence)])),
        export: fixedRate(55_000),
      }),
    ],
    LONDON,
  );

  it("the file's local clock column agrees with the domain, and its days have 46/48/50 slots", () => {
    expect(agile).toHaveLength(17_568);
    const perDay = new Map<string, number>();
    for (const r of agile) {
      expect(localTimeOfDay(r.start, LONDON)).toBe(r.localClock);
      const d = localDate(r.start, LONDON);
      perDay.set(d, (perDay.get(d) ?? 0) + 1);
    }
    expect(perDay.size).toBe(366);
    const odd = [...perDay].filter(([, n]) => n !== 48);
    expect(odd).toEqual([
      ['2020-03-29', 46],
      ['2020-10-25', 50],
    ]);
    const long = halfHourSlots(startOfLocalDate('2020-10-25', LONDON), LONDON);
    expect(long.map((s) => s.label)).toEqual(
      agile.filter((r) => localDate(r.start, LONDON) === '2020-10-25').map((r) => r.localClock),
    );
  });

  it('parses every real price exactly, including the negative ones', () => {
    const micro = agile.map((r) => penceToMicro(r.pence));
    expect(micro.filter((p) => p < 0)).toHaveLength(219);
    expect(Math.min(...micro)).toBe(-107_835);
    expect(Math.max(...micro)).toBe(349_965);
    for (const r of agile) expect(book.rateAt('import', r.start)).toBe(penceToMicro(r.pence));
  });

  // Pair each 2020 slot with REFIT House 20's reading at the same local month-day and clock time in a year
  // REFIT covers. On 2020-10-25 the repeated 01:00 and 01:30 both take REFIT's single reading.
  it.each([
    ['2020-10', '2014-10'],
    ['2020-03', '2015-03'],
  ])(
    'costs %s (with its clock change) like a plain per-slot calculation, to the penny',
    (month, refitMonth) => {
      const period = periodContaining('month', startOfLocalDate(`${month}-15`, LONDON), LONDON);
      const slots = agile.filter((r) => r.start >= period.start && r.start < period.end);
      let missing = 0;
      const energy = slots.map((r) => {
        const kwh = refit.get(`${refitMonth}${localDate(r.start, LONDON).slice(7)} ${r.localClock}`);
        if (kwh === undefined) missing += 1;
        return {
          slot_start: r.start,
          import_wh: Math.round((kwh ?? 0) * 1000),
          export_wh: 0,
          generation_wh: 0,
        };
      });
      expect(missing).toBe(0);

      // Independent reference: float pence per slot, no domain code.
      let refPence = 0;
      let refNegativePence = 0;
      slots.forEach((r, i) => {
        const pence = (energy[i]!.import_wh / 1000) * Number(r.pence);
        refPence += pence;
        if (Number(r.pence) < 0) refNegativePence += pence;
      });
      const days = new Set(slots.map((r) => localDate(r.start, LONDON))).size;

      const rows = priceSlots(book, energy);
      const s = summarizePeriod(period, { book, rows });
      expect(s.totals.slots).toBe(slots.length);
      expect(s.totals.data_slots).toBe(slots.length);
      expect(Math.abs(s.totals.import_cost / 1e7 - refPence)).toBeLessThan(0.01);
      expect(nanoToPennies(s.totals.import_cost)).toBe(Math.round(refPence));
      expect(s.totals.standing_charge).toBe(days * STANDING * 1000);
      expect(s.balance.cost).toBe(s.totals.import_cost + days * STANDING * 1000);
      const negative = rows.filter((_row, i) => Number(slots[i]!.pence) < 0);
      if (month === '2020-10') expect(negative.length).toBeGreaterThan(0);
      expect(Math.abs(negative.reduce((a, r) => a + r.import_cost, 0) / 1e7 - refNegativePence)).toBeLessThan(
        0.01,
      );
      expect(negative.every((r) => r.import_cost <= 0)).toBe(true);
    },
  );

  it('prices a whole year of real slots and matches the reference', () => {
    const energy = agile.map((r, i) => ({
      slot_start: r.start,
      import_wh: 80 + ((i * 7919) % 1900), // synthetic but irregular
      export_wh: (i * 31) % 400,
      generation_wh: (i * 31) % 400,
    }));
    // How long this takes is a figure (`npm run bench summaries`, bench/src/real-year.ts), not asserted.
    const rows = priceSlots(book, energy);
    const year = summarizePeriod(periodContaining('year', agile[0]!.start, LONDON), { book, rows });
    let refPence = 0;
    agile.forEach((r, i) => {
      refPence += (energy[i]!.import_wh / 1000) * Number(r.pence);
    });
    expect(Math.abs(year.totals.import_cost / 1e7 - refPence)).toBeLessThan(0.01);
    expect(year.totals.export_income).toBe(energy.reduce((a, e) => a + e.export_wh, 0) * 55_000);
    expect(year.details).toHaveLength(12);
    expect(year.totals.standing_charge).toBe(366 * STANDING * 1000);
  });
});
