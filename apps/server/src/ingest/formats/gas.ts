import { GAS_DEFAULT_CALORIFIC_VALUE, gasVolumeToWh } from '@homeview/domain';
import { bad, type Checked, shown } from './errors';
import { scaledDecimal } from './numbers';

// How a readings file's energy column is read when it may be gas (issue 35). SMETS2 gas meters count m³
// and suppliers' downloads pass the number on; SMETS1 meters and bills count kWh. A file of m³ becomes
// Wh through the domain's one conversion (volume correction × calorific value ÷ 3.6), exact to the Wh, at
// the calorific value of each reading's own start: the home's dated value, as the supplier fill uses.

/** What a readings file holds: its fuel, and for gas the unit of its numbers and the calorific value. */
export interface ReadingsUnits {
  fuel: 'electricity' | 'gas';
  /** Gas only: the numbers are m³ (a SMETS2 meter), not kWh; default what the file's header says. */
  gasUnit?: 'kwh' | 'm3';
  /**
   * Gas in m³ only: the calorific value, in tenths of a MJ/m³, of the reading starting at `start` (the
   * home's dated value of that local day); default 39.5 throughout.
   */
  calorificAt?: (start: number) => number;
}

export const ELECTRICITY_UNITS: ReadingsUnits = { fuel: 'electricity' };

const DEFAULT_TENTHS = Math.round(GAS_DEFAULT_CALORIFIC_VALUE * 10);

/** m³ as written (at most 3 decimals count; the meter's register resolution) → litres, checked. */
export function cubicMetresOf(text: string): Checked<number> {
  const litres = scaledDecimal(text, 3);
  if (!litres.ok) {
    return litres.reason === 'range'
      ? bad(`${shown(text)} m³ is far too large for one reading`)
      : bad(`${shown(text)} is not a number of cubic metres; write digits with a decimal point, e.g. 0.125`);
  }
  if (litres.value < 0) return bad(`${shown(text)} is negative; consumption cannot be below zero`);
  return litres;
}

/** Wh of `litres` of gas starting at `start`, at the calorific value `units` gives for that instant. */
export function litresToWh(litres: number, start: number, units: ReadingsUnits | undefined): number {
  return gasVolumeToWh(BigInt(litres), 3, units?.calorificAt?.(start) ?? DEFAULT_TENTHS);
}
