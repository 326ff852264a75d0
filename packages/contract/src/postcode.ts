// A UK postcode's outward code (SW1A, RG41, M1): what the server keeps of a home's postcode (migration
// 0034), enough to name its electricity region and no address. Zod-free.

const OUTWARD = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
const FULL = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?[0-9][A-Z]{2}$/;

/** 'sw1a 1aa' → 'SW1A', 'RG41' → 'RG41'; null when the text is neither a postcode nor an outward code. */
export function outwardCode(text: string): string | null {
  const t = text.trim().toUpperCase().replace(/\s+/g, ' ');
  if (OUTWARD.test(t)) return t;
  return FULL.exec(t)?.[1] ?? null;
}

/** Why a typed postcode is refused (a 400 naming `postcode`), worded for the person typing it. */
export const POSTCODE_MESSAGE =
  'postcode must be a UK postcode such as SW1A 1AA, or its first half such as SW1A (leave it empty for Great Britain’s forecast)';
