import { dynamicRate, type Tariff } from '@homeview/domain';
import { describe, expect, it } from 'vitest';
import { presentTariff } from './present';

// The tariff screen's note names where a dynamic tariff's prices come from: an Octopus account's Agile or
// Tracker agreement (the supplier fill), or a file of prices imported by hand.

const version = (name: string): Tariff => ({
  startDate: '2020-10-01',
  standingCharge: 210_000,
  import: dynamicRate([[1_603_152_000, 150_000]], name),
  export: null,
  generation: null,
});

describe('the tariff note for a dynamic import rate', () => {
  it('names Octopus Agile and Tracker, and imported prices by their name', () => {
    expect(presentTariff([version('agile')], '2020-10-20').tariffs_msg).toBe(
      "Import is priced half-hour by half-hour from Octopus Agile's published prices.",
    );
    expect(presentTariff([version('tracker')], '2020-10-20').tariffs_msg).toBe(
      "Import is priced day by day from Octopus Tracker's published prices.",
    );
    expect(presentTariff([version('my-prices.csv')], '2020-10-20').tariffs_msg).toBe(
      'Import is priced half-hour by half-hour from imported prices (my-prices.csv).',
    );
  });
});
