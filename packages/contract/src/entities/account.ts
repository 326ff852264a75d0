import { z } from 'zod';
import { booleanField, id, text } from '../form';

// §7 POST /accounts/login/
export const LoginRequest = z.strictObject({
  username: text('Username', 150).min(1, 'Username is required'),
  password: text('Password', 4096).min(1, 'Password is required'),
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

export const PopupRead = z.strictObject({ popup_id: id('popup_id'), show_again: booleanField('show_again') });
/** `popups_read` is a JSON string form field (spec-decisions: Popups). */
export const PopupsReadRequest = z.strictObject({
  popups_read: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(PopupRead, { error: 'popups_read must be a JSON list of {popup_id, show_again}' }).max(100),
  ),
});
export type PopupsReadRequest = z.infer<typeof PopupsReadRequest>;

/** The generic error body of every non-2xx answer. */
export const ErrorBody = z.object({ error: z.string(), field: z.string().optional(), requestId: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;
