import { rebuildAllApplianceDays } from '../features/readings/appliance-days';
import { rebuildAllDays } from '../features/readings/daily';
import type { Queryable } from './types';

// Data steps: work a migration needs done in code (pricing with the domain), run in the migration's
// transaction right after its SQL. Keyed by migration name, so renumbering a migration keeps its step.

export type DataStep = (tx: Queryable) => Promise<void>;

// The days' rebuild runs after `gas` (0027), not after `daily_rollups` (0004) that created the tables: a
// step is today's code and writes today's columns, so it runs once the tables have them. It reads the
// half-hours through half_hours() (0035): on a database older than that, the step after 0027 waits and
// the one after `rollup_days` (0035) rebuilds instead (a no-op where every house has its days).
const daysOnceHalfHoursRead: DataStep = async (tx) => {
  const { rows } = await tx.query<{ ok: boolean }>(
    "select to_regprocedure('half_hours(integer, integer, bigint, bigint)') is not null as ok",
  );
  if (rows[0]?.ok) await rebuildAllDays(tx);
};
export const DATA_STEPS: Readonly<Record<string, DataStep>> = {
  appliance_daily: rebuildAllApplianceDays,
  gas: daysOnceHalfHoursRead,
  rollup_days: rebuildAllDays,
};
