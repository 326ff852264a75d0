import { GAS_DEFAULT_CALORIFIC_VALUE, gasCubicMetresToWh } from '@homeview/domain';
import { bad, type Checked, good, shown } from './errors';
import { scaledDecimal } from './numbers';

// How a readings file's energy column is read when it may be gas (issue 35). SMETS2 gas meters count m³
// and suppliers' downloads pass the number on; SMETS1 meters and bills count kWh. A file of m³ becomes
// Wh through the domain's one conversion (volume correction × calorific value ÷ 3.6), exact to the Wh.

/** What a readings file holds: its fuel, and for gas the unit of its numbers and the calorific value. */
export interface ReadingsUnits {
  fuel: 'electricity' | 'gas';
  /** Gas only: the numbers are m³ (a SMETS2 meter), not kWh; default what the file's header says. */
  gasUnit?: 'kwh' | 'm3';
  /** Gas in m³ only: MJ/m³, from the bill (default 39.5). */
  calorificValue?: number;
}

export const ELECTRICITY_UNITS: ReadingsUnits = { fuel: 'electricity' };

/** m³ as written (at most 3 decimals count; the meter's register resolution) → Wh at `calorificValue`. */
export function cubicMetresToWh(text: string, calorificValue = GAS_DEFAULT_CALORIFIC_VALUE): Checked<number> {
  const litres = scaledDecimal(text, 3);
  if (!litres.ok) {
    return litres.reason === 'range'
      ? bad(`${shown(text)} m³ is far too large for one reading`)
      : bad(`${shown(text)} is not a number of cubic metres; write digits with a decimal point, e.g. 0.125`);
  }
  if (litres.value < 0) return bad(`${shown(text)} is negative; consumption cannot be below zero`);
  return good(gasCubicMetresToWh(litres.value / 1000, calorificValue));
}
