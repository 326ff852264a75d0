import { describe, expect, it } from 'vitest';
import { DemoDevices } from '../src/features/demo/devices';
import { DEMO_USERNAME, demoSpecs } from '../src/features/demo/homes';

// The demo's simulated Glow after a server restart (pure: no broker, no database). The restarted server
// resumes from the Glow's last stored sample; whatever it sends again for a time already sent must be
// exactly what was sent for that time before, so a listener on the broker never sees the register step
// back. Here the restart comes within the minute of the last stored sample, 50 s into it.

const ZONE = 'Europe/London';
// 02:00 UTC on 15 January 2026: night, the home imports every minute and exports nothing.
const T0 = Date.UTC(2026, 0, 15, 2, 0, 0) / 1000;

function devices(now: number): DemoDevices {
  const spec = demoSpecs(0).get(DEMO_USERNAME)!.spec;
  return new DemoDevices(
    { houseId: 7, spec, zone: ZONE },
    { url: 'mqtt://unused', clientId: 'resume-test', now: () => now, log: { error: () => {} } },
  );
}

/** The Glow's message in the messages of one tick. */
function glowOf(messages: { topic: string; payload: string }[]): string {
  return messages.find((m) => m.topic.startsWith('glow/'))!.payload;
}

/** A Glow message's registers, kWh as sent. */
function registers(payload: string): { import: number; export: number } {
  const { energy } = JSON.parse(payload).electricitymeter;
  return { import: energy.import.cumulative, export: energy.export.cumulative };
}

describe('the demo Glow resumed after a restart', () => {
  it('sends for each time it sends again exactly what it sent before', () => {
    const first = devices(T0);
    first.resume({ import: null, export: null }, null);
    expect(first.from).toBe(T0);
    const sent = new Map<number, string>();
    for (let t = T0; t <= T0 + 230; t += 10) sent.set(t, glowOf(first.messagesAt(t)));
    // The last samples the consumer stored: the tick 50 s into the third minute, its registers in mWh.
    const last = T0 + 170;
    const kwh = registers(sent.get(last)!);
    const stored = {
      import: { t: last, mwh: Math.round(kwh.import * 1e6) },
      export: { t: last, mwh: Math.round(kwh.export * 1e6) },
    };
    // The register moved within that minute before the stored sample, so a resume from the minute's start
    // with the stored register would send higher values for those ticks.
    expect(kwh.import).toBeGreaterThan(registers(sent.get(T0 + 120)!).import);

    const again = devices(last + 3); // restarted 3 s later, within the same minute
    again.resume(stored, null);
    expect(again.from).toBe(last);
    for (let t = again.from; t <= T0 + 230; t += 10) expect(glowOf(again.messagesAt(t))).toBe(sent.get(t));
  });

  it('starts from the current minute when the last stored sample is older than 6 hours', () => {
    const now = T0 + 7 * 3600 + 25;
    const later = devices(now);
    later.resume({ import: { t: T0, mwh: 1_234_567_000 }, export: null }, null);
    expect(later.from).toBe(now - 25);
    expect(registers(glowOf(later.messagesAt(later.from))).import).toBe(1234.567);
  });
});
