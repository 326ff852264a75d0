import { dayOf } from '@homeview/domain';
import type { Db, Queryable } from '../../db/types';
import { DEFAULT_CALORIFIC_TENTHS } from './kwh';

// A home's gas calorific value (issue 35), dated: the value on the bill (MJ/m³, one decimal, 30.0–50.0)
// from a local date until the next one; before the first, and for a home that gives none, 39.5. Only an
// m³ meter's figures depend on it (kwh.ts): kWh = m³ × 1.02264 × CV ÷ 3.6.
//
// A value set or changed re-applies from its date (a decision, issue 35): every m³ gas meter of the
// home's supplier connections is read again from that local day (never before its first fill's start)
// and its half-hours written again at the new value, so the stored gas matches the bill from that date
// on. Half-hours older than what the supplier still keeps (about a year) stay as they were stored.

export interface CalorificValue {
  /** Local date YYYY-MM-DD in the home's zone: in force from its start. */
  from_date: string;
  /** Tenths of a MJ/m³ (395 is 39.5). */
  tenths: number;
}

export async function calorificValuesOf(db: Queryable, houseId: number): Promise<CalorificValue[]> {
  const { rows } = await db.query<CalorificValue>(
    `select to_char(from_date, 'YYYY-MM-DD') as from_date, tenths from gas_calorific_values
      where house_id = $1 order by from_date`,
    [houseId],
  );
  return rows;
}

/** The calorific value (tenths) of the local day of each instant, from the home's dated values. */
export function calorificAt(values: readonly CalorificValue[], zone: string): (ts: number) => number {
  if (values.length === 0) return () => DEFAULT_CALORIFIC_TENTHS;
  const starts = values.map((v) => ({ start: dayOf(v.from_date, zone).start, tenths: v.tenths }));
  return (ts) => {
    let tenths = DEFAULT_CALORIFIC_TENTHS;
    for (const v of starts) if (v.start <= ts) tenths = v.tenths;
    return tenths;
  };
}

/**
 * Sets the value in force from `fromDate` (replacing one of the same date) and re-reads the home's m³
 * gas meters from that day: their resume points go back to it and their connections are due now.
 */
export async function setCalorificValue(
  db: Db,
  house: { id: number; time_zone: string },
  fromDate: string,
  tenths: number,
  now: number,
): Promise<void> {
  const from = dayOf(fromDate, house.time_zone).start;
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into gas_calorific_values (house_id, from_date, tenths, set_at) values ($1, $2::date, $3, $4)
       on conflict (house_id, from_date) do update set tenths = excluded.tenths, set_at = excluded.set_at`,
      [house.id, fromDate, tenths, now],
    );
    const { rows } = await tx.query<{ id: number }>(
      `update supplier_meters m set resume_at = greatest(c.fill_from, least(m.resume_at, $2))
         from supplier_connections c
        where c.id = m.connection_id and c.house_id = $1 and m.fuel = 'gas' and m.unit = 'm3'
          and m.resume_at > greatest(c.fill_from, $2::bigint)
        returning c.id`,
      [house.id, from],
    );
    if (rows.length > 0)
      await tx.query(
        `update supplier_connections set next_fetch_at = least(coalesce(next_fetch_at, $2), $2)
          where id = any($1::int[]) and state <> 'credentials_refused'`,
        [[...new Set(rows.map((r) => r.id))], now],
      );
  });
}
