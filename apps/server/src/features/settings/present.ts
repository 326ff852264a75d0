import type { Settings } from '@homeview/contract';
import type { SettingsRow } from './repository';

export function presentSettings(row: SettingsRow): Settings {
  return {
    name: row.name,
    alert_notification: row.alert_notification as Settings['alert_notification'],
    email_report: row.email_report as Settings['email_report'],
  };
}
