import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PowerColumns, PowerSample } from './appliance-power';
import { DEFAULT_RULES } from './appliances';
import { detectApplianceEvents, EventDetector } from './detect-events';

const T0 = 1_396_310_400; // 2014-04-01T00:00:00Z
const columns = (...appliances: PowerColumns['appliances']): PowerColumns => ({
  time: 'Time',
  aggregate: null,
  appliances,
  unmapped: [],
  ignored: [],
  interval_s: 60,
});
const kettle = columns({ column: 'Kettle', appliance: 'kettle' });
const washer = columns({ column: 'WashingMachine', appliance: 'washing_machine' });
/** One column's minute-by-minute watts from T0; null entries are rows absent from the file. */
const series = (watts: (number | null)[]): PowerSample[] =>
  watts.flatMap((w, i) =>
    w === null ? [] : [{ line: i + 2, t: T0 + i * 60, aggregate_w: 200, watts: [w] }],
  );

describe('detectApplianceEvents', () => {
  it('finds a kettle boil with its energy and peak', () => {
    const events = detectApplianceEvents(series([0, 0, 2900, 2950, 600, 0, 0]), kettle);
    expect(events).toEqual([
      {
        appliance: 'kettle',
        column: 'Kettle',
        start: T0 + 120,
        end: T0 + 300,
        energy_wh: Math.round(((2900 + 2950 + 600) * 60) / 3600),
        peak_w: 2950,
      },
    ]);
  });

  it('uses the default on-thresholds (kettle 500 W, shower 3 kW)', () => {
    expect(detectApplianceEvents(series([0, 499, 499, 0]), kettle)).toEqual([]);
    expect(detectApplianceEvents(series([0, 500, 0]), kettle)).toHaveLength(1);
    const shower = columns({ column: 'Shower', appliance: 'electric_shower' });
    expect(detectApplianceEvents(series([0, 2999, 2999, 2999, 0]), shower)).toEqual([]);
    expect(detectApplianceEvents(series([0, 9000, 9000, 9000, 0]), shower)).toHaveLength(1);
  });

  it('drops events shorter than min_on_s', () => {
    expect(DEFAULT_RULES.washing_machine.min_on_s).toBe(900);
    const short = Array.from({ length: 14 }, () => 300);
    expect(detectApplianceEvents(series([0, ...short, 0]), washer)).toEqual([]);
    expect(detectApplianceEvents(series([0, ...short, 300, 0]), washer)).toHaveLength(1);
  });

  it('bridges off-gaps up to max_gap_s and counts the pause energy in the cycle', () => {
    const wash = Array.from({ length: 20 }, () => 200);
    const pause = (minutes: number) => Array.from({ length: minutes }, () => 5);
    const joined = detectApplianceEvents(series([...wash, ...pause(15), ...wash]), washer);
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ start: T0, end: T0 + 55 * 60 });
    expect(joined[0]?.energy_wh).toBe(Math.round(((40 * 200 + 15 * 5) * 60) / 3600));
    const split = detectApplianceEvents(series([...wash, ...pause(16), ...wash]), washer);
    // 66.67 Wh each: carried, 67 then 66 (total 133), not 67 + 67.
    expect(split.map((e) => [e.start, e.energy_wh])).toEqual([
      [T0, 67],
      [T0 + 36 * 60, 66],
    ]);
  });

  it('counts missing rows as part of a gap', () => {
    const wash = Array.from({ length: 20 }, () => 200);
    const missing = Array.from({ length: 16 }, () => null);
    expect(detectApplianceEvents(series([...wash, ...missing, ...wash]), washer)).toHaveLength(2);
  });

  it('closes an event still running at the end of the input', () => {
    expect(detectApplianceEvents(series([0, 0, 3000, 3000]), kettle)).toMatchObject([
      { start: T0 + 120, end: T0 + 240 },
    ]);
  });

  it('applies rule overrides per appliance type', () => {
    expect(detectApplianceEvents(series([0, 800, 800, 0]), kettle, { kettle: { on_w: 1000 } })).toEqual([]);
  });

  it('keeps columns apart and orders events by start', () => {
    const both = columns({ column: 'K2', appliance: 'kettle' }, { column: 'K1', appliance: 'kettle' });
    const rows: PowerSample[] = [0, 1, 2, 3, 4, 5].map((i) => ({
      line: i + 2,
      t: T0 + i * 60,
      aggregate_w: 1,
      watts: [i === 3 || i === 4 ? 2000 : 0, i === 1 || i === 2 ? 2000 : 0],
    }));
    expect(detectApplianceEvents(rows, both).map((e) => [e.column, e.start])).toEqual([
      ['K1', T0 + 60],
      ['K2', T0 + 180],
    ]);
  });

  it('carries rounding: event energies add up to the rounded total of the event samples', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.double({ min: 500, max: 3100, noNaN: true })), {
          maxLength: 300,
        }),
        (watts) => {
          const events = detectApplianceEvents(series([...watts, 0, 0, 0]), kettle);
          // Recompute the exact event energies from the spans the detector chose.
          let exact = 0;
          for (const e of events) {
            for (let i = (e.start - T0) / 60; i < (e.end - T0) / 60; i++)
              exact += ((watts[i] ?? 0) * 60) / 3600;
          }
          const sum = events.reduce((s, e) => s + e.energy_wh, 0);
          expect(Math.abs(sum - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
    );
  });

  it('gives the same events pushed one by one as all at once', () => {
    const input = series([0, 3000, 0, 0, 0, 2500, 2500, 0, 3000]);
    const d = new EventDetector(kettle);
    const pushed = [...input.flatMap((s) => d.push(s)), ...d.finish()];
    expect(pushed).toEqual(detectApplianceEvents(input, kettle));
  });
});
