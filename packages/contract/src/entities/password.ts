import { z } from 'zod';
import { PasswordResponseCode } from './codes';
import { blankToUndefined, fieldMessage, formObject, optionalEpochSeconds } from '../form';
import { messages } from '../messages';
import { isPasswordTooLong } from '../password';

// §3 Password response; §7 /accounts/reset_password/ and /accounts/change_password/ (which serves both the
// change form, with current_password, and the emailed-link reset, with token). These schemas check
// presence and size only: the §5.1 rules are answered in the password response (code 2), not as a 400.

export const PasswordResponse = z.object({
  detail: z.object({
    code: PasswordResponseCode,
    /** Code 2: the messages to show; otherwise empty or a single note. */
    message: z.array(z.string()),
    /** The account's username: the web logs in with it after a successful reset. Empty when unknown. */
    username: z.string(),
  }),
});
export type PasswordResponse = z.infer<typeof PasswordResponse>;

export const EMAIL_MAX = 254;

/** POST /accounts/reset_password/ (the forgot-password form). */
export const ResetPasswordRequest = formObject({
  email: z.preprocess(
    blankToUndefined,
    z
      .email({ error: fieldMessage('email', 'an email address') })
      .max(EMAIL_MAX, `email must be at most ${EMAIL_MAX} characters`),
  ),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** A password exactly as typed (never trimmed), refused above the byte cap. */
const password = (field: string, required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : fieldMessage(field, 'text')(issue)) })
    .min(1, required)
    .refine((pw) => !isPasswordTooLong(pw), messages.passwordTooLong);

/** An optional confirmation, kept as sent: '' is an empty confirmation, not a missing one. */
const confirmation = z
  .string({ error: fieldMessage('confirm_password', 'text') })
  .refine((pw) => !isPasswordTooLong(pw), messages.passwordTooLong)
  .optional();

/** The change form: the current and the new password. */
export const ChangePasswordRequest = formObject({
  current_password: password('current_password', messages.currentPasswordRequired),
  new_password: password('new_password', messages.newPasswordRequired),
  confirm_password: confirmation,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const RESET_TOKEN_MAX = 512;

/** The emailed link: token and exp_date come from its query, the new password from the form. */
export const PasswordResetConfirmRequest = formObject({
  new_password: password('new_password', messages.resetNewPasswordRequired),
  confirm_password: confirmation,
  token: z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldMessage('token', 'the token from the emailed link') })
      .max(RESET_TOKEN_MAX, 'token is not a valid reset token'),
  ),
  exp_date: optionalEpochSeconds('exp_date'),
});
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

const carriesToken = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'token' in body && body.token !== undefined;

/**
 * POST /accounts/change_password/: a body with `token` is a reset, otherwise a change. Choosing the branch
 * first keeps the error messages those of the branch (a plain union would only say "invalid input").
 * Narrow the result with `'token' in body`.
 */
export const PasswordChangeOrResetRequest = z.unknown().transform((body, ctx) => {
  const result = carriesToken(body)
    ? PasswordResetConfirmRequest.safeParse(body)
    : ChangePasswordRequest.safeParse(body);
  if (result.success) return result.data as ChangePasswordRequest | PasswordResetConfirmRequest;
  for (const issue of result.error.issues) {
    // Re-raised as custom issues; an unknown field keeps its name in the path so the 400 can name it.
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path;
    ctx.addIssue({ code: 'custom', message: issue.message, path, input: body });
  }
  return z.NEVER;
});
export type PasswordChangeOrResetRequest = z.infer<typeof PasswordChangeOrResetRequest>;
