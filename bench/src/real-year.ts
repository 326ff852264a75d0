// The domain alone on real prices: a year of Octopus Agile half-hours (2020, region A, from
// ../shared/data/real; the real-data tests check the money) priced and summarised as a year view, with
// irregular synthetic energy. A figure, not a test: how long it takes depends on the machine's load.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  compileTariffs,
  dynamicRate,
  fixedRate,
  makeTariff,
  periodContaining,
  priceSlots,
  summarizePeriod,
} from '@homeview/domain';
import { parseAgileCsv } from '../../apps/server/src/ingest/formats/agile';

const AGILE = fileURLToPath(
  new URL('../../../shared/data/real/octopus-agile/csv_agile_A_Eastern_England_2020.csv', import.meta.url),
);

/** One line: the year's half-hours priced and summarised, in ms, with the load; null without the data. */
export function realYearLine(): string | null {
  if (!existsSync(AGILE)) return null;
  const parsed = parseAgileCsv(readFileSync(AGILE, 'utf8'));
  if (!parsed.ok) throw parsed.error;
  const prices = parsed.value;
  const book = compileTariffs(
    [
      makeTariff({
        startDate: '2020-01-01',
        standingCharge: 210_000,
        import: dynamicRate(prices.map((p) => [p.slot_start, p.price_uPkWh])),
        export: fixedRate(55_000),
      }),
    ],
    'Europe/London',
  );
  const energy = prices.map((p, i) => ({
    slot_start: p.slot_start,
    import_wh: 80 + ((i * 7919) % 1900),
    export_wh: (i * 31) % 400,
    generation_wh: (i * 31) % 400,
  }));
  const t0 = performance.now();
  const rows = priceSlots(book, energy);
  summarizePeriod(periodContaining('year', prices[0]!.slot_start, book.zone), { book, rows });
  const ms = performance.now() - t0;
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `domain alone: ${rows.length} real Agile half-hours (2020) priced and summarised as a year in ${ms.toFixed(1)} ms · load ${load}`;
}
