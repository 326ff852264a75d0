import type { SlotEnergy } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { FUELS_PRESENT_SQL, type Fuel, fuelCode, fuelsOfCodes } from '../../shared/fuel';
import { TARIFF_KEY_SQL } from '../../shared/tariff-book';

// Reads of tariffs compared (issue 37): the house's tariff key, its fuels and each fuel's first reading
// (what the usage screens charge standing charges from: the oldest daily rollup's first_ts), then a fuel's
// stored half-hours over a range: one (house_id, fuel, slot_start) index range, ~17,520 rows a year.

export interface CompareSpan {
  tariffIds: string;
  fuels: Fuel[];
  /** Per fuel the home has: the start of its oldest half-hour with data. */
  first: Partial<Record<Fuel, number>>;
}

export async function compareSpan(db: Queryable, houseId: number): Promise<CompareSpan> {
  const { rows } = await db.query<{ tariff_ids: string; fuels: string; e: number | null; g: number | null }>(
    `select ${TARIFF_KEY_SQL} as tariff_ids, ${FUELS_PRESENT_SQL} as fuels,
            (select first_ts from daily_rollups where house_id = $1 and fuel = ${fuelCode('electricity')}
              order by day limit 1) as e,
            (select first_ts from daily_rollups where house_id = $1 and fuel = ${fuelCode('gas')}
              order by day limit 1) as g
       from houses h where h.id = $1`,
    [houseId],
  );
  const row = rows[0];
  const first: Partial<Record<Fuel, number>> = {};
  if (row?.e != null) first.electricity = Number(row.e);
  if (row?.g != null) first.gas = Number(row.g);
  return { tariffIds: row?.tariff_ids ?? '', fuels: fuelsOfCodes(row?.fuels ?? ''), first };
}

/** The fuel's stored half-hours with start in [start, end), ascending. */
export async function halfHoursIn(
  db: Queryable,
  houseId: number,
  fuel: Fuel,
  start: number,
  end: number,
): Promise<SlotEnergy[]> {
  const { rows } = await db.query<SlotEnergy>(
    `select slot_start, import_wh, export_wh, generation_wh from half_hours($1, ${fuelCode(fuel)}, $2, $3)
      order by slot_start`,
    [houseId, start, end],
  );
  return rows.map((r) => ({
    slot_start: Number(r.slot_start),
    import_wh: Number(r.import_wh),
    export_wh: Number(r.export_wh),
    generation_wh: Number(r.generation_wh),
  }));
}
