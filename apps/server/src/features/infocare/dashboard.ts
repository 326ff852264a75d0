import type { Queryable } from '../../db/types';
import { unviewedCount } from './alerts-repository';

// What InfoCare adds to the dashboard (features/dashboard): a dependant's card counts the alerts no
// carer has opened yet.

/** Alerts of a house raised by `now` that no carer has opened (num_alerts). */
export function unviewedAlerts(db: Queryable, houseId: number, now: number): Promise<number> {
  return unviewedCount(db, houseId, now);
}
