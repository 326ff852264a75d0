import { randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/cli/args';
import {
  parseDevicesArgs,
  publishSimulatedDevices,
  registerSimulatedDevices,
} from '../src/cli/simulate-devices';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';

// `npm run simulate -- devices`: registering the simulator's homes' devices, and publishing through the
// real Mosquitto on 127.0.0.1:1883 (on a topic prefix of this test's own).

describe('simulate devices arguments', () => {
  it('refuses an unknown kind or a broker that is not a URL', () => {
    expect(() => parseDevicesArgs(['--broker', 'mqtt://b:1883', '--homes', '2', '--kind', 'hue'])).toThrow(
      new CliError('--kind must be glow, shelly or tasmota (got "hue")'),
    );
    expect(() => parseDevicesArgs(['--broker', 'b:1883', '--homes', '2', '--kind', 'glow'])).toThrow(
      /--broker must be a URL/,
    );
    expect(
      parseDevicesArgs(['--broker', 'mqtt://b:1883', '--homes', '2', '--kind', 'glow', '--minutes', '2']),
    ).toEqual({
      broker: 'mqtt://b:1883',
      homes: 2,
      kind: 'glow',
      seed: 1,
      ticks: 12,
    });
  });
});

describeEachDb('simulate devices', (suite) => {
  it('registers a device for each simulated home once, and publishes their messages', async () => {
    const seed = suite.kind === 'pglite' ? 5 : 6;
    await makeUser(suite.db, `sim-${seed}-0001`);
    await makeUser(suite.db, `sim-${seed}-0002`);
    const args = { broker: 'mqtt://127.0.0.1:1883', homes: 2, kind: 'glow' as const, seed, ticks: 1 };
    expect(await registerSimulatedDevices(suite.db, args, 1_800_000_000)).toBe(2);
    expect(await registerSimulatedDevices(suite.db, args, 1_800_000_000)).toBe(0);
    await expect(registerSimulatedDevices(suite.db, { ...args, homes: 3 }, 1_800_000_000)).rejects.toThrow(
      `1 simulated homes do not exist (first: sim-${seed}-0003)`,
    );

    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const listener = await connectAsync('mqtt://127.0.0.1:1883', { clientId: `test-sim-${randomUUID()}` });
    const topics: string[] = [];
    listener.on('message', (topic) => topics.push(topic));
    await listener.subscribeAsync(`${prefix}#`, { qos: 1 });
    try {
      expect(await publishSimulatedDevices(args, new Promise(() => undefined), prefix)).toBe(2);
      const deadline = Date.now() + 5000;
      while (topics.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(topics.sort()).toEqual([
        `${prefix}glow/SIM${seed}G0001/SENSOR/electricitymeter`,
        `${prefix}glow/SIM${seed}G0002/SENSOR/electricitymeter`,
      ]);
    } finally {
      await listener.endAsync();
    }
  });
});
