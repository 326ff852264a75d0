// Compares simulated appliance uses with real measured UK homes (REFIT, UK-DALE, IDEAL; see
// ../shared/data/real/*/SOURCE.md for attribution). The data is read in place, never copied.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { APPLIANCE_CATALOGUE, type ApplianceKey, applianceTypeId } from '@homeview/domain';
import { demoHomes, typicalHome } from './presets';
import { simulateDays } from './simulate';
import { type Totals, totals, utc } from './test-support';

const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const dataDir = path.resolve(repoRoot, '../shared/data/real');
const present = existsSync(dataDir);

if (!present) {
  if (process.env.CI === 'true') {
    test('real measured data is present for calibration', () => {
      throw new Error(`real data folder missing: ${dataDir}`);
    });
  } else {
    console.warn(`calibration tests skipped: real data folder not found at ${dataDir}`);
  }
}

interface RealUse {
  wh: number;
  minutes: number;
  peakW: number;
}

/** Reads one watts column of a 1-minute CSV; rows with Aggregate == 0 are missing data (NaN). */
function column(file: string, name: string): { watts: Float64Array; days: number } {
  const lines = readFileSync(path.join(dataDir, file), 'utf8').trim().split('\n');
  const header = (lines[0] ?? '').split(',');
  const col = header.indexOf(name);
  const agg = header.indexOf('Aggregate');
  if (col < 0 || agg < 0) throw new Error(`${file} has no ${name} column`);
  const watts = new Float64Array(lines.length - 1);
  for (let i = 1; i < lines.length; i++) {
    const cells = (lines[i] ?? '').split(',');
    watts[i - 1] = Number(cells[agg]) === 0 ? Number.NaN : Number(cells[col]);
  }
  return { watts, days: watts.length / 1440 };
}

/** Uses = runs above `onW` (bridging gaps of up to `gap` minutes), counting energy above `floorW`. */
function uses(watts: Float64Array, onW: number, gap: number, minWh: number): RealUse[] {
  const out: RealUse[] = [];
  let cur: RealUse | null = null;
  let quiet = 0;
  for (const w of watts) {
    const on = Number.isFinite(w) && w > onW;
    if (on) {
      cur ??= { wh: 0, minutes: 0, peakW: 0 };
      quiet = 0;
    } else if (cur) {
      quiet++;
    }
    if (!cur) continue;
    if (Number.isFinite(w) && w > 5) {
      cur.wh += w / 60;
      cur.peakW = Math.max(cur.peakW, w);
    }
    cur.minutes++;
    if (quiet > gap || !Number.isFinite(w)) {
      cur.minutes -= quiet;
      if (cur.wh >= minWh) out.push(cur);
      cur = null;
      quiet = 0;
    }
  }
  return out;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const FILES = [
  'refit-house20-1min/REFIT_House20_2014-04.csv',
  'refit-house20-1min/REFIT_House20_2014-05.csv',
  'refit-house20-1min/REFIT_House20_2014-10.csv',
  'refit-house2-1min/REFIT_House2_2014-06.csv',
  'ukdale-house2-1min/UKDALE_House2_2013-07.csv',
];

describe.skipIf(!present)('calibration against real UK homes', () => {
  // Simulated lazily, so a skipped suite costs nothing.
  let runs: Totals[] | null = null;
  const simulated = (): Totals[] => {
    runs ??= [demoHomes().own, ...Array.from({ length: 5 }, (_, k) => typicalHome(300 + k))].map((spec) =>
      totals(simulateDays(spec, { from: utc(2024, 4, 1), to: utc(2024, 6, 1) }), true),
    );
    return runs;
  };
  const simEvents = (key: ApplianceKey) =>
    simulated().flatMap((t) => t.events.filter((e) => e.appliance_type_id === applianceTypeId(key)));

  test('kettle: energy per use, power and uses per day match REFIT / UK-DALE', () => {
    const perHouse = FILES.map((f) => {
      const { watts, days } = column(f, 'Kettle');
      return { list: uses(watts, 1000, 1, 10), days };
    });
    const real = perHouse.flatMap((h) => h.list);
    const sim = simEvents('kettle');
    const ratio = median(sim.map((e) => e.energy_wh)) / median(real.map((u) => u.wh));
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.7);
    const simPower = median(sim.map((e) => (e.energy_wh * 60) / ((e.end - e.start) / 60)));
    expect(simPower / median(real.map((u) => u.peakW))).toBeGreaterThan(0.8);
    expect(simPower / median(real.map((u) => u.peakW))).toBeLessThan(1.2);
    const realPerDay = perHouse.map((h) => h.list.length / h.days);
    const simPerDay = sim.length / simulated().reduce((s, t) => s + t.days - t.awayDays, 0);
    expect(simPerDay).toBeGreaterThan(0.8 * Math.min(...realPerDay));
    expect(simPerDay).toBeLessThan(1.2 * Math.max(...realPerDay));
  });

  test('washing machine: energy and length of a cycle match REFIT / UK-DALE within a factor of 2', () => {
    const real = FILES.flatMap((f) => uses(column(f, 'WashingMachine').watts, 15, 20, 100));
    const sim = simEvents('washing_machine');
    const ratio = median(sim.map((e) => e.energy_wh)) / median(real.map((u) => u.wh));
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    const lengthRatio = median(sim.map((e) => (e.end - e.start) / 60)) / median(real.map((u) => u.minutes));
    expect(lengthRatio).toBeGreaterThan(0.5);
    expect(lengthRatio).toBeLessThan(2);
  });

  test("electric shower: IDEAL home 65's shower power falls inside the catalogue's 8–10 kW", () => {
    const real = uses(column('ideal-house65-1min/IDEAL_House65_2017-06.csv', 'Shower').watts, 3000, 2, 100);
    const peak = median(real.map((u) => u.peakW));
    const [lo, hi] = APPLIANCE_CATALOGUE.find((a) => a.key === 'electric_shower')?.power.ratedW ?? [0, 0];
    expect(peak).toBeGreaterThan(lo);
    expect(peak).toBeLessThan(hi);
  });
});
