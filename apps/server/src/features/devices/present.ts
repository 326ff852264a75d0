import type { Device, DeviceAppliance, DeviceKind } from '@homeview/contract';
import type { DeviceRow } from './registry';
import { deviceState } from './state';

// A devices row as the Devices screens get it: its state in words the web turns into a sentence (state.ts
// decides it), what it measures, and what it stored today.

export function presentDevice(
  row: DeviceRow,
  appliance: DeviceAppliance | null,
  readingsToday: number,
  now: number,
): Device {
  const s = deviceState(row, now);
  return {
    id: row.id,
    kind: row.kind as DeviceKind,
    device_id: row.device_id,
    appliance,
    created_at: row.created_at,
    last_message_at: row.last_message_at,
    readings_today: readingsToday,
    state: s.state,
    state_since: s.state === 'waiting' ? null : s.since,
    last_reject_reason: row.last_reject_reason,
    rejects: row.rejects,
    last_reject_at: row.last_reject_at,
  };
}
