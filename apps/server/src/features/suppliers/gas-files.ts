import type { Queryable } from '../../db/types';
import { type CalorificValue, calorificAt, calorificValuesOf } from './calorific';
import { connectionsOfHouse, metersOf } from './repository';

// How a home's gas file (an Octopus or n3rgy download: `npm run import`, CSV ingest) is read, from what
// the home's supplier side knows (issue 35), so an imported half-hour is stored as the fill would store it:
// - m³ become Wh at the home's own dated calorific value of each half-hour's local day (calorific.ts),
//   never a fixed one. (A value set later re-reads the supplier's m³ meters only: a file is imported
//   again with --replace to follow it.)
// - The meter's unit: an Octopus download's header says kwh whatever the meter counts, so a file that
//   does not say is read in the unit of the home's connected gas meter (m³ for SMETS2 unless its person
//   corrected it). Meters of both units (a swap from SMETS1 to SMETS2) say nothing: the header decides.

export interface HomeGasUnits {
  /** Tenths of a MJ/m³ of the local day of an instant. */
  calorificAt: (ts: number) => number;
  /** The home's dated values (none: 39.5 throughout). */
  values: CalorificValue[];
  /** The unit of the home's connected gas meters, when they all count in one; else null. */
  meterUnit: 'kwh' | 'm3' | null;
}

export async function homeGasUnits(
  db: Queryable,
  house: { id: number; time_zone: string },
): Promise<HomeGasUnits> {
  const values = await calorificValuesOf(db, house.id);
  const connections = await connectionsOfHouse(db, house.id);
  const meters = await metersOf(
    db,
    connections.map((c) => c.id),
  );
  const units = new Set(meters.filter((m) => m.fuel === 'gas').map((m) => m.unit));
  const only = units.size === 1 ? [...units][0] : undefined;
  return {
    calorificAt: calorificAt(values, house.time_zone),
    values,
    meterUnit: only === undefined ? null : only === 'm3' ? 'm3' : 'kwh',
  };
}
