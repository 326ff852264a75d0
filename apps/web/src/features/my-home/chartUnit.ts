import { useState } from 'react';
import type { FuelChoice } from './fuels';

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

// The same for a gas home's fuel switch (issue 35): electricity, gas, or both with their total (default).

export const CHART_FUEL_KEY = 'hv.chart_fuel';
const FUEL_CHOICES: readonly FuelChoice[] = ['electricity', 'gas', 'both'];

export function storedChartFuel(): FuelChoice {
  try {
    const stored = window.localStorage.getItem(CHART_FUEL_KEY);
    return FUEL_CHOICES.find((f) => f === stored) ?? 'both';
  } catch {
    return 'both';
  }
}

export function useChartFuel(): [FuelChoice, (fuel: FuelChoice) => void] {
  const [fuel, setFuel] = useState<FuelChoice>(storedChartFuel);
  const choose = (next: FuelChoice) => {
    setFuel(next);
    try {
      window.localStorage.setItem(CHART_FUEL_KEY, next);
    } catch {
      // As for the unit: the choice lasts until the page is left.
    }
  };
  return [fuel, choose];
}
