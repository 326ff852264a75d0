import { describe, expect, test } from 'vitest';
import { simulateExactDay } from './day';
import { resolveHome } from './home';
import { demoHomes, typicalHome } from './presets';
import { dayReadings, simulateDays, simulateHome } from './simulate';
import { utc } from './test-support';
import { localDay, localDayNumberOf } from './zone';

const { own, mum } = demoHomes();

describe('determinism', () => {
  test('same seed and range give identical readings and events', () => {
    const range = { from: utc(2024, 5, 1), to: utc(2024, 5, 4) };
    expect(simulateHome(own, range)).toEqual(simulateHome(own, range));
    expect(simulateHome(mum, range)).toEqual(simulateHome(structuredClone(mum), range));
  });

  test('different seeds give different homes', () => {
    const range = { from: utc(2024, 5, 1), to: utc(2024, 5, 2) };
    const a = simulateHome(own, range).readings.map((r) => r.import_wh);
    const b = simulateHome({ ...own, seed: own.seed + 1 }, range).readings.map((r) => r.import_wh);
    expect(a).not.toEqual(b);
  });

  test('a sub-range equals the same part of a longer run, across the spring clock change', () => {
    const long = simulateHome(own, { from: utc(2024, 3, 25), to: utc(2024, 4, 5) });
    const from = utc(2024, 3, 30, 13, 37);
    const to = utc(2024, 4, 2, 8, 11);
    const short = simulateHome(own, { from, to });
    expect(short.readings).toEqual(long.readings.filter((r) => r.start >= from && r.start < to));
    expect(short.events).toEqual(long.events.filter((e) => e.start >= from && e.start < to));
    expect(short.readings.length).toBe((to - from) / 60);
  });

  test('a single day alone equals that day inside a year', () => {
    const year = [...simulateDays(own, { from: utc(2024, 1, 1), to: utc(2025, 1, 1) })];
    const july = year.find((d) => d.date === '2024-07-14');
    const alone = [...simulateDays(own, { from: utc(2024, 7, 13, 23), to: utc(2024, 7, 14, 23) })];
    expect(alone).toHaveLength(1);
    expect(alone[0]).toEqual(july);
  });

  test('readings cover every minute of the range once, in order', () => {
    const range = { from: utc(2024, 10, 26, 12), to: utc(2024, 10, 28, 3) };
    const { readings } = simulateHome(own, range);
    expect(readings).toHaveLength((range.to - range.from) / 60);
    expect(readings.every((r, i) => r.start === range.from + i * 60)).toBe(true);
  });

  test('rejects ranges that are not whole minutes', () => {
    expect(() => simulateHome(own, { from: 30, to: 120 })).toThrow(RangeError);
    expect(() => simulateHome(own, { from: 120, to: 60 })).toThrow(RangeError);
    expect(simulateHome(own, { from: 120, to: 120 }).readings).toEqual([]);
  });
});

describe('clock changes', () => {
  test('spring and autumn local days have 1380 and 1500 minutes of readings', () => {
    const days = [...simulateDays(own, { from: utc(2024, 3, 30), to: utc(2024, 11, 1) })];
    const spring = days.find((d) => d.date === '2024-03-31');
    const autumn = days.find((d) => d.date === '2024-10-27');
    expect(spring?.dayMinutes).toBe(1380);
    expect(spring?.minutes).toBe(1380);
    expect(autumn?.dayMinutes).toBe(1500);
    expect(autumn && dayReadings(autumn)).toHaveLength(1500);
  });
});

describe('meter invariants', () => {
  const homes = [own, mum, { ...typicalHome(7), pvKwp: 6, ev: true, heatPump: true }];
  test.each(homes.map((h, i) => [i, h] as const))(
    'home %i: integer, non-negative, never import and export together',
    (_, home) => {
      const bad: string[] = [];
      for (const day of simulateDays(home, { from: utc(2024, 6, 1), to: utc(2024, 6, 15) })) {
        for (let i = 0; i < day.minutes; i++) {
          const imp = day.importWh[i] ?? -1;
          const exp = day.exportWh[i] ?? -1;
          const gen = day.generationWh[i] ?? -1;
          const ok =
            Number.isInteger(imp) && imp >= 0 && exp >= 0 && gen >= 0 && exp <= gen && !(imp > 0 && exp > 0);
          if (!ok) bad.push(`${day.date} #${i}: import ${imp} export ${exp} generation ${gen}`);
        }
      }
      expect(bad).toEqual([]);
    },
  );
});

describe('carry rounding', () => {
  test('every prefix sum stays within 1 Wh of the exact energy, over days and from mid-day', () => {
    const home = resolveHome(own);
    const zone = 'Europe/London';
    const first = localDayNumberOf(zone, utc(2024, 3, 29));
    const exact = { imp: [] as number[], exp: [] as number[], gen: [] as number[] };
    for (let d = first; d < first + 5; d++) {
      const x = simulateExactDay(home, localDay(zone, d));
      exact.imp.push(...x.importWh);
      exact.exp.push(...x.exportWh);
      exact.gen.push(...x.generationWh);
    }
    const from = localDay(zone, first).start;
    const ints = simulateHome(own, { from, to: from + exact.imp.length * 60 }).readings;
    expect(ints).toHaveLength(exact.imp.length);
    for (const offset of [0, 757]) {
      let worst = 0;
      const sums = { ei: 0, ee: 0, eg: 0, ii: 0, ie: 0, ig: 0 };
      for (let i = offset; i < ints.length; i++) {
        const r = ints[i];
        if (!r) throw new Error('missing reading');
        sums.ei += exact.imp[i] ?? 0;
        sums.ee += exact.exp[i] ?? 0;
        sums.eg += exact.gen[i] ?? 0;
        sums.ii += r.import_wh;
        sums.ie += r.export_wh;
        sums.ig += r.generation_wh;
        worst = Math.max(
          worst,
          Math.abs(sums.ei - sums.ii),
          Math.abs(sums.ee - sums.ie),
          Math.abs(sums.eg - sums.ig),
        );
      }
      expect(worst).toBeLessThan(1);
      expect(sums.eg).toBeGreaterThan(1000);
    }
  });
});
