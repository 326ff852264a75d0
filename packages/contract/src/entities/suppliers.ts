import { z } from 'zod';
import { blankToUndefined, formObject, id, isoDate, oneOf, optionalField, requiredText, text } from '../form';
import {
  FUELS,
  SUPPLIER_KIND_TEXT,
  SUPPLIER_KINDS,
  SUPPLIER_STATES,
  type SupplierKind,
} from '../supplierKinds';
import { epoch } from './common';

// Not in the spec (additive, issue 35): a home's supplier accounts on /account/{level}/supplier. The
// supplier holds the smart meter's half-hours; a connection fetches them (13 months first, then keeps up).
// Every call names the home by its owner's user_id (one's own, or a linked dependant's), as devices do.
// Credentials go in and never come back: an answer shows only the last 4 characters of what identifies
// a meter or an account.

export {
  FUELS,
  type Fuel,
  SUPPLIER_KIND_TEXT,
  SUPPLIER_KINDS,
  SUPPLIER_STATES,
  type SupplierKind,
  type SupplierState,
} from '../supplierKinds';

export const SupplierMeter = z.object({
  /** Additive: names the meter to correct its unit (POST /api/v3/suppliers/meter/). */
  id: z.number().int().positive(),
  fuel: z.enum(FUELS),
  /** Electricity import or export (a second MPAN); gas is always import. */
  direction: z.enum(['import', 'export']),
  /** The last 4 characters of the MPAN or MPRN (Octopus) or of the resource id (Bright). */
  point_end: z.string(),
  /** The last 4 characters of the meter's serial; null where the supplier does not give it. */
  serial_end: z.string().nullable(),
  /** The unit the meter reports in: gas on SMETS2 meters reports m³, the rest kWh. */
  unit: z.enum(['kWh', 'm3']),
  /** Additive: who said the unit: the supplier's client (Octopus does not say: m³) or the home's person. */
  unit_set_by: z.enum(['supplier', 'user']),
  /** Additive: figures and answers of the supplier's refused so far (negative, not a number, not JSON). */
  rejected: z.number().int().min(0),
  /** The end of the last complete local day stored; null before any. */
  data_through: epoch.nullable(),
  /** Whether its half-hours are stored (a fuel this server does not store yet is found, not fetched). */
  stored: z.boolean(),
});
export type SupplierMeter = z.infer<typeof SupplierMeter>;

export const SupplierConnection = z.object({
  id: z.number().int().positive(),
  kind: z.enum(SUPPLIER_KINDS),
  /** The last 4 characters of the account number (Octopus) or of the email's name part (Bright). */
  account_end: z.string(),
  state: z.enum(SUPPLIER_STATES),
  /** During the first fill: the share of the 13 months fetched, 0–100; otherwise null. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** What the last fetch said went wrong, in words a person can act on; null when the last went well. */
  problem: z.string().nullable(),
  created_at: epoch,
  last_fetch_at: epoch.nullable(),
  next_fetch_at: epoch.nullable(),
  meters: z.array(SupplierMeter),
});
export type SupplierConnection = z.infer<typeof SupplierConnection>;

export const SuppliersResponse = z.object({
  /** The home's zone: dates are shown in it. */
  time_zone: z.string(),
  connections: z.array(SupplierConnection),
});
export type SuppliersResponse = z.infer<typeof SuppliersResponse>;

export const SuppliersRequest = formObject({ user_id: id('user_id') });
export type SuppliersRequest = z.infer<typeof SuppliersRequest>;

/**
 * POST: connect an account. Octopus: `api_key` and `account_number` (A-XXXXXXXX); Bright: `email` and
 * `password` of the Bright app. The server checks them with the supplier before it answers (a refusal is
 * a 400 naming what to fix) and answers the home's connections, the new one filling.
 */
/** Identifiers of a fixed shape, checked before anything is sent to a supplier. */
const shaped = (field: string, max: number, pattern: RegExp, looks: string) =>
  requiredText(field, max).pipe(z.string().regex(pattern, `${field} ${looks}`));

export const SupplierConnectRequest = formObject({
  user_id: id('user_id'),
  kind: oneOf('kind', SUPPLIER_KINDS),
  // Octopus: the key from octopus.energy/dashboard/new/accounts/personal-details/api-access.
  api_key: optionalField(
    shaped('api_key', 100, /^[A-Za-z0-9_-]{8,100}$/, 'looks like sk_live_… (letters, digits, _ and -)'),
  ),
  account_number: optionalField(
    shaped('account_number', 20, /^A-[0-9A-Z]{8}$/i, 'looks like A-1234ABCD (A-, then 8 letters or digits)'),
  ),
  email: optionalField(
    shaped('email', 254, /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u, 'must be an email address'),
  ),
  password: optionalField(text('password', 200)),
}).superRefine((body, ctx) => {
  const b = body as Record<string, unknown> & { kind: SupplierKind };
  const needed = b.kind === 'octopus' ? ['api_key', 'account_number'] : ['email', 'password'];
  for (const field of needed)
    if (b[field] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${field} is required for ${SUPPLIER_KIND_TEXT[b.kind]}`,
      });
});
export type SupplierConnectRequest = z.infer<typeof SupplierConnectRequest>;

/** POST: disconnect (the stored readings stay). Answers the home's connections. */
export const SupplierDisconnectRequest = formObject({ user_id: id('user_id'), id: id('id') });
export type SupplierDisconnectRequest = z.infer<typeof SupplierDisconnectRequest>;

/**
 * POST: a gas meter's unit corrected by the home's person (an SMETS1 meter reports kWh, an SMETS2 m³; the
 * supplier may not say). Its half-hours are fetched again from the first fill's start in the new unit.
 */
export const SupplierMeterUnitRequest = formObject({
  user_id: id('user_id'),
  id: id('id'),
  unit: oneOf('unit', ['kWh', 'm3'] as const),
});
export type SupplierMeterUnitRequest = z.infer<typeof SupplierMeterUnitRequest>;

/** The calorific value's bounds (MJ/m³): GB gas is 37.5–43; a bill's figure outside 30–50 is a typo. */
export const CALORIFIC_MIN = 30;
export const CALORIFIC_MAX = 50;
/** Used until the home gives its own ("from your bill"). */
export const CALORIFIC_DEFAULT = 39.5;

const CALORIFIC_MESSAGE = `mj_per_m3 must be the calorific value on your gas bill, in MJ/m³ from ${CALORIFIC_MIN}.0 to ${CALORIFIC_MAX}.0 with at most one decimal (such as ${CALORIFIC_DEFAULT})`;

/** A calorific value as the form sends it (a number or a decimal string), kept as its tenths. */
const calorificTenths = z.preprocess(
  (v) => {
    const s = typeof v === 'number' ? String(v) : blankToUndefined(v);
    return typeof s === 'string' && /^\d{1,3}(\.\d)?$/.test(s) ? Math.round(Number(s) * 10) : s;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? 'mj_per_m3 is required' : CALORIFIC_MESSAGE) })
    .int(CALORIFIC_MESSAGE)
    .min(CALORIFIC_MIN * 10, CALORIFIC_MESSAGE)
    .max(CALORIFIC_MAX * 10, CALORIFIC_MESSAGE),
);

export const CalorificValuesRequest = formObject({ user_id: id('user_id') });
export type CalorificValuesRequest = z.infer<typeof CalorificValuesRequest>;

/**
 * POST: the home's gas calorific value from a local date (replacing one of the same date). It re-applies
 * from that date: the home's m³ gas meters are fetched again from it and stored at the new value.
 */
export const CalorificValueSetRequest = formObject({
  user_id: id('user_id'),
  from_date: isoDate('from_date'),
  mj_per_m3: calorificTenths,
});
export type CalorificValueSetRequest = z.infer<typeof CalorificValueSetRequest>;

export const CalorificValuesResponse = z.object({
  time_zone: z.string(),
  /** The value before the first dated one, and for a home that gives none. */
  default_mj_per_m3: z.number(),
  /** Oldest first; each in force from its local date until the next. */
  values: z.array(z.object({ from_date: z.string(), mj_per_m3: z.number() })),
});
export type CalorificValuesResponse = z.infer<typeof CalorificValuesResponse>;
