import { describe, expect, it } from 'vitest';
import {
  applyTariffPatch,
  compileTariffs,
  DEFAULT_EXPORT_PRICE,
  dayRate,
  dayTouRate,
  defaultTariffOn,
  dynamicRate,
  fixedRate,
  formatHhmm,
  halfHourSlots,
  makeTariff,
  parseTariffPatch,
  rateAt,
  startOfLocalDate,
  TariffJsonError,
  tariffFromJson,
  tariffInForce,
  tariffKind,
  tariffToJson,
  touRate,
  withTariffVersion,
} from '../src/index';

const LONDON = 'Europe/London';
const utc = (iso: string): number => Date.parse(iso) / 1000;
// The dated default (price cap) starts on 2021-10-01 (20.80 p/kWh, 24.88 p/day); its first period also
// prices every earlier date, such as the 2019–2020 dates these tests use.
const FIRST_CAP_IMPORT = 208_000;
const FIRST_CAP_STANDING = 248_800;
const step = (hhmm: string, price: number, name = hhmm) => ({
  startMinute: Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)),
  price,
  name,
});

describe('tariff kinds', () => {
  it('classifies Fixed, Day, TOU, Day-TOU and Dynamic', () => {
    expect(tariffKind(fixedRate(1))).toBe('Fixed');
    expect(tariffKind(dayRate(1, 2))).toBe('Day');
    expect(tariffKind(touRate([step('00:00', 1), step('07:00', 2)]))).toBe('TOU');
    expect(tariffKind(dayTouRate([step('00:00', 1), step('07:00', 2)], [step('00:00', 3)]))).toBe('Day-TOU');
    expect(tariffKind(dynamicRate([[0, 1]]))).toBe('Dynamic');
  });

  it('Fixed applies one rate all day', () => {
    const t = [makeTariff({ startDate: '2020-01-01', import: fixedRate(200_000) })];
    for (const s of halfHourSlots(utc('2020-10-25T12:00:00Z'), LONDON))
      expect(rateAt(t, 'import', s.start, LONDON)).toBe(200_000);
  });

  it('Day uses the local weekday: Saturday 00:30 BST is Friday 23:30 UTC', () => {
    const t = [makeTariff({ startDate: '2020-01-01', import: dayRate(300_000, 100_000) })];
    expect(rateAt(t, 'import', utc('2020-07-03T23:30:00Z'), LONDON)).toBe(100_000); // Sat 00:30 local
    expect(rateAt(t, 'import', utc('2020-07-03T22:30:00Z'), LONDON)).toBe(300_000); // Fri 23:30 local
    expect(rateAt(t, 'import', utc('2020-07-05T22:30:00Z'), LONDON)).toBe(100_000); // Sun 23:30 local
    expect(rateAt(t, 'import', utc('2020-07-05T23:00:00Z'), LONDON)).toBe(300_000); // Mon 00:00 local
  });

  it('TOU rates run from their start to the next start and wrap round midnight', () => {
    const t = [
      makeTariff({
        startDate: '2020-01-01',
        import: touRate([
          step('07:00', 300_000, 'day'),
          step('16:00', 400_000, 'peak'),
          step('19:00', 300_000, 'day'),
          step('23:30', 90_000, 'night'),
        ]),
      }),
    ];
    const at = (iso: string) => rateAt(t, 'import', utc(iso), 'UTC');
    expect(at('2020-01-06T00:00:00Z')).toBe(90_000); // before the first start: the last (23:30) rate wraps
    expect(at('2020-01-06T06:30:00Z')).toBe(90_000);
    expect(at('2020-01-06T07:00:00Z')).toBe(300_000);
    expect(at('2020-01-06T15:30:00Z')).toBe(300_000);
    expect(at('2020-01-06T16:00:00Z')).toBe(400_000);
    expect(at('2020-01-06T18:30:00Z')).toBe(400_000);
    expect(at('2020-01-06T19:00:00Z')).toBe(300_000);
    expect(at('2020-01-06T23:30:00Z')).toBe(90_000);
  });

  it('Day-TOU picks the weekday or weekend shape; a missing weekend falls back to the default', () => {
    const rate = dayTouRate(
      [step('00:00', 100), step('12:00', 200)],
      [step('00:00', 300), step('12:00', 400)],
    );
    const t = [makeTariff({ startDate: '2020-01-01', import: rate })];
    expect(rateAt(t, 'import', utc('2020-01-06T11:30:00Z'), LONDON)).toBe(100); // Monday
    expect(rateAt(t, 'import', utc('2020-01-06T12:00:00Z'), LONDON)).toBe(200);
    expect(rateAt(t, 'import', utc('2020-01-05T11:30:00Z'), LONDON)).toBe(300); // Sunday
    expect(rateAt(t, 'import', utc('2020-01-05T12:00:00Z'), LONDON)).toBe(400);
    const weekdaysOnly = tariffFromJson(
      { import: [{ days: 'weekdays', prices: [0.1], times: [0], rate_names: ['wd'] }] },
      '2020-01-01',
    );
    expect(rateAt([weekdaysOnly], 'import', utc('2020-01-06T12:00:00Z'), LONDON)).toBe(100_000);
    expect(rateAt([weekdaysOnly], 'import', utc('2020-01-05T12:00:00Z'), LONDON)).toBe(FIRST_CAP_IMPORT);
  });

  it('a weekend entry overrides an all-days entry', () => {
    const t = tariffFromJson(
      {
        import: [
          { days: 'all', prices: [0.2], times: [0], rate_names: ['std'] },
          { days: 'weekend', prices: [0.1], times: [0], rate_names: ['wknd'] },
        ],
      },
      '2020-01-01',
    );
    expect(rateAt([t], 'import', utc('2020-01-04T12:00:00Z'), LONDON)).toBe(100_000); // Saturday
    expect(rateAt([t], 'import', utc('2020-01-03T12:00:00Z'), LONDON)).toBe(200_000); // Friday
  });

  it('Dynamic prices each slot and falls back to the default for a missing slot', () => {
    const s1 = utc('2020-04-05T12:00:00Z');
    const t = [makeTariff({ startDate: '2020-01-01', import: dynamicRate([[s1, -86_415]]) })];
    expect(rateAt(t, 'import', s1, LONDON)).toBe(-86_415);
    expect(rateAt(t, 'import', s1 + 1800, LONDON)).toBe(FIRST_CAP_IMPORT);
    expect(tariffToJson(t[0]!)).toMatchObject({ import: null, dynamic: ['import'] });
  });
});

describe('clock basis (TIME-04)', () => {
  const e7 = (basis: 'gmt' | 'local') => [
    makeTariff({
      startDate: '2020-01-01',
      import: touRate([step('00:00', 90_000, 'night'), step('07:00', 250_000, 'day')], basis),
    }),
  ];
  const cheapLocalHours = (basis: 'gmt' | 'local', date: string) =>
    halfHourSlots(startOfLocalDate(date, LONDON), LONDON)
      .filter((s) => rateAt(e7(basis), 'import', s.start, LONDON) === 90_000)
      .map((s) => s.label);
  const labels = (from: number, to: number) =>
    Array.from(
      { length: (to - from) * 2 },
      (_, i) => `${String(from + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    );

  it('a 00:00–07:00 GMT window applies 01:00–08:00 local in July', () => {
    expect(cheapLocalHours('gmt', '2026-07-15')).toEqual(labels(1, 8));
  });
  it('the same GMT window applies 00:00–07:00 local in January', () => {
    expect(cheapLocalHours('gmt', '2026-01-15')).toEqual(labels(0, 7));
  });
  it('a 00:00–07:00 local window applies 00:00–07:00 local in July', () => {
    expect(cheapLocalHours('local', '2026-07-15')).toEqual(labels(0, 7));
  });
  it('on the 50-slot day a GMT window covers 7 real hours: 00:00 GMT is the first 01:00 (BST)', () => {
    const cheap = cheapLocalHours('gmt', '2026-10-25');
    expect(cheap).toHaveLength(14);
    expect(cheap.slice(0, 5)).toEqual(['01:00', '01:30', '01:00', '01:30', '02:00']);
    expect(cheap.at(-1)).toBe('06:30');
    const local = cheapLocalHours('local', '2026-10-25');
    expect(local).toHaveLength(16); // 00:00–07:00 local is 8 real hours that day
  });
});

describe('dated tariffs', () => {
  it('switch mid-month at local midnight; past slots keep the old tariff', () => {
    const tariffs = withTariffVersion(
      [makeTariff({ startDate: '2020-01-01', import: fixedRate(100_000), standingCharge: 400_000 })],
      makeTariff({ startDate: '2020-07-15', import: fixedRate(200_000), standingCharge: 500_000 }),
    );
    const book = compileTariffs(tariffs, LONDON);
    expect(book.rateAt('import', utc('2020-07-14T22:30:00Z'))).toBe(100_000); // 23:30 BST on the 14th
    expect(book.rateAt('import', utc('2020-07-14T23:00:00Z'))).toBe(200_000); // 00:00 BST on the 15th
    expect(book.standingChargeOn('2020-07-14')).toBe(400_000);
    expect(book.standingChargeOn('2020-07-15')).toBe(500_000);
    expect(book.rateAt('import', utc('2019-12-31T12:00:00Z'))).toBe(FIRST_CAP_IMPORT); // before any tariff
    expect(book.standingChargeOn('2019-12-31')).toBe(FIRST_CAP_STANDING);
    expect(tariffInForce(tariffs, '2020-07-20')?.startDate).toBe('2020-07-15');
  });

  it('null clears a rate so the default applies, not the older version', () => {
    const v1 = tariffFromJson(
      {
        import: [{ days: 'all', prices: [0.3], times: [0], rate_names: ['fix'] }],
        export: [{ days: 'all', prices: ['0.041'], times: [0], rate_names: ['seg'] }],
        standing_charge: [{ days: 'all', prices: [0.5], times: [0], rate_names: ['fix'] }],
      },
      '2020-01-01',
    );
    const v2 = applyTariffPatch(v1, parseTariffPatch({ export: null, standing_charge: [] }), '2020-02-01');
    expect(v2.import).toBe(v1.import); // untouched fields carry over
    expect(v2.export).toBeNull();
    const book = compileTariffs([v1, v2], LONDON);
    expect(book.rateAt('export', utc('2020-01-20T12:00:00Z'))).toBe(41_000);
    expect(book.rateAt('export', utc('2020-02-20T12:00:00Z'))).toBe(DEFAULT_EXPORT_PRICE);
    expect(book.rateAt('import', utc('2020-02-20T12:00:00Z'))).toBe(300_000);
    expect(book.standingChargeOn('2020-02-20')).toBe(FIRST_CAP_STANDING);
    expect(() => compileTariffs([v1, v1], LONDON)).toThrow(/two tariff versions/);
  });
});

describe('tariff JSON (§3)', () => {
  it('round-trips a Day-TOU tariff with a GMT clock and times as HHMM integers', () => {
    const json = {
      import: [
        {
          days: 'weekdays' as const,
          prices: [0.0915, 0.2467],
          times: [0, 730],
          rate_names: ['night', 'day'],
          clock: 'gmt' as const,
        },
        {
          days: 'weekend' as const,
          prices: [0.12],
          times: [0],
          rate_names: ['weekend'],
          clock: 'gmt' as const,
        },
      ],
      export: [{ days: 'all' as const, prices: [0.15], times: [0], rate_names: ['fix'] }],
      generation: null,
      standing_charge: [{ days: 'all' as const, prices: [0.6097], times: [0], rate_names: ['fix'] }],
    };
    const t = tariffFromJson(json, '2026-04-01');
    expect(t.standingCharge).toBe(609_700);
    expect(tariffKind(t.import!)).toBe('Day-TOU');
    expect(tariffToJson(t)).toEqual(json);
    expect(JSON.stringify(tariffToJson(t))).toContain('"prices":[0.0915,0.2467]');
    expect(formatHhmm(730)).toBe('0730');
    expect(formatHhmm(0)).toBe('0000');
  });

  it('accepts the standing charge as a single object and times as strings', () => {
    const t = tariffFromJson(
      {
        standing_charge: { days: 'all', prices: ['0.5721'], times: [0], rate_names: ['fix'] },
        import: [{ days: 'all', prices: ['0.1', '0.2'], times: ['00:00', '0730'], rate_names: ['a', 'b'] }],
      },
      '2026-04-01',
    );
    expect(t.standingCharge).toBe(572_100);
    expect(rateAt([t], 'import', utc('2026-04-06T06:00:00Z'), LONDON)).toBe(100_000); // 07:00 BST
    expect(rateAt([t], 'import', utc('2026-04-06T06:30:00Z'), LONDON)).toBe(200_000); // 07:30 BST
  });

  it('names the offending field', () => {
    const bad = (input: Parameters<typeof parseTariffPatch>[0]): string => {
      try {
        parseTariffPatch(input);
      } catch (e) {
        expect(e).toBeInstanceOf(TariffJsonError);
        return (e as TariffJsonError).field;
      }
      throw new Error('accepted');
    };
    expect(
      bad({ import: [{ days: 'all', prices: [0.1, 0.2], times: [0, 745], rate_names: ['a', 'b'] }] }),
    ).toBe('import[0].times[1]');
    expect(
      bad({ import: [{ days: 'all', prices: [0.1, 0.2], times: [0, 2400], rate_names: ['a', 'b'] }] }),
    ).toBe('import[0].times[1]');
    expect(bad({ export: [{ days: 'all', prices: [0.1234567], times: [0], rate_names: ['a'] }] })).toBe(
      'export[0].prices[0]',
    );
    expect(bad({ import: [{ days: 'all', prices: [0.1], times: [0, 30], rate_names: ['a'] }] })).toBe(
      'import[0].times',
    );
    expect(
      bad({ import: [{ days: 'all', prices: [0.1, 0.2], times: [730, 730], rate_names: ['a', 'b'] }] }),
    ).toBe('import');
    expect(
      bad({ import: [{ days: 'sometimes' as 'all', prices: [0.1], times: [0], rate_names: ['a'] }] }),
    ).toBe('import[0].days');
    expect(
      bad({
        standing_charge: [{ days: 'all', prices: [0.1, 0.2], times: [0, 700], rate_names: ['a', 'b'] }],
      }),
    ).toBe('standing_charge');
    const tooMany = Array.from({ length: 49 }, (_, i) => i);
    expect(() =>
      parseTariffPatch({
        import: [
          {
            days: 'all',
            prices: tooMany.map(() => 0.1),
            times: tooMany.map((i) => i * 30),
            rate_names: tooMany.map(String),
          },
        ],
      }),
    ).toThrow(TariffJsonError);
  });

  it('the default tariff (used_tariff) in force in May 2026 is fully set with that cap period figures', () => {
    expect(tariffToJson(defaultTariffOn('2026-05-01'))).toEqual({
      import: [{ days: 'all', prices: [0.2467], times: [0], rate_names: ['fix'] }],
      export: [{ days: 'all', prices: [0.15], times: [0], rate_names: ['fix'] }],
      generation: [{ days: 'all', prices: [0], times: [0], rate_names: ['fix'] }],
      standing_charge: [{ days: 'all', prices: [0.5721], times: [0], rate_names: ['fix'] }],
    });
  });
});
