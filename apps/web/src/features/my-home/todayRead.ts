import { call } from '../../shared/api';
import { nowSeconds } from '../../shared/clock';

// /my-home's read, light enough for the app's entry (no React, no query library): openingScreen.ts sends
// it before the app's code has even arrived, and queries.ts's todayQuery asks the same way under the
// same key, so the page takes the read already sent instead of asking again. It sends now as `timestamp`
// (spec §7); the key leaves it out: whichever read comes first is today's.

export const todayKey = (user_id: number) => ['energy-today', user_id] as const;

export const readToday = (user_id: number, signal?: AbortSignal) =>
  call('energyToday', { fields: { user_id, timestamp: nowSeconds() }, signal });
