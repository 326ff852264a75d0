import { FUELS, type Fuel } from '@homeview/contract';

// The one place a fuel's name (the contract's FUELS) becomes the smallint stored in the energy tables'
// `fuel` column (migration 0027) and back. Every query on reading_blocks, rollups, daily_rollups,
// monthly_rollups, tariffs and tariff_prices names its fuel: a parameter from fuelCode, or, where only
// electricity is meant (rankings, InfoCare, the demo, appliances), ELECTRICITY_CODE.

export type { Fuel };

const CODES: Readonly<Record<Fuel, number>> = { electricity: 0, gas: 1 };

/** The stored code of a fuel. */
export function fuelCode(fuel: Fuel): number {
  return CODES[fuel];
}

/** Electricity's stored code, for the electricity-only reads (written into their SQL as a literal). */
export const ELECTRICITY_CODE = CODES.electricity;

/** The default fuel of every write and read that names none: what the product stored before gas. */
export const ELECTRICITY: Fuel = 'electricity';

/** The fuel of a stored code (a row read back). */
export function fuelOfCode(code: number): Fuel {
  const fuel = (Object.keys(CODES) as Fuel[]).find((f) => CODES[f] === code);
  if (fuel === undefined) throw new RangeError(`${code} is not a stored fuel`);
  return fuel;
}

/** Every fuel's code as a SQL list, for the few reads of all fuels (repricing finds its next half-hour). */
export const FUEL_CODES_SQL = Object.values(CODES).join(', ');

/**
 * SQL (with the house id as $1) listing the codes of the fuels the house has a daily rollup of, e.g.
 * '0,1': one index probe per fuel, so every energy read can say which fuels the home has (issue 35).
 */
export const FUELS_PRESENT_SQL = `concat_ws(',', ${FUELS.map(
  (f) =>
    `case when exists (select 1 from daily_rollups where house_id = $1 and fuel = ${CODES[f]}) then '${CODES[f]}' end`,
).join(', ')})`;

/** The fuels of FUELS_PRESENT_SQL's answer, in the contract's order. */
export function fuelsOfCodes(codes: string): Fuel[] {
  const present = new Set(
    codes
      .split(',')
      .filter((c) => c !== '')
      .map(Number),
  );
  return FUELS.filter((f) => present.has(CODES[f]));
}
