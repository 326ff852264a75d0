// A carer's mobile number for SMS alerts (users.phone, E.164). Free of zod: the alerts screen checks with
// the same function the server's schema uses.

export const PHONE_MESSAGE = 'Enter a mobile number like 07700 900123 or +44 7700 900123';
export const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * What a person typed → E.164, null when blank (no number: no texts), undefined when it is not a phone
 * number. Spaces, dashes, dots and brackets are ignored; 00 becomes +, and a UK national number (0…)
 * becomes +44….
 */
export function normalisePhone(text: string): string | null | undefined {
  const compact = text.replace(/[\s\-.()]/g, '');
  if (compact === '') return null;
  const international = compact.startsWith('00')
    ? `+${compact.slice(2)}`
    : /^0\d/.test(compact)
      ? `+44${compact.slice(1)}`
      : compact;
  return E164.test(international) ? international : undefined;
}
