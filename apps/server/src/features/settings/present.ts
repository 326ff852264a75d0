import { clockToHhmm, hhmmToClock, hhmmToMinutes, type Settings } from '@homeview/contract';
import type { AllIsWellPreference } from '../../shared/all-is-well';
import { ALERT_CODE_BITS, ALERT_PUSH_BIT, type SettingsRow } from './repository';

/** '07:30' → 450 (a time the contract checked). */
export const minuteOfClock = (clock: string): number => hhmmToMinutes(clockToHhmm(clock) ?? 0);

/**
 * The phone is answered only to its owner (a carer reading a dependant's settings does not get it); the
 * all-is-well message only to a carer reading their dependant's (it is the carer's own about them). The
 * stored alert bits answer as §3's code (0–3, email and SMS) and the additive alert_push (issue 36).
 */
export function presentSettings(
  row: SettingsRow,
  own: boolean,
  allIsWell: AllIsWellPreference | null,
): Settings {
  return {
    name: row.name,
    alert_notification: (row.alert_notification & ALERT_CODE_BITS) as Settings['alert_notification'],
    alert_push: (row.alert_notification & ALERT_PUSH_BIT) !== 0,
    email_report: row.email_report as Settings['email_report'],
    ...(own ? { phone: row.phone } : {}),
    ...(allIsWell
      ? {
          all_is_well: allIsWell.channels as NonNullable<Settings['all_is_well']>,
          all_is_well_time: hhmmToClock(
            Math.floor(allIsWell.atMinute / 60) * 100 + (allIsWell.atMinute % 60),
          ),
        }
      : {}),
  };
}
