import { useState } from 'react';

// Whether the usage chart shows money or energy, as the person last chose it, kept in this browser
// (like a supplier app's £ / kWh switch). Not part of the session: logging out keeps it.

export type ChartUnit = 'money' | 'energy';

export const CHART_UNIT_KEY = 'hv.chart_unit';

export function storedChartUnit(): ChartUnit {
  try {
    return window.localStorage.getItem(CHART_UNIT_KEY) === 'energy' ? 'energy' : 'money';
  } catch {
    return 'money'; // storage disabled: money, the spec's chart
  }
}

/** The chosen unit and a setter that remembers it. */
export function useChartUnit(): [ChartUnit, (unit: ChartUnit) => void] {
  const [unit, setUnit] = useState<ChartUnit>(storedChartUnit);
  const choose = (next: ChartUnit) => {
    setUnit(next);
    try {
      window.localStorage.setItem(CHART_UNIT_KEY, next);
    } catch {
      // Storage full or disabled: the choice lasts until the page is left.
    }
  };
  return [unit, choose];
}
