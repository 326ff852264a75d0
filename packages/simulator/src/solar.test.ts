import { describe, expect, test } from 'vitest';
import { demoHomes } from './presets';
import { simulateDays } from './simulate';
import { sunTimes } from './solar';
import { totals, utc } from './test-support';
import { localDay, localDayNumberOf } from './zone';

const own = demoHomes().own;
const onePeak = { ...own, pvKwp: 1 };

describe('solar PV', () => {
  test('yields 850–1,000 kWh per kWp a year at 52° N', { timeout: 60_000 }, () => {
    for (const year of [2023, 2024]) {
      const t = totals(simulateDays(onePeak, { from: utc(year, 1, 1), to: utc(year + 1, 1, 1) }));
      expect(t.generationWh / 1000).toBeGreaterThan(850);
      expect(t.generationWh / 1000).toBeLessThan(1000);
    }
  });

  test('generation is zero outside daylight; days are longer and stronger in summer', () => {
    const zone = 'Europe/London';
    const daily: Record<string, number> = {};
    const night: string[] = [];
    for (const day of simulateDays(own, { from: utc(2024, 1, 1), to: utc(2025, 1, 1) })) {
      const ld = localDay(zone, localDayNumberOf(zone, day.start));
      const sun = sunTimes(ld, 52, -1.5);
      if (!sun) throw new Error('no sunrise at 52° N');
      let total = 0;
      for (let i = 0; i < day.minutes; i++) {
        const at = day.start + i * 60;
        const g = day.generationWh[i] ?? 0;
        total += g;
        if ((at + 60 <= sun.sunrise || at >= sun.sunset) && g !== 0) night.push(`${day.date} #${i}: ${g} Wh`);
      }
      daily[day.date] = total;
    }
    expect(night).toEqual([]);
    const monthMean = (m: string) => {
      const v = Object.entries(daily)
        .filter(([d]) => d.slice(5, 7) === m)
        .map(([, g]) => g);
      return v.reduce((s, x) => s + x, 0) / v.length;
    };
    expect(monthMean('06')).toBeGreaterThan(3 * monthMean('12'));
    // Cloud makes neighbouring days differ: the best June day is far above the worst.
    const june = Object.entries(daily)
      .filter(([d]) => d.startsWith('2024-06'))
      .map(([, g]) => g);
    expect(Math.max(...june)).toBeGreaterThan(2.5 * Math.min(...june));
  });

  test('sunrise and sunset follow the seasons', () => {
    const zone = 'Europe/London';
    const mid = (y: number, m: number, d: number) => localDay(zone, localDayNumberOf(zone, utc(y, m, d, 12)));
    const june = sunTimes(mid(2024, 6, 21), 52, -1.5);
    const dec = sunTimes(mid(2024, 12, 21), 52, -1.5);
    if (!june || !dec) throw new Error('no sun times');
    expect((june.sunset - june.sunrise) / 3600).toBeCloseTo(16.6, 0);
    expect((dec.sunset - dec.sunrise) / 3600).toBeCloseTo(7.8, 0);
  });

  test('export never exceeds generation and happens on sunny middays', () => {
    const t = totals(simulateDays(own, { from: utc(2024, 6, 1), to: utc(2024, 7, 1) }));
    expect(t.exportWh).toBeGreaterThan(0);
    expect(t.exportWh).toBeLessThan(t.generationWh);
  });
});
