import { DEVICE_KIND_TEXT, type Device, type DeviceKind } from '@homeview/contract/web';
import { agoLabel, dayLabel, timeAndDayLabel, timeLabel, type Zone } from '../../../shared/time';

// What the Devices screen says about a device, in words (the server says which state; see
// apps/server/src/devices/state.ts), its times in the home's zone.

export const kindLabel = (kind: DeviceKind): string => DEVICE_KIND_TEXT[kind].label;

/** The topic a device of `kind` with `id` publishes to ('<id>' filled in when an id is typed). */
export const topicFor = (kind: DeviceKind, id: string): string =>
  DEVICE_KIND_TEXT[kind].topic.replaceAll('<id>', id.trim() === '' ? '<id>' : id.trim());

/**
 * The proof a device already sending needs (issue 34 item 3): where its owner reads the total it shows, or
 * how long to switch it off; someone who only knows its id can do neither.
 */
export function proofHint(kind: DeviceKind): string {
  const { readingHint, offMinutes } = DEVICE_KIND_TEXT[kind];
  const off = offMinutes % 60 === 0 ? `${offMinutes / 60} h` : `${offMinutes} min`;
  return `Only if it is already sending: ${readingHint}, to show it is yours. Or leave this empty, switch it off for ${off}, add it while it is off, then switch it back on.`;
}

export const measuresLabel = (d: Pick<Device, 'appliance'>): string =>
  d.appliance === null ? 'The whole house' : d.appliance.name;

/** '2 min ago (09:00 15-01-26)', or 'Never' before its first message (shown as its last accepted one). */
export function lastMessageLabel(d: Pick<Device, 'last_message_at'>, now: number, zone: Zone): string {
  if (d.last_message_at === null) return 'Never';
  return `${agoLabel(d.last_message_at, now)} (${timeAndDayLabel(d.last_message_at, zone)})`;
}

/**
 * Its refused messages (issue 33 item 7), beside the last accepted one: '3 refused since it was added, the
 * last today at 14:38: <reason>', 'None refused today; …' when the last came before today (the count is
 * since it was added: the server keeps no count per day), or null when none ever was.
 */
export function refusedLabel(
  d: Pick<Device, 'rejects' | 'last_reject_reason' | 'last_reject_at'>,
  now: number,
  zone: Zone,
): string | null {
  if (d.rejects === 0) return null;
  const reason = d.last_reject_reason ?? 'no reason given';
  const at = d.last_reject_at ?? null;
  const count = `${d.rejects} refused since it was added`;
  if (at === null) return `${count}, the last: ${reason}`;
  if (dayLabel(at, zone) === dayLabel(now, zone))
    return `${count}, the last today at ${timeLabel(at, zone)}: ${reason}`;
  return `None refused today; ${d.rejects} before, the last at ${timeAndDayLabel(at, zone)}: ${reason}`;
}

/** A whole-house device: the home's readings today (from every source: readings say not which device sent them),
 * so one never heard from says they came from elsewhere rather than sit "Never" beside hundreds of readings. */
export function todayLabel(d: Pick<Device, 'appliance' | 'readings_today' | 'last_message_at'>): string {
  const n = d.readings_today;
  if (d.appliance !== null) return `${n} ${d.appliance.name.toLowerCase()} use${n === 1 ? '' : 's'} today`;
  const readings = `${n} reading${n === 1 ? '' : 's'} of the home stored today`;
  if (d.last_message_at !== null) return readings;
  return n === 0 ? 'None yet' : `None from it yet; ${readings} from elsewhere`;
}

export type Tone = 'good' | 'warn' | 'bad' | 'quiet';

/** The state as a short word (for the badge) and a sentence. */
export function stateWords(
  d: Pick<Device, 'state' | 'state_since'>,
  zone: Zone,
): { word: string; sentence: string; tone: Tone } {
  const since = d.state_since === null ? '' : timeAndDayLabel(d.state_since, zone);
  switch (d.state) {
    case 'waiting':
      return {
        word: 'Waiting',
        sentence: 'No message yet. Check that the device publishes to the topic shown.',
        tone: 'quiet',
      };
    case 'receiving':
      return { word: 'Receiving', sentence: 'Its messages are arriving and being stored.', tone: 'good' };
    case 'silent':
      return {
        word: 'Silent',
        sentence: `Silent since ${since}: no message for longer than it usually waits. Is it plugged in and on the Wi-Fi?`,
        tone: 'warn',
      };
    case 'offline':
      return {
        word: 'Offline',
        sentence: `Offline since ${since}: it told the broker it went offline (its last will).`,
        tone: 'bad',
      };
    case 'rejecting':
      return {
        word: 'Rejecting',
        sentence: `Its messages are being refused since ${since}: see Refused above for why.`,
        tone: 'bad',
      };
  }
}
