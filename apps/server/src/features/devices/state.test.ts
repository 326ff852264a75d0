import { describe, expect, it } from 'vitest';
import { type DeviceFacts, describeState, deviceState } from './state';

const NOW = Date.UTC(2026, 2, 29, 12, 0, 0) / 1000;
const facts = (over: Partial<DeviceFacts>): DeviceFacts => ({
  kind: 'glow',
  last_message_at: null,
  online: null,
  last_reject_at: null,
  last_reject_reason: null,
  ...over,
});

describe('deviceState', () => {
  it('tells waiting, receiving, silent, offline and rejecting apart', () => {
    expect(deviceState(facts({}), NOW)).toEqual({ state: 'waiting' });
    expect(deviceState(facts({ last_message_at: NOW - 30 }), NOW)).toEqual({
      state: 'receiving',
      since: NOW - 30,
    });
    // A Glow that has not spoken for 3 minutes is silent; a Tasmota on its 5-minute TelePeriod is not.
    expect(deviceState(facts({ last_message_at: NOW - 180 }), NOW)).toEqual({
      state: 'silent',
      since: NOW - 180,
    });
    expect(deviceState(facts({ kind: 'tasmota', last_message_at: NOW - 600 }), NOW).state).toBe('receiving');
    expect(deviceState(facts({ kind: 'tasmota', last_message_at: NOW - 600, online: false }), NOW)).toEqual({
      state: 'offline',
      since: NOW - 600,
    });
    const rejecting = facts({
      last_message_at: NOW - 60,
      last_reject_at: NOW - 10,
      last_reject_reason: 'the payload is not JSON',
    });
    expect(describeState(deviceState(rejecting, NOW))).toBe(
      'rejecting messages since 2026-03-29T11:59:50Z: the payload is not JSON',
    );
    // A good message after the reject: receiving again.
    expect(deviceState({ ...rejecting, last_message_at: NOW - 5 }, NOW).state).toBe('receiving');
  });
});
