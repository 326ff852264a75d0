import { localTimeOfDay } from '@homeview/domain';

// What each kind of notification says (notify.ts sends them): the alert, the same Urgent alert again,
// "X is on it", "resolved", and the check-in text to the dependant. Pure: the row carries every fact.

/** A user's display name in SQL: their settings name, else their username (alias of users, settings `<a>s`). */
export const DISPLAY_NAME = (a: string) => `coalesce(nullif(${a}s.name, ''), ${a}.username)`;

export type NotificationKind = 'alert' | 'again' | 'taken' | 'resolved' | 'checkin';

export interface NotificationFacts {
  kind: NotificationKind;
  level: string;
  name: string;
  text: string;
  house_name: string;
  time_zone: string;
  /** Display names of who took and who resolved the alert (resolved by the dependant's own reply: theirs). */
  taken_name: string | null;
  taken_at: number | null;
  resolved_name: string | null;
  resolved_note: string | null;
  /** The check-in text to the dependant, if one was sent: their name, the reply, until when it counted. */
  check_in_name: string | null;
  check_in_reply: string | null;
  check_in_deadline: number | null;
  check_in_outcome: string | null;
  check_in_replied_at: number | null;
}

export interface NotificationText {
  subject: string;
  text: string;
  sms: string;
}

export const checkInText = (name: string) =>
  `Hello ${name}, this is a check from your family's InfoCare. Please reply OK if all is well`;

/** What the dependant said (or did not) to the check-in text, once it no longer holds the carers back. */
function checkInLine(f: NotificationFacts, now: number): string | null {
  if (f.check_in_name === null) return null;
  if (f.check_in_outcome === 'other')
    return `${f.check_in_name} replied to the check-in text: "${f.check_in_reply}"`;
  // Two check-ins waited on one phone (two dependants share it): the reply went to the newer one.
  if (f.check_in_outcome === 'shared') {
    const at =
      f.check_in_replied_at === null ? '' : ` at ${localTimeOfDay(f.check_in_replied_at, f.time_zone)}`;
    return `${f.check_in_name}'s phone replied "${f.check_in_reply}"${at}, but a newer check-in was waiting on the same number and the reply was counted for it: this alert is still open.`;
  }
  if (f.check_in_outcome === 'waiting' && f.check_in_deadline !== null && now >= f.check_in_deadline)
    return `${f.check_in_name} did not reply to the check-in text.`;
  return null;
}

export function notificationText(f: NotificationFacts, now: number): NotificationText {
  const label = f.level === 'Warning' ? 'Investigate' : f.level;
  const where = `${f.name} (${f.house_name})`;
  switch (f.kind) {
    case 'checkin': {
      const sms = checkInText(f.check_in_name ?? 'there');
      return { subject: 'InfoCare check-in', text: sms, sms };
    }
    case 'taken': {
      const at = f.taken_at === null ? '' : ` since ${localTimeOfDay(f.taken_at, f.time_zone)}`;
      const who = f.taken_name ?? 'Another carer';
      return {
        subject: `InfoCare: ${who} is on it: ${where}`,
        text: `${who} is on the alert "${f.name}"${at}. You will get no more reminders for it.`,
        sms: `InfoCare: ${who} is on it${at}: ${where}.`,
      };
    }
    case 'resolved': {
      if (f.check_in_outcome === 'ok' && f.resolved_note !== null) {
        return {
          subject: `InfoCare: ${f.resolved_note} (${f.house_name})`,
          text: `${f.resolved_note}. The alert "${f.name}" is resolved; nobody needs to call.`,
          sms: `InfoCare: ${f.resolved_note}. ${where} is resolved.`,
        };
      }
      const who = f.resolved_name ?? 'Another carer';
      const note = f.resolved_note === null ? '.' : `: "${f.resolved_note}"`;
      return {
        subject: `InfoCare resolved: ${where}`,
        text: `${who} resolved the alert "${f.name}"${note}`,
        sms: `InfoCare: ${who} resolved ${where}${note}`,
      };
    }
    case 'again':
      return {
        subject: `InfoCare ${label}, nobody is on it yet: ${where}`,
        text: `Nobody has said they are on this alert yet.\n\n${f.text}\n\nOpen InfoCare and press "I'm on it" so the other carers know.`,
        sms: `InfoCare: ${label}, nobody is on it yet: ${f.name}. ${f.text}`,
      };
    default: {
      const reply = checkInLine(f, now);
      return {
        subject: `InfoCare ${label}: ${where}`,
        text: `${f.text}${reply ? `\n\n${reply}` : ''}\n\nOpen InfoCare to see the alert and tell us whether it was right.`,
        sms: `InfoCare: ${f.name}. ${f.text}${reply ? ` ${reply}` : ''}`,
      };
    }
  }
}
