import { createReadStream, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { type AgilePrice, streamAgileCsv } from './agile';
import { describeReal, realFile } from './real-data.test-support';

// Octopus Energy Agile tariff rates, via energy-stats.uk (see octopus-agile/SOURCE.md).
const FILE_2020 = 'octopus-agile/csv_agile_A_Eastern_England_2020.csv';
const FILE_2021_03 = 'octopus-agile/csv_agile_A_Eastern_England_2021-03.csv';

async function streamed(relative: string): Promise<AgilePrice[]> {
  const out: AgilePrice[] = [];
  const source = createReadStream(realFile(relative), { highWaterMark: 16 * 1024 }); // bytes, in small chunks
  for await (const price of streamAgileCsv(source)) out.push(price);
  return out;
}

const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', dateStyle: 'short' });
const slotsPerLocalDay = (prices: AgilePrice[]): Map<string, number> => {
  const days = new Map<string, number>();
  for (const p of prices) {
    const day = londonDay.format(new Date(p.slot_start * 1000));
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
};

/** The file's own fifth column, read naively: an independent check of the exact decimal parsing. */
const rawPrices = (relative: string): number[] =>
  readFileSync(realFile(relative), 'utf8')
    .trim()
    .split('\n')
    .map((line) => Number(line.split(',')[4]));

describeReal('real Agile prices (region A)', () => {
  it('parses the whole 2020 file: a leap year of half-hours, no gaps, 219 negative prices', async () => {
    const prices = await streamed(FILE_2020);
    expect(prices).toHaveLength(366 * 48); // 17,568
    expect(new Date(prices[0]!.slot_start * 1000).toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(new Date(prices.at(-1)!.slot_start * 1000).toISOString()).toBe('2020-12-31T23:30:00.000Z');
    const steps = new Set(prices.slice(1).map((p, i) => p.slot_start - prices[i]!.slot_start));
    expect(steps).toEqual(new Set([1800])); // SOURCE.md documents no gaps
    expect(new Set(prices.map((p) => p.region))).toEqual(new Set(['A']));

    const values = prices.map((p) => p.price_uPkWh);
    expect(values.filter((v) => v < 0)).toHaveLength(219);
    expect(Math.min(...values)).toBe(-107_835);
    expect(Math.max(...values)).toBe(349_965); // the 35p cap
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(Math.abs(mean - 94_620)).toBeLessThan(5); // 9.462 p/kWh
    // Exact: every value is the file's pence × 10,000 (4 decimals survive a float round here).
    expect(values).toEqual(rawPrices(FILE_2020).map((p) => Math.round(p * 10_000)));
  });

  it('has 46 and 50 slots on the 2020 clock-change days, the repeated hour negative', async () => {
    const prices = await streamed(FILE_2020);
    const days = slotsPerLocalDay(prices);
    expect(days.get('2020-03-29')).toBe(46);
    expect(days.get('2020-10-25')).toBe(50);
    expect([...days.values()].filter((n) => n !== 48)).toHaveLength(2);
    const repeated = prices.filter((p) => p.slot_start >= 1_603_584_000 && p.slot_start < 1_603_591_200);
    expect(repeated).toHaveLength(4); // local 01:00, 01:30 in BST and again in GMT
    expect(repeated.every((p) => p.price_uPkWh < 0)).toBe(true);
  });

  it('parses March 2021 with the spring-forward day', async () => {
    const prices = await streamed(FILE_2021_03);
    expect(prices).toHaveLength(1488);
    expect(slotsPerLocalDay(prices).get('2021-03-28')).toBe(46);
    const mean = prices.reduce((s, p) => s + p.price_uPkWh, 0) / prices.length;
    expect(Math.abs(mean - 138_540)).toBeLessThan(5); // 13.854 p/kWh
  });
});
