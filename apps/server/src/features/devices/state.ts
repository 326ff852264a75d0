import { type DeviceKind, SILENT_AFTER_S } from './kinds';

/**
 * What a device is doing, as its owner sees it: never heard from; offline by its last will; rejecting
 * messages (the last thing it sent was refused, with the reason); silent since its last message (longer
 * than a few of its usual gaps); or receiving. Pure: the row's facts and now (epoch s) in.
 */
export type DeviceState =
  | { state: 'waiting' }
  | { state: 'offline'; since: number }
  | { state: 'rejecting'; reason: string; since: number }
  | { state: 'silent'; since: number }
  | { state: 'receiving'; since: number };

export interface DeviceFacts {
  kind: DeviceKind;
  last_message_at: number | null;
  online: boolean | null;
  last_reject_at: number | null;
  last_reject_reason: string | null;
}

export function deviceState(d: DeviceFacts, now: number): DeviceState {
  const last = d.last_message_at;
  if (d.last_reject_at !== null && (last === null || d.last_reject_at > last))
    return { state: 'rejecting', reason: d.last_reject_reason ?? '', since: d.last_reject_at };
  if (last === null) return { state: 'waiting' };
  if (d.online === false) return { state: 'offline', since: last };
  if (now - last > SILENT_AFTER_S[d.kind]) return { state: 'silent', since: last };
  return { state: 'receiving', since: last };
}

export function describeState(s: DeviceState): string {
  const at = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');
  switch (s.state) {
    case 'waiting':
      return 'no message yet';
    case 'offline':
      return `offline (its last will) since ${at(s.since)}`;
    case 'rejecting':
      return `rejecting messages since ${at(s.since)}: ${s.reason}`;
    case 'silent':
      return `silent since ${at(s.since)}`;
    case 'receiving':
      return `receiving, last message ${at(s.since)}`;
  }
}
