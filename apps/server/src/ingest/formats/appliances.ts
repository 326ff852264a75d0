/**
 * Appliance types the ingest knows, how sensor-file column names map to them, and the default rules the
 * event detector uses for each. The names are snake_case, as they cross the wire.
 */
export const APPLIANCE_TYPES = [
  'kettle',
  'microwave',
  'washing_machine',
  'dishwasher',
  'electric_shower',
  'tumble_dryer',
  'washer_dryer',
  'fridge',
  'freezer',
  'fridge_freezer',
  'oven',
  'hob',
  'cooker',
  'toaster',
  'immersion_heater',
  'ev_charger',
  'heat_pump',
  'television',
  'computer',
] as const;
export type ApplianceType = (typeof APPLIANCE_TYPES)[number];

/**
 * When an appliance counts as "on" and how samples become events (see detect-events.ts):
 * - on_w: a sample at or above this many watts is "on" (1-minute means, so a 3 kW kettle on for 20 s of
 *   a minute still reads 1 kW);
 * - max_gap_s: off-gaps up to this long inside a run are bridged (a washing machine's soak pauses, a
 *   dishwasher's drying phase), counted from the end of one on-sample to the start of the next;
 * - min_on_s: events shorter than this, first on-sample start to last on-sample end, are dropped (a
 *   fridge's door light, a standby blip).
 */
export interface EventRule {
  on_w: number;
  min_on_s: number;
  max_gap_s: number;
}

export const DEFAULT_RULES: Readonly<Record<ApplianceType, EventRule>> = {
  kettle: { on_w: 500, min_on_s: 60, max_gap_s: 60 },
  microwave: { on_w: 300, min_on_s: 60, max_gap_s: 120 },
  washing_machine: { on_w: 20, min_on_s: 900, max_gap_s: 900 },
  dishwasher: { on_w: 20, min_on_s: 900, max_gap_s: 1800 },
  electric_shower: { on_w: 3000, min_on_s: 120, max_gap_s: 120 },
  tumble_dryer: { on_w: 200, min_on_s: 600, max_gap_s: 600 },
  washer_dryer: { on_w: 20, min_on_s: 900, max_gap_s: 900 },
  fridge: { on_w: 20, min_on_s: 120, max_gap_s: 0 },
  freezer: { on_w: 20, min_on_s: 120, max_gap_s: 0 },
  fridge_freezer: { on_w: 20, min_on_s: 120, max_gap_s: 0 },
  oven: { on_w: 500, min_on_s: 300, max_gap_s: 600 },
  hob: { on_w: 500, min_on_s: 120, max_gap_s: 300 },
  cooker: { on_w: 500, min_on_s: 300, max_gap_s: 600 },
  toaster: { on_w: 500, min_on_s: 60, max_gap_s: 60 },
  immersion_heater: { on_w: 1000, min_on_s: 300, max_gap_s: 300 },
  ev_charger: { on_w: 1000, min_on_s: 600, max_gap_s: 600 },
  heat_pump: { on_w: 300, min_on_s: 600, max_gap_s: 300 },
  television: { on_w: 30, min_on_s: 300, max_gap_s: 120 },
  computer: { on_w: 30, min_on_s: 300, max_gap_s: 300 },
};

/** A column that is not an appliance but the whole house (the meter or CT clamp). */
export const AGGREGATE = 'aggregate';

// Keys are squashed names (see squashName). REFIT/UK-DALE/IDEAL spellings included.
const ALIASES: Readonly<Record<string, ApplianceType | typeof AGGREGATE>> = {
  aggregate: AGGREGATE,
  mains: AGGREGATE,
  wholehouse: AGGREGATE,
  house: AGGREGATE,
  total: AGGREGATE,
  import: AGGREGATE,
  shower: 'electric_shower',
  electricshower: 'electric_shower',
  washingmachine: 'washing_machine',
  washer: 'washing_machine',
  dishwasher: 'dishwasher',
  tumbledryer: 'tumble_dryer',
  dryer: 'tumble_dryer',
  washerdryer: 'washer_dryer',
  fridgefreezer: 'fridge_freezer',
  immersion: 'immersion_heater',
  evcharger: 'ev_charger',
  tv: 'television',
  laptop: 'computer',
  laptopcomputer: 'computer',
  desktopcomputer: 'computer',
};

/** Lower-case, a trailing watts unit removed (`kettle_W`, `Kettle (W)`), then letters and digits only. */
export function squashName(column: string): string {
  return column
    .trim()
    .toLowerCase()
    .replace(/(?:[\s_-]*\((?:w|watts)\)|[\s_-]+(?:w|watts))$/, '')
    .replace(/[^a-z0-9]/g, '');
}

/** The appliance type (or AGGREGATE) a column name means, or null if unknown. */
export function applianceOfColumn(column: string): ApplianceType | typeof AGGREGATE | null {
  const key = squashName(column);
  const known = ALIASES[key] ?? APPLIANCE_TYPES.find((t) => t.replace(/_/g, '') === key);
  return known ?? null;
}
