import { z } from 'zod';
import { formObject, id, oneOf, optionalField, requiredText, text } from '../form';
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
  fuel: z.enum(FUELS),
  /** Electricity import or export (a second MPAN); gas is always import. */
  direction: z.enum(['import', 'export']),
  /** The last 4 characters of the MPAN or MPRN (Octopus) or of the resource id (Bright). */
  point_end: z.string(),
  /** The last 4 characters of the meter's serial; null where the supplier does not give it. */
  serial_end: z.string().nullable(),
  /** The unit the meter reports in: gas on SMETS2 meters reports m³, the rest kWh. */
  unit: z.enum(['kWh', 'm3']),
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
