import { messages } from './messages';

// Spec §5.1 and spec-decisions "Password messages": one message per field. An empty field shows only its
// "required" message; a non-empty new password shows the LAST rule of §5.1 that fails. Web and server both
// call these functions, so the form and the API answer with the same strings.

export const PASSWORD_MIN_LENGTH = 8;
/** Input cap (security-reliability AUTH-08). Longer input is refused, never truncated. */
export const PASSWORD_MAX_BYTES = 4096;

export type PasswordRuleId = 'special' | 'numeric' | 'length' | 'lowercase' | 'uppercase';

export interface PasswordRule {
  readonly id: PasswordRuleId;
  readonly message: string;
  readonly fails: (password: string) => boolean;
}

// Anything that is not a letter, combining mark or digit is "special": punctuation, symbols, spaces, emoji.
// Marks are excluded so a decomposed "é" (e + U+0301) does not pass as a special character.
const SPECIAL = /[^\p{L}\p{M}\p{N}]/u;
// Django's NumericPasswordValidator uses Python's str.isdigit(); \p{Nd} is its Unicode-aware equivalent.
const ENTIRELY_NUMERIC = /^\p{Nd}+$/u;
const LOWERCASE = /\p{Ll}/u;
const UPPERCASE = /\p{Lu}/u;

/** Length as Django counts it: code points, so an emoji is one character, not two UTF-16 units. */
export const passwordLength = (password: string): number => [...password].length;

export const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;

export const isPasswordTooLong = (password: string): boolean => utf8Bytes(password) > PASSWORD_MAX_BYTES;

/** The composition rules in §5.1 order. */
export const passwordRules: readonly PasswordRule[] = [
  { id: 'special', message: messages.needsSpecialCharacter, fails: (pw) => !SPECIAL.test(pw) },
  { id: 'numeric', message: messages.entirelyNumeric, fails: (pw) => ENTIRELY_NUMERIC.test(pw) },
  { id: 'length', message: messages.tooShort, fails: (pw) => passwordLength(pw) < PASSWORD_MIN_LENGTH },
  { id: 'lowercase', message: messages.needsLowercase, fails: (pw) => !LOWERCASE.test(pw) },
  { id: 'uppercase', message: messages.needsUppercase, fails: (pw) => !UPPERCASE.test(pw) },
];

// The server hashes the NFKC form (AUTH-05), so two strings equal after NFKC are the same password.
const samePassword = (a: string, b: string): boolean => a.normalize('NFKC') === b.normalize('NFKC');

/**
 * Every message that applies to a non-empty new password, in §5.1 order: the composition rules, then
 * "differs from current" when `current` is given and non-empty. An over-long password yields only the
 * cap message. The last element is what a form shows; the full list suits the reset response (code 2).
 */
export function newPasswordFailures(password: string, current?: string): string[] {
  if (isPasswordTooLong(password)) return [messages.passwordTooLong];
  const failures = passwordRules.filter((rule) => rule.fails(password)).map((rule) => rule.message);
  if (current !== undefined && current !== '' && samePassword(password, current)) {
    failures.push(messages.sameAsCurrent);
  }
  return failures;
}

export interface PasswordChangeInput {
  readonly current_password: string;
  readonly new_password: string;
  /** Undefined when the caller has no confirmation field (the §7 call carries only current and new). */
  readonly confirm_password?: string | undefined;
}

export interface PasswordResetInput {
  readonly new_password: string;
  /** Undefined when the caller has no confirmation field. */
  readonly confirm_password?: string | undefined;
}

export type PasswordChangeErrors = {
  current_password?: string;
  new_password?: string;
  confirm_password?: string;
};
export type PasswordResetErrors = Omit<PasswordChangeErrors, 'current_password'>;

const newPasswordMessage = (password: string, required: string, current?: string): string | undefined =>
  password === '' ? required : newPasswordFailures(password, current).at(-1);

const confirmMessage = (
  confirm: string | undefined,
  password: string,
  required: string,
): string | undefined => {
  if (confirm === undefined) return undefined;
  if (confirm === '') return required;
  return samePassword(confirm, password) ? undefined : messages.passwordsDoNotMatch;
};

// Only the fields that have a message appear, so "valid" is simply an empty object.
const compact = <T extends Record<string, string | undefined>>(fields: T): Partial<Record<keyof T, string>> =>
  Object.fromEntries(Object.entries(fields).filter(([, message]) => message !== undefined)) as Partial<
    Record<keyof T, string>
  >;

/** The change-password form (/account/password): at most one message per field, {} when valid. */
export function validatePasswordChange(input: PasswordChangeInput): PasswordChangeErrors {
  const { current_password, new_password, confirm_password } = input;
  return compact({
    current_password:
      current_password === ''
        ? messages.currentPasswordRequired
        : isPasswordTooLong(current_password)
          ? messages.passwordTooLong
          : undefined,
    new_password: newPasswordMessage(new_password, messages.newPasswordRequired, current_password),
    confirm_password: confirmMessage(confirm_password, new_password, messages.confirmRequired),
  });
}

/** The reset form (emailed link): at most one message per field, {} when valid. */
export function validatePasswordReset(input: PasswordResetInput): PasswordResetErrors {
  const { new_password, confirm_password } = input;
  return compact({
    new_password: newPasswordMessage(new_password, messages.resetNewPasswordRequired),
    confirm_password: confirmMessage(confirm_password, new_password, messages.resetConfirmRequired),
  });
}
