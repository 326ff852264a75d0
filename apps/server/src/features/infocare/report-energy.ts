import {
  addDays,
  formatKwh,
  formatPounds,
  nanoToPennies,
  periodCost,
  startOfLocalDate,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { type Fuel, fuelCode } from '../../shared/fuel';
import { TARIFF_KEY_SQL, tariffsFor } from '../../shared/tariff-book';
import { CURRENCY_UNIT } from '../../shared/units';

// The email report's energy summary (issue 35): a home's energy and cost of the period against the period
// before. A home without gas gets the one line it always had; a home with gas gets each fuel's kWh and
// cost (its own standing charge included) and their total, in the words of My Home's balance card
// ("Electricity £x + gas £y = total cost £z", "includes the standing charges of both fuels for each day:
// electricity £a, gas £b"), with money added in whole pennies so the total is the sum of the figures
// beside it. The kWh of the two fuels are never added into one figure.

/** [from, to) local dates of the period, and the start of the period before (which ends at `from`). */
export interface ReportDates {
  from: string;
  to: string;
  prevFrom: string;
}

interface FuelEnergy {
  /** Whether the house has any reading of this fuel (a daily rollup), in any period. */
  present: boolean;
  wh: number;
  /** n£: the fuel's import cost alone, and `periodCost` (import cost plus each day's standing charge). */
  importCost: number;
  cost: number;
}

/**
 * A house's energy and cost of one fuel over local dates [from, to): the cost is `periodCost` with the
 * fuel's own tariff book, the screens' figure for the same days (import cost plus every day's standing
 * charge from the fuel's first reading on).
 */
async function energyOf(
  db: Queryable,
  houseId: number,
  from: string,
  to: string,
  now: number,
  fuel: Fuel,
): Promise<FuelEnergy> {
  const code = fuelCode(fuel);
  const { rows } = await db.query<{
    zone: string;
    tariff_ids: string;
    first: number | null;
    wh: number;
    import_cost: number;
  }>(
    `select h.time_zone as zone, ${TARIFF_KEY_SQL} as tariff_ids,
            (select first_ts from daily_rollups where house_id = h.id and fuel = ${code} order by day limit 1)
              as first,
            coalesce(sum(d.consumed_wh), 0)::bigint as wh, coalesce(sum(d.import_cost), 0)::bigint as import_cost
       from houses h left join daily_rollups d on d.house_id = h.id and d.fuel = ${code} and d.day >= $2::date
                                                and d.day < $3::date
      where h.id = $1 group by h.id`,
    [houseId, from, to],
  );
  const row = rows[0];
  // A house with no data of the fuel yet is charged nothing for it, as on the screens.
  if (row === undefined || row.first === null) return { present: false, wh: 0, importCost: 0, cost: 0 };
  const { book } = await tariffsFor(db, houseId, row.zone, row.tariff_ids, fuel);
  const period = {
    unit: 'day' as const,
    start: startOfLocalDate(from, row.zone),
    end: startOfLocalDate(to, row.zone),
  };
  const importCost = Number(row.import_cost);
  return {
    present: true,
    wh: Number(row.wh),
    importCost,
    cost: periodCost(importCost, period, book, { chargeFrom: row.first, now }),
  };
}

const NANO_PER_PENNY = 10_000_000;
const money = (nano: number) => `${CURRENCY_UNIT}${formatPounds(nano)}`;

/** " (up from £x)" against the period before, or nothing when that cost nothing. */
const versus = (cur: number, prev: number) =>
  prev === 0 ? '' : ` (${cur >= prev ? 'up' : 'down'} from ${money(prev)})`;

/** n£ rounded to whole pennies and back: what a figure shows, so shown figures add up. */
const shown = (nano: number) => nanoToPennies(nano) * NANO_PER_PENNY;

/**
 * The standing charge a fuel's shown cost includes, as My Home says it (energy/present.ts costParts): the
 * shown cost less the shown import cost, so the two parts add up to the cost beside them.
 */
const standingOf = (e: FuelEnergy) => shown(e.cost) - shown(e.importCost);

/** The report's energy lines for a house over `dates`, each against the period before. */
export async function energySummary(
  db: Queryable,
  houseId: number,
  dates: ReportDates,
  now: number,
): Promise<string[]> {
  const range = `${dates.from} to ${addDays(dates.to, -1)}`;
  const cur = await energyOf(db, houseId, dates.from, dates.to, now, 'electricity');
  const prev = await energyOf(db, houseId, dates.prevFrom, dates.from, now, 'electricity');
  const gas = await energyOf(db, houseId, dates.from, dates.to, now, 'gas');
  if (!gas.present)
    return [`Energy ${range}: ${formatKwh(cur.wh)} kWh, ${money(cur.cost)}${versus(cur.cost, prev.cost)}.`];

  const prevGas = await energyOf(db, houseId, dates.prevFrom, dates.from, now, 'gas');
  const total = shown(cur.cost) + shown(gas.cost);
  const prevTotal = shown(prev.cost) + shown(prevGas.cost);
  const lines = [
    `Energy ${range}: electricity ${formatKwh(cur.wh)} kWh, ${money(cur.cost)}${versus(cur.cost, prev.cost)}; ` +
      `gas ${formatKwh(gas.wh)} kWh, ${money(gas.cost)}${versus(gas.cost, prevGas.cost)}.`,
    `Electricity ${money(cur.cost)} + gas ${money(gas.cost)} = total cost ${money(total)}${versus(total, prevTotal)}.`,
  ];
  const standing = { electricity: standingOf(cur), gas: standingOf(gas) };
  if (standing.electricity + standing.gas > 0)
    lines.push(
      'Total cost includes the standing charges of both fuels for each day: ' +
        `electricity ${money(standing.electricity)}, gas ${money(standing.gas)}.`,
    );
  return lines;
}
