import { z } from 'zod';
import { PROPERTY_TYPES } from '../codes';
import { PropertyType } from './codes';
import { formObject, id, integer, oneOf } from '../form';
import { outwardCode, POSTCODE_MESSAGE } from '../postcode';

// §3 Setup detail; §7 GET and POST /common/set_up/ (spec-decisions "Setup": flat form fields).

/** A sane ceiling for any headcount in one home. */
export const SETUP_COUNT_MAX = 20;

const count = z.number().int().nonnegative();

export const AgeGroups = z.object({
  under10: count,
  range10_17: count,
  range18_64: count,
  range65_74: count,
  over74: count,
});
export const EmploymentStatuses = z.object({
  full_time: count,
  part_time: count,
  unemployed: count,
  pensioner: count,
});
export const Travel = z.object({ commuting: count, stay_at_home: count });

export const SetupAppliance = z.object({ name: z.string(), number: count });

export const SetupDetail = z.object({
  age_groups: AgeGroups,
  employment_statuses: EmploymentStatuses,
  travel: Travel,
  /** Keyed by appliance (its appliance_type_id as a string). */
  appliances: z.record(z.string(), SetupAppliance),
  /** Null until the questionnaire has been answered. */
  property_type: PropertyType.nullable(),
  /** The postcode's outward code (SW1A), naming the home's grid region; null: none (issue 37). */
  postcode: z.string().nullable(),
});
export type SetupDetail = z.infer<typeof SetupDetail>;

export const SetupRequest = formObject({ user_id: id('user_id') });
export type SetupRequest = z.infer<typeof SetupRequest>;

const setupCount = (field: string) => integer(field, 0, SETUP_COUNT_MAX);

/**
 * The home's postcode (issue 37), optional: absent leaves the stored one alone (older clients), blank or
 * null clears it, and a full postcode or an outward code becomes the outward code, the only part kept.
 */
const postcodeField = z.preprocess((raw, ctx) => {
  if (raw === undefined || raw === null) return raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return null;
    const outward = outwardCode(raw);
    if (outward !== null) return outward;
  }
  const message = Array.isArray(raw) ? 'postcode must be a single value' : POSTCODE_MESSAGE;
  ctx.addIssue({ code: 'custom', message, input: raw });
  return z.NEVER;
}, z.string().nullable().optional());

/** The flat count fields of POST /common/set_up/, in the wizard's order. */
export const SETUP_COUNT_FIELDS = [
  'under10',
  'range10_17',
  'range18_64',
  'range65_74',
  'over74',
  'full_time',
  'part_time',
  'unemployed',
  'pensioner',
  'commuting',
  'stay_at_home',
] as const;

/**
 * POST /common/set_up/: every count and the property type (appliances go through /appliance_settings/),
 * and optionally the postcode.
 */
export const SetupWriteRequest = formObject({
  user_id: id('user_id'),
  under10: setupCount('under10'),
  range10_17: setupCount('range10_17'),
  range18_64: setupCount('range18_64'),
  range65_74: setupCount('range65_74'),
  over74: setupCount('over74'),
  full_time: setupCount('full_time'),
  part_time: setupCount('part_time'),
  unemployed: setupCount('unemployed'),
  pensioner: setupCount('pensioner'),
  commuting: setupCount('commuting'),
  stay_at_home: setupCount('stay_at_home'),
  property_type: oneOf('property_type', PROPERTY_TYPES),
  postcode: postcodeField,
});
export type SetupWriteRequest = z.infer<typeof SetupWriteRequest>;
