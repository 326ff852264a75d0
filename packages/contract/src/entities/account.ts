import { z } from 'zod';
import { booleanField, formObject, id, jsonField, text } from '../form';
import { messages } from '../messages';
import { isPasswordTooLong } from '../password';

// §7 POST /accounts/login/. The username is not checked against the username rules here: a malformed one
// simply fails to log in, with the same answer as any wrong username (no enumeration).
export const LoginRequest = formObject({
  username: text('Username', 150).min(1, messages.usernameRequired),
  password: text('Password', 4096)
    .min(1, messages.passwordRequired)
    .refine((pw) => !isPasswordTooLong(pw), messages.passwordTooLong),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

// §3 Dashboard item. messages[0] carries today's balance once the energy engine has a figure.
export const DashboardMessage = z.object({ currency_unit: z.string(), value: z.number() });
export const DashboardItem = z.object({
  dashboard_type: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  user_id: z.number().int(),
  dependant_user_id: z.number().int().nullable(),
  num_alerts: z.number().int().nonnegative(),
  sp_id: z.number().int().nullable(),
  user_house_id: z.number().int().nullable(),
  icon: z.string().nullable(),
  messages: z.array(DashboardMessage),
  demo_user: z.boolean(),
});
export type DashboardItem = z.infer<typeof DashboardItem>;

export const DashboardResponse = z.array(DashboardItem);
export type DashboardResponse = z.infer<typeof DashboardResponse>;

// §3 Login response.
export const LoginResponse = z.object({
  already_set_up: z.boolean(),
  csrftoken: z.string(),
  dashboard: DashboardResponse,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

// §3 Popup; §7 GET and POST /common/popup/.
export const Popup = z.object({ popup_id: z.number().int(), title: z.string(), message: z.string() });
export type Popup = z.infer<typeof Popup>;
export const PopupsResponse = z.array(Popup);
export type PopupsResponse = z.infer<typeof PopupsResponse>;

export const PopupRead = formObject({ popup_id: id('popup_id'), show_again: booleanField('show_again') });
export type PopupRead = z.infer<typeof PopupRead>;
/** `popups_read` is a JSON string form field (spec-decisions: Popups). */
export const PopupsReadRequest = formObject({
  popups_read: jsonField(
    'popups_read',
    z
      .array(PopupRead, { error: 'popups_read must be a JSON list of {popup_id, show_again}' })
      .min(1, 'popups_read must list at least one popup')
      .max(100, 'popups_read must list at most 100 popups'),
    'a list of {popup_id, show_again}',
  ),
});
export type PopupsReadRequest = z.infer<typeof PopupsReadRequest>;

/** The generic error body of every non-2xx answer. */
export const ErrorBody = z.object({
  error: z.string(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
