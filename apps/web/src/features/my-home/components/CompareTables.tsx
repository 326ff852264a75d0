import type { EnergyCompare } from '@homeview/contract/web';
import { differenceText, monthName, penniesText, perCentText, type TariffRow } from '../compare';

// The two tables of /my-home/tariffs: each tariff's total, cheapest first, with its difference from the
// home's own; and the months, one column per tariff, whose rows add up to the total row beneath them.

export function SummaryTable({
  tariffs,
  months,
  unit,
}: {
  tariffs: readonly TariffRow[];
  months: number;
  unit: string;
}) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="compare-summary">
        <caption>Each tariff’s cost, cheapest first</caption>
        <thead>
          <tr>
            <th scope="col">Tariff</th>
            <th scope="col">Cost over {months === 1 ? '1 month' : `${months} months`}</th>
            <th scope="col">Against your tariff</th>
            <th scope="col">Per cent</th>
            <th scope="col">Rates used</th>
          </tr>
        </thead>
        <tbody>
          {tariffs.map((t) => (
            <tr key={t.name} className={t.current ? 'compare__own' : undefined}>
              <th scope="row">
                {t.name}
                {t.current ? <span className="visually-hidden"> (yours now)</span> : null}
              </th>
              <td>{penniesText(unit, t.total)}</td>
              <td>{t.difference === null ? 'Yours now' : differenceText(unit, t.difference)}</td>
              <td>
                {t.perMille === null
                  ? '–'
                  : t.perMille === 0
                    ? '0.0%'
                    : `${perCentText(t.perMille)} ${t.perMille < 0 ? 'less' : 'more'}`}
              </td>
              <td>
                <a href={`#${t.anchor}`} aria-label={`Rates used for ${t.name}`}>
                  Rates and dates
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where a month has half-hours with no data, per fuel: never filled, said beside the month. */
function missingText(month: EnergyCompare['months'][number]): string | null {
  const parts = Object.entries(month.data_slots)
    .filter(([, have]) => have < month.slots)
    .map(([fuel, have]) => `${fuel}: ${have} of ${month.slots} half-hours have data`);
  return parts.length === 0 ? null : parts.join('; ');
}

export function MonthlyTable({
  tariffs,
  months,
  unit,
}: {
  tariffs: readonly TariffRow[];
  months: EnergyCompare['months'];
  unit: string;
}) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="compare-monthly">
        <caption>Cost per month, standing charges included</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {tariffs.map((t) => (
              <th scope="col" key={t.name}>
                {t.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m, i) => {
            const missing = missingText(m);
            return (
              <tr key={m.month}>
                <th scope="row">
                  {monthName(m.month)}
                  {missing === null ? null : <span className="compare__missing"> ({missing})</span>}
                </th>
                {tariffs.map((t) => (
                  <td key={t.name}>{penniesText(unit, t.monthly[i] ?? 0)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {tariffs.map((t) => (
              <td key={t.name}>{penniesText(unit, t.total)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
