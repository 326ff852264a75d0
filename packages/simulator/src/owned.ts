import type { ApplianceKey } from '@homeview/domain';

// Which catalogue appliances a simulated home owns by count, and which it uses in sessions.

/** Keys no HomeSpec owns by count: EV charger and heat pump come from the spec's flags, the rest are not owned. */
const NOT_OWNABLE = ['ev_charger', 'heat_pump', 'lighting', 'baseload', 'activity'] as const;
/** Keys a HomeSpec owns by count. */
export type OwnableKey = Exclude<ApplianceKey, (typeof NOT_OWNABLE)[number]>;

export function isOwnable(key: ApplianceKey): key is OwnableKey {
  return !(NOT_OWNABLE as readonly string[]).includes(key);
}

/** Appliances used in discrete sessions: everything but continuous and background loads. */
export type UseKey = Exclude<
  ApplianceKey,
  'fridge_freezer' | 'heat_pump' | 'lighting' | 'baseload' | 'activity'
>;
