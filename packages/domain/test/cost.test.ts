import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  allocateStandingCharge,
  balanceOf,
  compileTariffs,
  dynamicRate,
  energyCost,
  fixedRate,
  halfHourSlots,
  makeTariff,
  periodContaining,
  priceSlot,
  priceSlots,
  slotEnergyBalance,
  startOfLocalDate,
  summarizePeriod,
  touRate,
} from '../src/index';
import { ukClockChangeDays } from './oracle';

const LONDON = 'Europe/London';
const utc = (iso: string): number => Date.parse(iso) / 1000;

describe('pricing one slot', () => {
  const book = compileTariffs(
    [
      makeTariff({
        startDate: '2020-01-01',
        import: fixedRate(246_700),
        export: fixedRate(150_000),
        generation: fixedRate(10_000),
      }),
    ],
    LONDON,
  );

  it('cost = Wh × µ£/kWh in n£', () => {
    const r = priceSlot(book, {
      slot_start: utc('2020-06-01T12:00:00Z'),
      import_wh: 1500,
      export_wh: 200,
      generation_wh: 900,
    });
    expect(r.import_cost).toBe(370_050_000); // 1.5 kWh × £0.2467 = £0.37005
    expect(r.export_income).toBe(30_000_000); // 0.2 kWh × £0.15 = £0.03
    expect(r.generation_income).toBe(9_000_000); // 0.9 kWh × £0.01
    expect(balanceOf({ ...r, standing_charge: 0 })).toEqual({
      income: 39_000_000,
      cost: 370_050_000,
      profit_loss: -331_050_000,
    });
    expect(slotEnergyBalance(r)).toEqual({ generated: 900, consumed: 1500 + 700 });
  });

  it('a negative price is a credit', () => {
    const s = utc('2020-05-24T12:00:00Z');
    const neg = compileTariffs(
      [makeTariff({ startDate: '2020-01-01', import: dynamicRate([[s, -86_415]]) })],
      LONDON,
    );
    const r = priceSlot(neg, { slot_start: s, import_wh: 2000, export_wh: 0, generation_wh: 0 });
    expect(r.import_cost).toBe(-172_830_000);
    expect(balanceOf({ ...r, standing_charge: 0 }).profit_loss).toBe(172_830_000);
    expect(
      Object.is(
        priceSlot(neg, { slot_start: s, import_wh: 0, export_wh: 0, generation_wh: 0 }).import_cost,
        -0,
      ),
    ).toBe(false);
  });

  it('export beyond generation does not reduce consumption below import', () => {
    expect(slotEnergyBalance({ import_wh: 100, export_wh: 500, generation_wh: 200 })).toEqual({
      generated: 200,
      consumed: 100,
    });
  });

  it('rejects fractional or negative energy and inexact money', () => {
    const slot = { slot_start: utc('2020-06-01T12:00:00Z'), import_wh: 1, export_wh: 0, generation_wh: 0 };
    expect(() => priceSlot(book, { ...slot, import_wh: 1.5 })).toThrow(RangeError);
    expect(() => priceSlot(book, { ...slot, export_wh: -1 })).toThrow(RangeError);
    expect(() => energyCost(2 ** 40, 2 ** 20)).toThrow(/exact range/);
  });
});

describe('standing charge allocation', () => {
  it('shares sum exactly and differ by at most 1 n£', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
        fc.constantFrom(46, 48, 50, 2, 1),
        (total, n) => {
          const shares = allocateStandingCharge(total, n);
          expect(shares).toHaveLength(n);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('cost on 46- and 50-slot days = Σ(slot Wh × slot rate) exactly (TIME-04)', () => {
  // Economy 7 on a GMT clock plus a local peak: the reference below decides each slot's rate with luxon.
  const night = 90_000;
  const day = 280_000;
  const peak = 410_000;
  const tariffs = [
    makeTariff({
      startDate: '2024-01-01',
      standingCharge: 601_000,
      import: touRate(
        [
          { startMinute: 0, price: night, name: 'night' },
          { startMinute: 420, price: day, name: 'day' },
        ],
        'gmt',
      ),
      export: touRate([
        { startMinute: 0, price: 50_000, name: 'off' },
        { startMinute: 960, price: peak, name: 'peak' },
        { startMinute: 1140, price: 50_000, name: 'off' },
      ]),
    }),
  ];
  const book = compileTariffs(tariffs, LONDON);
  const days = [2024, 2025, 2026, 2027, 2028, 2029, 2030].flatMap((y) => Object.values(ukClockChangeDays(y)));

  it.each(days)('%s', (date) => {
    const slots = halfHourSlots(startOfLocalDate(date, LONDON), LONDON);
    expect([46, 50]).toContain(slots.length);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4000 }), {
          minLength: slots.length * 2,
          maxLength: slots.length * 2,
        }),
        (wh) => {
          const energy = slots.map((s, i) => ({
            slot_start: s.start,
            import_wh: wh[2 * i]!,
            export_wh: wh[2 * i + 1]!,
            generation_wh: wh[2 * i + 1]!,
          }));
          let expectedImport = 0;
          let expectedExport = 0;
          for (const e of energy) {
            const gmtHour = DateTime.fromSeconds(e.slot_start, { zone: 'UTC' }).hour;
            const localHour = DateTime.fromSeconds(e.slot_start, { zone: LONDON }).hour;
            expectedImport += e.import_wh * (gmtHour < 7 ? night : day);
            expectedExport += e.export_wh * (localHour >= 16 && localHour < 19 ? peak : 50_000);
          }
          const summary = summarizePeriod(periodContaining('day', slots[0]!.start, LONDON), {
            book,
            rows: priceSlots(book, energy),
          });
          expect(summary.totals.import_cost).toBe(expectedImport);
          expect(summary.totals.export_income).toBe(expectedExport);
          expect(summary.totals.standing_charge).toBe(601_000_000);
          expect(summary.balance.cost).toBe(expectedImport + 601_000_000);
          expect(summary.details.length).toBe(slots.length / 2);
        },
      ),
      { numRuns: 20 },
    );
  });
});
