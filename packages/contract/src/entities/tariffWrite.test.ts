import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { parses, rejects } from '../test/expect';
import { TariffWriteRequest } from './tariffWrite';

const entry = (over: Record<string, unknown> = {}) => ({
  days: 'all',
  prices: [0.3, 0.15],
  times: [0, 730],
  rate_names: ['Day', 'Night'],
  ...over,
});
const write = (tariff: unknown) => ({ user_id: '1', tariff: JSON.stringify(tariff) });
const refused = (tariff: unknown, field: string, words: string) =>
  rejects(TariffWriteRequest, write(tariff), field, words);

describe('tariff write', () => {
  it('parses a TOU import rate, pounds kept as decimals and times as HHMM', () => {
    expect(parses(TariffWriteRequest, write({ import: [entry()] })).tariff).toEqual({ import: [entry()] });
  });

  it('parses a Day-TOU export with weekdays and weekend, and negative (Agile) prices', () => {
    const tariff = {
      export: [
        entry({ days: 'weekdays' }),
        entry({
          days: 'weekend',
          prices: [-0.086415, 0.2],
          times: [0, 1600],
          rate_names: ['Plunge', 'Peak'],
        }),
      ],
    };
    expect(parses(TariffWriteRequest, write(tariff)).tariff).toEqual(tariff);
  });

  it('clears a rate sent as null or as an empty list', () => {
    expect(parses(TariffWriteRequest, write({ generation: null })).tariff).toEqual({ generation: null });
    expect(parses(TariffWriteRequest, write({ import: [] })).tariff).toEqual({ import: null });
  });

  it('accepts a standing charge alone', () => {
    const standing = {
      standing_charge: [{ days: 'all', prices: [0.5353], times: [0], rate_names: ['fix'] }],
    };
    expect(parses(TariffWriteRequest, write(standing)).tariff).toEqual(standing);
  });

  it('accepts the tariff as an object in a JSON body', () => {
    expect(parses(TariffWriteRequest, { user_id: 1, tariff: { import: null } }).tariff).toEqual({
      import: null,
    });
  });

  it('accepts 48 half-hour rates in a day', () => {
    const times = Array.from({ length: 48 }, (_, i) => Math.floor(i / 2) * 100 + (i % 2) * 30);
    const big = entry({ times, prices: times.map(() => 0.2), rate_names: times.map((t) => `r${t}`) });
    expect(parses(TariffWriteRequest, write({ import: [big] })).tariff.import?.[0]?.times).toHaveLength(48);
  });

  it('reads decimal strings as prices', () => {
    const parsed = parses(TariffWriteRequest, write({ import: [entry({ prices: ['0.3', '0.15'] })] }));
    expect(parsed.tariff.import?.[0]?.prices).toEqual([0.3, 0.15]);
  });

  it('refuses a unit price of 1 or more with the spec message', () => {
    refused(
      { import: [entry({ prices: [1, 0.15] })] },
      'tariff.import.0.prices.0',
      messages.priceMustBeUnderOne,
    );
    refused(
      { export: [entry({ prices: [0.3, 15.3] })] },
      'tariff.export.0.prices.1',
      'Price must be under 1',
    );
  });

  it('refuses prices it cannot hold exactly, or absurdly negative', () => {
    refused(
      { import: [entry({ prices: [0.1234567, 0.1] })] },
      'tariff.import.0.prices.0',
      'import price must have at most 6 decimal places',
    );
    refused(
      { import: [entry({ prices: [-1, 0.1] })] },
      'tariff.import.0.prices.0',
      'import price must be more than -1',
    );
    refused(
      { import: [entry({ prices: ['cheap', 0.1] })] },
      'tariff.import.0.prices.0',
      'import price must be a number',
    );
  });

  it('refuses times off the half-hour grid', () => {
    for (const bad of [745, 2400, 60, -30, 7.5]) {
      refused(
        { import: [entry({ times: [0, bad] })] },
        'tariff.import.0.times.1',
        'import times must be whole numbers HHMM on half-hour steps from 0 to 2330',
      );
    }
  });

  it('needs the first time to be 0 and the times strictly increasing', () => {
    refused(
      { import: [entry({ times: [30, 730] })] },
      'tariff.import.0.times.0',
      'import times must start at 0 (00:00)',
    );
    refused(
      { import: [entry({ times: [0, 0], rate_names: ['a', 'b'] })] },
      'tariff.import.0.times.1',
      'import times must be in increasing order',
    );
    refused(
      {
        generation: [entry({ times: [0, 1600, 730], prices: [0.1, 0.2, 0.3], rate_names: ['a', 'b', 'c'] })],
      },
      'tariff.generation.0.times.2',
      'generation times must be in increasing order',
    );
  });

  it('needs prices, times and rate_names of one length', () => {
    refused(
      { import: [entry({ prices: [0.3] })] },
      'tariff.import.0.times',
      'import prices, times and rate_names must have the same length',
    );
  });

  it('allows at most 48 rates per day', () => {
    const many = Array.from({ length: 49 }, () => 0.1);
    refused(
      { import: [entry({ prices: many })] },
      'tariff.import.0.prices',
      'import allows at most 48 rates per day',
    );
  });

  it('refuses an entry without rates', () => {
    refused(
      { import: [entry({ prices: [], times: [], rate_names: [] })] },
      'tariff.import.0.prices',
      'import prices must not be empty',
    );
  });

  it('refuses repeated or mixed days', () => {
    refused(
      { import: [entry(), entry()] },
      'tariff.import',
      'import has more than one entry for the same days',
    );
    refused(
      { import: [entry(), entry({ days: 'weekend' })] },
      'tariff.import',
      'import cannot mix days all with weekdays or weekend',
    );
    refused(
      { import: [entry({ days: 'weekday' })] },
      'tariff.import.0.days',
      'import days must be one of all, weekdays, weekend',
    );
  });

  it('refuses blank rate names and unknown entry fields', () => {
    refused(
      { import: [entry({ rate_names: ['Day', ' '] })] },
      'tariff.import.0.rate_names.1',
      'import rate names must not be empty',
    );
    refused(
      { import: [entry({ colour: 'red' })] },
      'tariff.import.0.colour',
      'Each import entry must be an object of days, prices, times and rate_names only',
    );
  });

  it('checks the standing charge shape and bounds', () => {
    const sc = (over: Record<string, unknown>) => ({
      standing_charge: [{ days: 'all', prices: [0.5], times: [0], rate_names: ['fix'], ...over }],
    });
    refused(sc({ prices: [-0.1] }), 'tariff.standing_charge.0.prices.0', 'Standing charge must be 0 or more');
    refused(sc({ prices: [12] }), 'tariff.standing_charge.0.prices.0', 'Standing charge must be under 10');
    refused(
      sc({ prices: [0.5, 0.6] }),
      'tariff.standing_charge.0.prices',
      'The standing charge has exactly one price',
    );
    refused(
      sc({ days: 'weekdays' }),
      'tariff.standing_charge.0.days',
      'The standing charge applies to days all',
    );
    refused(
      sc({ times: [730] }),
      'tariff.standing_charge.0.times.0',
      'The standing charge times must be [0]',
    );
    refused(
      sc({ times: [0, 30] }),
      'tariff.standing_charge.0.times',
      'The standing charge times must be [0]',
    );
    refused(
      sc({ rate_names: ['Day'] }),
      'tariff.standing_charge.0.rate_names.0',
      "The standing charge rate_names must be ['fix']",
    );
  });

  it('refuses an empty, unknown or malformed tariff', () => {
    refused({}, 'tariff', 'tariff must contain import, export, generation or standing_charge');
    refused({ imports: [] }, 'tariff.imports', 'Unknown tariff field: imports');
    refused([entry()], 'tariff', 'tariff must be an object of import, export, generation or standing_charge');
    refused({ import: 'cheap' }, 'tariff.import', 'import must be a list of rates or null');
    rejects(
      TariffWriteRequest,
      { user_id: '1', tariff: '{"import":' },
      'tariff',
      'tariff must be valid JSON',
    );
    rejects(TariffWriteRequest, { user_id: '1', tariff: '' }, 'tariff', 'tariff is required');
  });

  it('checks start_date as a calendar date', () => {
    expect(
      parses(TariffWriteRequest, { ...write({ import: null }), start_date: '2024-02-29' }).start_date,
    ).toBe('2024-02-29');
    rejects(
      TariffWriteRequest,
      { ...write({ import: null }), start_date: '2023-02-29' },
      'start_date',
      'start_date must be a real calendar date',
    );
  });
});
