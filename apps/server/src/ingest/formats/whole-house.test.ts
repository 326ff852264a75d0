import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PowerSample } from './appliance-power';
import { checkReading } from './reading';
import { WholeHouseMeter, wholeHouseReadings } from './whole-house';

const T0 = 1_396_310_400;
const at = (i: number, w: number | null): PowerSample => ({
  line: i + 2,
  t: T0 + i * 60,
  aggregate_w: w,
  watts: [],
});

describe('wholeHouseReadings', () => {
  it('makes one valid reading per present sample and none for a missing one', () => {
    const readings = wholeHouseReadings([at(0, 600), at(1, null), at(2, 90)], 60);
    expect(readings).toEqual([
      { start: T0, interval_s: 60, import_wh: 10, export_wh: 0, generation_wh: 0 },
      { start: T0 + 120, interval_s: 60, import_wh: 2, export_wh: 0, generation_wh: 0 },
    ]);
    for (const r of readings) expect(checkReading(r)).toBeNull();
  });

  it('carries rounding: 30 minutes at 100 W are 50 Wh, not 30 × round(1.67) = 60 Wh', () => {
    const readings = wholeHouseReadings(
      Array.from({ length: 30 }, (_, i) => at(i, 100)),
      60,
    );
    expect(readings.reduce((s, r) => s + r.import_wh, 0)).toBe(50);
    expect(new Set(readings.map((r) => r.import_wh))).toEqual(new Set([1, 2]));
  });

  it('keeps the total within ½ Wh of Σ W × interval / 3600 for any series', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: 0.001, max: 6000, noNaN: true }), { nil: null })),
        (watts) => {
          const meter = new WholeHouseMeter(60);
          let total = 0;
          let exact = 0;
          watts.forEach((w, i) => {
            const r = meter.push(at(i, w));
            expect(r === null).toBe(w === null);
            if (r !== null) {
              expect(r.import_wh).toBeGreaterThanOrEqual(0);
              total += r.import_wh;
            }
            exact += ((w ?? 0) * 60) / 3600;
          });
          expect(Math.abs(total - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
    );
  });
});
