import type { Settings } from '@homeview/contract';
import type { SettingsRow } from './repository';

/** The phone is answered only to its owner (a carer reading a dependant's settings does not get it). */
export function presentSettings(row: SettingsRow, own: boolean): Settings {
  return {
    name: row.name,
    alert_notification: row.alert_notification as Settings['alert_notification'],
    email_report: row.email_report as Settings['email_report'],
    ...(own ? { phone: row.phone } : {}),
  };
}
