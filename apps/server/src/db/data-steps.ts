import { rebuildAllApplianceDays } from '../features/readings/appliance-days';
import { rebuildAllDays } from '../features/readings/daily';
import type { Queryable } from './types';

// Data steps: work a migration needs done in code (pricing with the domain), run in the migration's
// transaction right after its SQL. Keyed by migration name, so renumbering a migration keeps its step.

export type DataStep = (tx: Queryable) => Promise<void>;

// The days' rebuild runs after `carbon_mg` (0039), not after `daily_rollups` (0004) that created the
// tables: a step is today's code and writes today's columns (fuel, 0027; carbon_mg, 0039), and reads the
// half-hours through half_hours() (0035). The steps after `gas` and `rollup_days`, which rebuilt them
// before, now wait for those columns (on a database older than 0039 it runs in the same migrate, later);
// the one after `carbon_mg` rebuilds (a no-op where every house has its days).
const daysOnceColumns: DataStep = async (tx) => {
  const { rows } = await tx.query<{ ok: boolean }>(
    `select to_regprocedure('half_hours(integer, integer, bigint, bigint)') is not null
        and exists (select 1 from information_schema.columns
                     where table_name = 'daily_rollups' and column_name = 'carbon_mg'
                       and table_schema = current_schema()) as ok`,
  );
  if (rows[0]?.ok) await rebuildAllDays(tx);
};
export const DATA_STEPS: Readonly<Record<string, DataStep>> = {
  appliance_daily: rebuildAllApplianceDays,
  gas: daysOnceColumns,
  rollup_days: daysOnceColumns,
  carbon_mg: rebuildAllDays,
};
