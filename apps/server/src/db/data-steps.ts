import { rebuildAllApplianceDays } from '../features/readings/appliance-days';
import { rebuildAllDays } from '../features/readings/daily';
import type { Queryable } from './types';

// Data steps: work a migration needs done in code (pricing with the domain), run in the migration's
// transaction right after its SQL. Keyed by migration name, so renumbering a migration keeps its step.

export type DataStep = (tx: Queryable) => Promise<void>;

export const DATA_STEPS: Readonly<Record<string, DataStep>> = {
  daily_rollups: rebuildAllDays,
  appliance_daily: rebuildAllApplianceDays,
};
