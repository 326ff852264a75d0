// The supplier accounts a home's smart-meter data can come from (issue 35), the fuels and the states of a
// connection, and what a person is told each kind is called. Free of zod, so the web imports it; the
// schemas in entities/suppliers.ts are built on these.

export const SUPPLIER_KINDS = ['octopus', 'bright'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];
export const SUPPLIER_KIND_TEXT: Record<SupplierKind, string> = {
  octopus: 'Octopus Energy',
  bright: 'Bright (Glowmarkt)',
};

/** The fuels, the one name table: a meter's, a reading's and every energy read's `fuel` (issue 35). The
 *  server stores each as a small number, mapped in one place (apps/server shared/fuel.ts). */
export const FUELS = ['electricity', 'gas'] as const;
export type Fuel = (typeof FUELS)[number];

/**
 * - `filling`: the first fill (13 months) is under way: `progress` says how far.
 * - `up_to_date`: filled; topped up several times a day.
 * - `retrying`: the supplier failed (5xx, 429, timeouts); tried again with backoff, nothing lost.
 * - `credentials_refused`: the supplier refused the key or password: connect again with new ones.
 */
export const SUPPLIER_STATES = ['filling', 'up_to_date', 'retrying', 'credentials_refused'] as const;
export type SupplierState = (typeof SUPPLIER_STATES)[number];
