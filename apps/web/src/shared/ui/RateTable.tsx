import type { ReactNode } from 'react';
import { formatPence } from '../pence';

// One table of unit rates, as the tariff editor and Compare tariffs both show them: each rate's name, the
// time it starts and its price in pence per kWh (shared/pence: no float arithmetic).

/**
 * A rate's name as typed or stored ('peak', 'cheap', 'fix', 'rate 1') as the screens show it: capitalised,
 * and the API's 'fix' as 'Fixed'.
 */
export function rateName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.toLowerCase() === 'fix') return 'Fixed';
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

export interface RateRow {
  key: string;
  /** As stored: shown through rateName. */
  name: string;
  /** When it starts, as shown ('00:30'). */
  from: string;
  /** £ per kWh, as the API gives it. */
  price: number;
}

export function RateTable({
  caption,
  captionHidden = false,
  rows,
}: {
  caption: ReactNode;
  captionHidden?: boolean;
  rows: readonly RateRow[];
}) {
  return (
    <table className="tariff-table">
      <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Rate</th>
          <th scope="col">From</th>
          <th scope="col">Pence per kWh</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{rateName(r.name)}</th>
            <td>{r.from}</td>
            <td>{formatPence(r.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
