import type { CompareRates } from '@homeview/contract/web';
import { formatPence } from '../../../shared/pence';
import { RateTable } from '../../../shared/ui/RateTable';
import { type TariffRow, rangeLabel } from '../compare';

// Which rates each figure of /my-home/tariffs used and over which dates, as the API answers them: per
// tariff, per fuel and dated range, its source, the clock its times are on, each unit rate in pence per
// kWh from its start time, and the standing charge in pence per day (shared/pence: no float arithmetic).

const FUEL_NAME: Record<CompareRates['fuel'], string> = { electricity: 'Electricity', gas: 'Gas' };

const clockText = (clock: CompareRates['clock']): string =>
  clock === 'gmt'
    ? 'Times are UTC all year (an hour later on the clock in summer time).'
    : clock === 'local'
      ? 'Times are on your home’s clock.'
      : 'Priced per half-hour from published prices.';

type UnitRates = CompareRates['unit_rates'];

/** A rate table's rows; `key` tells export rows from unit rows of the same range. */
const rowsOf = (rates: UnitRates, key = '') =>
  rates.map((u) => ({ key: `${key}${u.name}-${u.start}`, name: u.name, from: u.start, price: u.price }));

/** The export rates most tariffs' ranges share (Outgoing Fixed's 15p beside any import), if 3 or more do. */
export function commonExport(tariffs: readonly TariffRow[]): UnitRates | null {
  const count = new Map<string, { rates: UnitRates; tariffs: Set<string> }>();
  for (const t of tariffs)
    for (const r of t.rates) {
      if (r.export_unit_rates === undefined || r.export_unit_rates.length === 0) continue;
      const key = JSON.stringify(r.export_unit_rates);
      const entry = count.get(key) ?? { rates: r.export_unit_rates, tariffs: new Set() };
      entry.tariffs.add(t.name);
      count.set(key, entry);
    }
  const best = [...count.values()].sort((a, b) => b.tariffs.size - a.tariffs.size)[0];
  return best !== undefined && best.tariffs.size >= 3 ? best.rates : null;
}

function RatesRange({ r, shownExport = null }: { r: CompareRates; shownExport?: string | null }) {
  const ownExport =
    r.export_unit_rates !== undefined &&
    r.export_unit_rates.length > 0 &&
    JSON.stringify(r.export_unit_rates) !== shownExport;
  return (
    <li>
      <p>
        <strong>
          {FUEL_NAME[r.fuel]}, {rangeLabel(r)}
        </strong>
        : {r.source}. {clockText(r.clock)} Standing charge {formatPence(r.standing_charge)} per day.
      </p>
      {r.unit_rates.length === 0 ? null : (
        <RateTable
          caption={`${FUEL_NAME[r.fuel]} unit rates, ${rangeLabel(r)}`}
          captionHidden
          rows={rowsOf(r.unit_rates)}
        />
      )}
      {ownExport ? (
        <RateTable
          caption={`Export rates, ${rangeLabel(r)}`}
          rows={rowsOf(r.export_unit_rates ?? [], 'export-')}
        />
      ) : null}
    </li>
  );
}

/** The gas ranges every tariff used alike (the home's own gas, or the cap for all), else null. */
export function sharedGas(tariffs: readonly TariffRow[]): CompareRates[] | null {
  const gas = tariffs.map((t) => t.rates.filter((r) => r.fuel === 'gas'));
  const first = gas[0];
  if (tariffs.length < 2 || first === undefined || first.length === 0) return null;
  const key = JSON.stringify(first);
  return gas.every((g) => JSON.stringify(g) === key) ? first : null;
}

export function CompareRatesList({ tariffs }: { tariffs: readonly TariffRow[] }) {
  // Gas priced alike for every tariff is listed once, not once per tariff (nine identical lists); so is
  // the export rate most tariffs share, each range then listing only an export rate of its own.
  const gas = sharedGas(tariffs);
  const common = commonExport(tariffs);
  const shownExport = common === null ? null : JSON.stringify(common);
  return (
    <section aria-labelledby="compare-rates" className="stack">
      <h2 id="compare-rates" className="usage__subtitle">
        Rates and dates each figure used
      </h2>
      {gas === null ? null : (
        <section aria-label="Gas, every tariff: rates used" className="compare__rates">
          <h3>Gas, the same for every tariff</h3>
          <ul className="compare__ranges" data-testid="compare-rates-gas">
            {gas.map((r) => (
              <RatesRange key={`${r.fuel}-${r.from}`} r={r} />
            ))}
          </ul>
        </section>
      )}
      {common === null ? null : (
        <section aria-label="Export, most tariffs: rates used" className="compare__rates">
          <h3>Export, for every tariff that lists none of its own</h3>
          <RateTable caption="Export rates" captionHidden rows={rowsOf(common, 'export-')} />
        </section>
      )}
      {tariffs.map((t) => (
        <section key={t.name} id={t.anchor} aria-label={`${t.name}: rates used`} className="compare__rates">
          <h3>{t.name}</h3>
          <ul className="compare__ranges" data-testid={`compare-rates-${t.anchor}`}>
            {t.rates
              .filter((r) => gas === null || r.fuel !== 'gas')
              .map((r) => (
                <RatesRange key={`${r.fuel}-${r.from}`} r={r} shownExport={shownExport} />
              ))}
          </ul>
          {gas === null ? null : <p className="muted">Gas: as listed above for every tariff.</p>}
        </section>
      ))}
    </section>
  );
}
