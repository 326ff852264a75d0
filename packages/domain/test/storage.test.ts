import { describe, expect, it } from 'vitest';
import {
  compileTariffs,
  dayTouRate,
  dynamicRate,
  makeTariff,
  rateFormRows,
  type StoredTariff,
  tariffFromStored,
  tariffToJson,
  tariffToStored,
} from '../src/index';

describe('stored tariff form', () => {
  const t = makeTariff({
    startDate: '2026-04-01',
    standingCharge: 572_100,
    import: dynamicRate([
      [1_775_001_600, -12_345],
      [1_775_000_000 - 200, 5],
    ]),
    export: dayTouRate(
      [
        { startMinute: 0, price: 40_000, name: 'night' },
        { startMinute: 450, price: 150_000, name: 'day' },
      ],
      [{ startMinute: 0, price: 90_000, name: 'weekend' }],
      'gmt',
    ),
  });

  it('round-trips through JSON text losslessly, dynamic series and GMT clock included', () => {
    const back = tariffFromStored(JSON.parse(JSON.stringify(tariffToStored(t))) as StoredTariff);
    expect(tariffToStored(back)).toEqual(tariffToStored(t));
    const a = compileTariffs([t], 'Europe/London');
    const b = compileTariffs([back], 'Europe/London');
    for (const slot of [1_775_001_600, 1_775_000_000 - 200, 1_775_003_400, 1_780_000_200])
      for (const kind of ['import', 'export', 'generation'] as const)
        expect(b.rateAt(kind, slot)).toBe(a.rateAt(kind, slot));
    expect(a.rateAt('import', 1_775_001_600)).toBe(-12_345);
  });

  it('re-validates what it reads', () => {
    const stored = tariffToStored(t);
    const broken = {
      ...stored,
      export: {
        type: 'schedule',
        basis: 'local',
        entries: [{ days: 'all', steps: [{ startMinute: 45, price: 1, name: 'x' }] }],
      },
    };
    expect(() => tariffFromStored(broken as StoredTariff)).toThrow(/half-hour step/);
    expect(() => tariffFromStored({ ...stored, startDate: '2026-02-30' })).toThrow(/YYYY-MM-DD/);
  });
});

describe('rate form rows (§3)', () => {
  it('shows start times as HH:MM and prices as pound decimals', () => {
    const t = makeTariff({
      startDate: '2026-04-01',
      import: dayTouRate(
        [
          { startMinute: 0, price: 91_500, name: 'night' },
          { startMinute: 450, price: 246_700, name: 'day' },
        ],
        [{ startMinute: 0, price: 120_000, name: 'weekend' }],
      ),
    });
    const [weekdays] = tariffToJson(t).import ?? [];
    expect(rateFormRows(weekdays!)).toEqual([
      { unit_name: 'night', start_time: '00:00', unit_price: '0.0915' },
      { unit_name: 'day', start_time: '07:30', unit_price: '0.2467' },
    ]);
  });
});
