// biome-ignore-all lint/a11y/noRedundantRoles: the summary table is displayed as blocks on a phone, where some browsers (Safari) drop a table's semantics unless its roles are explicit.
import type { EnergyCompare } from '@homeview/contract/web';
import type { ReactNode } from 'react';
import { differenceText, monthName, penniesText, perCentText, type TariffRow } from '../compare';

/** '£8.65 less (5.9%)': the difference in pounds, then as a share of the home's own total. */
const againstText = (unit: string, difference: number, perMille: number | null): string =>
  `${differenceText(unit, difference)}${perMille === null || difference === 0 ? '' : ` (${perCentText(perMille)})`}`;

// The two tables of /my-home/tariffs: each tariff's total, cheapest first, with its difference from the
// home's own; and the months, one column per tariff, whose rows add up to the total row beneath them.

/** A table that may scroll sideways on a phone: a named region the keyboard can reach and scroll. */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region scrolled sideways must take focus to be scrolled by keyboard.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

export function SummaryTable({
  tariffs,
  months,
  unit,
  moveKwh,
}: {
  tariffs: readonly TariffRow[];
  months: number;
  unit: string;
  /** The kWh a day of the moved column, when the answer carries it. */
  moveKwh?: number;
}) {
  const moved = moveKwh !== undefined && tariffs.some((t) => t.moved !== null);
  // A home that exports: what each tariff would have paid for its export, and the cost less it.
  const exports = tariffs.some((t) => t.exportIncome !== null);
  const costLabel = `Cost over ${months === 1 ? '1 month' : `${months} months`}`;
  const movedLabel = `If you moved ${moveKwh} kWh a day from 16:00–19:00`;
  return (
    // On a phone each row is a card of labelled figures (styles: .data-table--cards), so "Against your
    // tariff", the figure that answers the page's question, is never scrolled out of sight. The roles keep
    // it a table for screen readers once CSS displays its parts as blocks.
    <ScrollRegion label="Each tariff’s cost">
      <table className="data-table data-table--cards" data-testid="compare-summary" role="table">
        <caption>Each tariff’s cost, cheapest first</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Tariff
            </th>
            <th scope="col" role="columnheader">
              {costLabel}
            </th>
            {exports ? (
              <th scope="col" role="columnheader">
                Export income
              </th>
            ) : null}
            {exports ? (
              <th scope="col" role="columnheader">
                Cost less export income
              </th>
            ) : null}
            <th scope="col" role="columnheader">
              Against your tariff
            </th>
            {moved ? (
              <th scope="col" role="columnheader">
                {movedLabel}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {tariffs.map((t) => (
            <tr key={t.name} className={t.current ? 'compare__own' : undefined} role="row">
              <th scope="row" role="rowheader">
                {t.name}
                {t.current ? <span className="visually-hidden"> (yours now)</span> : null}
              </th>
              <td role="cell" data-label={costLabel}>
                {penniesText(unit, t.total)}
                {t.fuelTotals === null ? null : (
                  <span className="compare__fuels">
                    electricity {penniesText(unit, t.fuelTotals.electricity)} + gas{' '}
                    {penniesText(unit, t.fuelTotals.gas)}
                  </span>
                )}
                {/* Beside the figure: which rates made it, over which dates. */}
                <a
                  href={`#${t.anchor}`}
                  className="compare__rates-link"
                  aria-label={`Rates and dates for ${t.name}`}
                >
                  Rates and dates
                </a>
              </td>
              {exports ? (
                <td role="cell" data-label="Export income">
                  {penniesText(unit, t.exportIncome ?? 0)}
                </td>
              ) : null}
              {exports ? (
                <td role="cell" data-label="Cost less export income">
                  {penniesText(unit, t.net)}
                </td>
              ) : null}
              <td role="cell" data-label="Against your tariff">
                {t.difference === null ? 'Yours now' : againstText(unit, t.difference, t.perMille)}
              </td>
              {moved ? (
                <td role="cell" data-label={movedLabel}>
                  {t.moved === null ? 'Not a time-of-use candidate' : penniesText(unit, t.moved)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
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
    <ScrollRegion label="Cost per month">
      <table className="data-table" data-testid="compare-monthly">
        <caption>Cost per month, standing charges included</caption>
        <MonthHead tariffs={tariffs} />
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
    </ScrollRegion>
  );
}

/**
 * With a move asked: the time-of-use tariffs' months had the evening's use moved, each column adding up
 * to the moved total of the summary (the figures the first monthly table has as used).
 */
export function MovedMonthlyTable({
  tariffs,
  months,
  unit,
  moveKwh,
}: {
  tariffs: readonly TariffRow[];
  months: readonly string[];
  unit: string;
  moveKwh: number;
}) {
  const moved = tariffs.filter((t) => t.movedMonthly !== null && t.moved !== null);
  if (moved.length === 0) return null;
  return (
    <ScrollRegion label="Cost per month if you moved use">
      <table className="data-table" data-testid="compare-moved-monthly">
        <caption>Cost per month if you moved {moveKwh} kWh a day from 16:00–19:00</caption>
        <MonthHead tariffs={moved} />
        <tbody>
          {months.map((m, i) => (
            <tr key={m}>
              <th scope="row">{monthName(m)}</th>
              {moved.map((t) => (
                <td key={t.name}>{penniesText(unit, t.movedMonthly?.[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {moved.map((t) => (
              <td key={t.name}>{penniesText(unit, t.moved ?? 0)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

/** A monthly table's head: the month, then a column per tariff. */
function MonthHead({ tariffs }: { tariffs: readonly { name: string }[] }) {
  return (
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
  );
}
