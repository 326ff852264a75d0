import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availablePeriods,
  compileTariffs,
  dynamicRate,
  fixedRate,
  localDate,
  makeTariff,
  neighbours,
  type PeriodTotals,
  periodContaining,
  priceSlots,
  type SlotRollup,
  selectPeriod,
  startOfLocalDate,
  summarizePeriod,
  TOTALS_FIELDS,
  touRate,
} from '../src/index';
import { oraclePeriod } from './oracle';

const LONDON = 'Europe/London';
const utc = (iso: string): number => Date.parse(iso) / 1000;

// Prices vary by slot (time of use plus a dynamic series) so misplaced rows would change money totals.
const prices: [number, number][] = [];
for (let t = utc('2023-12-01T00:00:00Z'); t < utc('2031-02-01T00:00:00Z'); t += 1800 * 7)
  prices.push([t, ((t / 1800) % 97) * 1000 - 20_000]);
const tariffs = [
  makeTariff({
    startDate: '2024-01-01',
    standingCharge: 530_000,
    import: dynamicRate(prices),
    export: fixedRate(150_000),
  }),
  makeTariff({
    startDate: '2026-10-14',
    standingCharge: 610_000,
    import: touRate([
      { startMinute: 0, price: 70_000, name: 'night' },
      { startMinute: 330, price: 260_000, name: 'day' },
    ]),
    generation: fixedRate(5_000),
  }),
];
const book = compileTariffs(tariffs, LONDON);

/** Raw priced half-hours for [from, to): every slot, with a random Wh figure and some slots missing. */
function rowsFor(from: number, to: number, seed: number): SlotRollup[] {
  let x = seed || 1;
  const rand = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % 5000;
  };
  const energy = [];
  for (let t = from; t < to; t += 1800) {
    const r = rand();
    if (r % 17 === 0) continue; // a gap
    energy.push({ slot_start: t, import_wh: r, export_wh: rand() % 700, generation_wh: rand() % 900 });
  }
  return priceSlots(book, energy);
}

const MONEY_AND_ENERGY: (keyof PeriodTotals)[] = [...TOTALS_FIELDS, 'slots'];
function sumDetails(details: readonly { totals: PeriodTotals }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of MONEY_AND_ENERGY) out[k] = details.reduce((a, d) => a + d.totals[k], 0);
  return out;
}
function rawSums(rows: readonly SlotRollup[], start: number, end: number) {
  const inside = rows.filter((r) => r.slot_start >= start && r.slot_start < end);
  const sum = (f: (r: SlotRollup) => number) => inside.reduce((a, r) => a + f(r), 0);
  return {
    import_wh: sum((r) => r.import_wh),
    import_cost: sum((r) => r.import_cost),
    export_income: sum((r) => r.export_income),
    generation_income: sum((r) => r.generation_income),
    data_slots: inside.length,
  };
}

describe('week and month roll-ups sum exactly (TIME-03)', () => {
  const instant = fc.oneof(
    fc.integer({ min: utc('2024-01-01T00:00:00Z'), max: utc('2030-12-31T00:00:00Z') }),
    // Bias towards the clock-change months.
    fc
      .tuple(
        fc.integer({ min: 2024, max: 2030 }),
        fc.constantFrom(2, 9),
        fc.integer({ min: 0, max: 30 * 86400 }),
      )
      .map(([y, m, s]) => Date.UTC(y, m, 1) / 1000 + s),
  );

  it.each(['week', 'month'] as const)('%s total = Σ(days) = Σ(raw rows) with 0 tolerance', (unit) => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 2 ** 30 }), (ts, seed) => {
        const bounds = oraclePeriod(unit, ts, LONDON); // independent period bounds (luxon)
        const rows = rowsFor(bounds.start - 86400 * 2, bounds.end + 86400 * 2, seed);
        const period = periodContaining(unit, ts, LONDON);
        expect({ start: period.start, end: period.end }).toEqual(bounds);
        const s = summarizePeriod(period, { book, rows });
        const { slots: _slots, ...totals } = s.totals;
        expect(sumDetails(s.details)).toMatchObject(totals);
        expect(s.totals).toMatchObject(rawSums(rows, bounds.start, bounds.end));
        expect(s.totals.slots).toBe((bounds.end - bounds.start) / 1800);
        // Each day entry equals the day's own summary.
        for (const d of s.details) {
          const day = summarizePeriod(periodContaining('day', d.period.start, LONDON), { book, rows });
          expect(day.totals).toEqual(d.totals);
          expect(day.totals.standing_charge).toBe(
            book.standingChargeOn(localDate(d.period.start, LONDON)) * 1000,
          );
          expect(sumDetails(day.details)).toMatchObject({ ...day.totals, slots: day.totals.slots });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a month with a tariff change mid-month charges each day its own standing charge', () => {
    const month = periodContaining('month', utc('2026-10-20T12:00:00Z'), LONDON);
    const s = summarizePeriod(month, { book, rows: [] });
    expect(s.details).toHaveLength(31);
    expect(s.totals.standing_charge).toBe((13 * 530_000 + 18 * 610_000) * 1000);
    expect(s.totals.slots).toBe(31 * 48 + 2);
  });
});

describe('standing charge rules', () => {
  const day = periodContaining('day', utc('2026-10-25T12:00:00Z'), LONDON); // 25 hours

  it('the long day splits its charge over 25 hours exactly', () => {
    const s = summarizePeriod(day, { book, rows: [] });
    expect(s.details).toHaveLength(25);
    expect(s.details.reduce((a, d) => a + d.totals.standing_charge, 0)).toBe(610_000_000);
    expect(s.details.every((d) => d.totals.slots === 2)).toBe(true);
    const hour = summarizePeriod(s.details[1]!.period, { book, rows: [] });
    expect(hour.details).toHaveLength(2);
    expect(hour.totals.standing_charge).toBe(s.details[1]!.totals.standing_charge);
  });

  it('today so far carries the whole day; future days and days before the first reading carry none', () => {
    const now = utc('2026-10-25T09:00:00Z');
    expect(summarizePeriod(day, { book, rows: [], now }).totals.standing_charge).toBe(610_000_000);
    const month = periodContaining('month', now, LONDON);
    const chargeFrom = utc('2026-10-10T15:00:00Z');
    const s = summarizePeriod(month, { book, rows: [], now, chargeFrom });
    const charged = s.details
      .filter((d) => d.totals.standing_charge > 0)
      .map((d) => localDate(d.period.start, LONDON));
    expect(charged[0]).toBe('2026-10-10');
    expect(charged.at(-1)).toBe('2026-10-25');
    expect(charged).toHaveLength(16);
  });

  it('reports gaps: data_slots counts rows, slots counts half-hours', () => {
    const rows = rowsFor(day.start, day.end, 7).slice(3);
    const s = summarizePeriod(day, { book, rows });
    expect(s.totals.slots).toBe(50);
    expect(s.totals.data_slots).toBe(rows.length);
    expect(s.totals.data_slots).toBeLessThan(50);
  });
});

describe('navigation', () => {
  const range = { first: utc('2026-09-03T10:00:00Z'), now: utc('2026-10-27T10:00:00Z') };

  it('available weeks start with null (last 7 days) then Monday weeks newest first', () => {
    const weeks = availablePeriods('week', range, LONDON);
    expect(weeks[0]).toBeNull();
    expect(localDate(weeks[1] as number, LONDON)).toBe('2026-10-26');
    expect(localDate(weeks.at(-1) as number, LONDON)).toBe('2026-08-31');
    expect(weeks).toHaveLength(1 + 9);
    expect(availablePeriods('month', range, LONDON).map((t) => localDate(t as number, LONDON))).toEqual([
      '2026-10-01',
      '2026-09-01',
    ]);
    expect(availablePeriods('day', { first: null, now: range.now }, LONDON)).toEqual([]);
    expect(availablePeriods('day', range, LONDON, 5)).toHaveLength(5);
  });

  it('previous and next exist only within the data and up to now', () => {
    const thisMonth = periodContaining('month', range.now, LONDON);
    expect(neighbours(thisMonth, range, LONDON)).toEqual({
      previous: startOfLocalDate('2026-09-01', LONDON),
      next: null,
    });
    const firstMonth = periodContaining('month', range.first!, LONDON);
    expect(neighbours(firstMonth, range, LONDON)).toEqual({ previous: null, next: thisMonth.start });
  });

  it('a null week timestamp selects the last 7 days; a timestamp selects its period', () => {
    const p = selectPeriod('week', null, range.now, LONDON);
    expect(p.unit).toBe('last-7-days');
    expect(summarizePeriod(p, { book, rows: [] }).details).toHaveLength(7);
    // Tuesday 27 Oct: the last 7 days are 21–27 Oct; the week before is the calendar week of 19 Oct.
    expect(neighbours(p, range, LONDON)).toEqual({
      previous: startOfLocalDate('2026-10-19', LONDON),
      next: null,
    });
    expect(neighbours(p, range, LONDON, 'day')).toEqual({
      previous: startOfLocalDate('2026-10-20', LONDON),
      next: null,
    });
    // Data from this Monday on: the week before holds none.
    expect(neighbours(p, { first: startOfLocalDate('2026-10-26', LONDON), now: range.now }, LONDON)).toEqual({
      previous: null,
      next: null,
    });
    expect(selectPeriod('day', null, range.now, LONDON)).toEqual(periodContaining('day', range.now, LONDON));
    expect(selectPeriod('month', utc('2026-09-15T00:00:00Z'), range.now, LONDON).start).toBe(
      startOfLocalDate('2026-09-01', LONDON),
    );
  });
});
