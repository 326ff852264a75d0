import { outwardCode } from '@homeview/contract/web';
import { TextField } from '../../../shared/ui/TextField';

// The home's postcode area (issue 37): only its outward code is kept, the region of My Home's grid
// forecast. The browser sends the outward code alone, so the full postcode never leaves the page.

/** What a person is told when the text is not a postcode: what to type instead. */
export const POSTCODE_HINT_BAD = 'Type a UK postcode such as SW1A 1AA, or just its first half (SW1A).';

/** The outward code to send: null to clear (empty), undefined when the text is not a postcode. */
export function postcodeToSend(text: string): string | null | undefined {
  if (text.trim() === '') return null;
  return outwardCode(text) ?? undefined;
}

export function PostcodeField(props: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const kept = postcodeToSend(props.value);
  const hint =
    typeof kept === 'string'
      ? `Only the first half (${kept}) is kept: it names the region of the grid's carbon forecast.`
      : "Optional. Only the first half (such as SW1A) is kept: it names the region of the grid's carbon forecast. Empty: Great Britain's.";
  return (
    <TextField
      label="Postcode area"
      autoComplete="postal-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={16}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      hint={hint}
      error={props.error}
    />
  );
}
