// `npm run simulate -- devices --broker URL --homes N --kind glow|shelly|tasmota [--seed S] [--minutes M]`:
// the simulator's homes (made by `npm run simulate -- --homes N --days D --seed S`) get a device each,
// registered to them (a Glow for the whole house, or a Shelly or Tasmota plug on the kettle) if they have
// none, then their devices publish realistic messages to the broker every 10 s (devices/simulated.ts),
// for M minutes or until stopped. The database is only used to register, before publishing.
import type { Db } from '../db/types';
import { connectBrokerAsync } from '../shared/broker';
import { addDevice, DeviceError } from '../features/devices/devices-repository';
import {
  SIMULATED_KINDS,
  type SimulatedKind,
  type SimulatedState,
  simulatedDeviceId,
  tick,
} from '../features/devices/simulated';
import { CliError, parseFlags } from './args';

export const DEVICES_USAGE =
  'usage: npm run simulate -- devices --broker URL --homes N --kind glow|shelly|tasmota [--seed S] [--minutes M]';

export interface DevicesArgs {
  broker: string;
  homes: number;
  kind: SimulatedKind;
  seed: number;
  /** Ticks of 10 s to publish; null: until stopped. */
  ticks: number | null;
}

function whole(name: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new CliError(
      `--${name} must be a whole number from ${min} to ${max}${raw === undefined ? '' : ` (got "${raw}")`}`,
    );
  return Number(raw);
}

export function parseDevicesArgs(argv: readonly string[]): DevicesArgs {
  const flags = parseFlags(argv, {
    broker: { description: 'MQTT broker URL, e.g. mqtt://127.0.0.1:1883', required: true },
    homes: { description: 'how many simulated homes', required: true },
    kind: { description: 'glow, shelly or tasmota', required: true },
    seed: { description: 'seed of the simulated homes (default 1)', required: false },
    minutes: { description: 'minutes to publish (default: until stopped)', required: false },
  });
  const kind = flags.kind as SimulatedKind;
  if (!SIMULATED_KINDS.includes(kind))
    throw new CliError(`--kind must be glow, shelly or tasmota (got "${flags.kind}")`);
  if (!/^(mqtts?|wss?):\/\//.test(flags.broker ?? ''))
    throw new CliError(`--broker must be a URL such as mqtt://127.0.0.1:1883 (got "${flags.broker}")`);
  return {
    broker: flags.broker as string,
    homes: whole('homes', flags.homes, 1, 100_000),
    kind,
    seed: flags.seed === undefined ? 1 : whole('seed', flags.seed, 0, 2 ** 31 - 1),
    ticks: flags.minutes === undefined ? null : whole('minutes', flags.minutes, 1, 525_600) * 6,
  };
}

/** Registers a device for each simulated home that has none of this kind; returns how many were added. */
export async function registerSimulatedDevices(db: Db, args: DevicesArgs, now: number): Promise<number> {
  const usernames = Array.from(
    { length: args.homes },
    (_, i) => `sim-${args.seed}-${String(i + 1).padStart(4, '0')}`,
  );
  const { rows } = await db.query<{ username: string; id: number }>(
    'select u.username, h.id from users u join houses h on h.owner_user_id = u.id where u.username = any($1::text[])',
    [usernames],
  );
  const houses = new Map(rows.map((r) => [r.username, r.id]));
  const missing = usernames.filter((u) => !houses.has(u));
  if (missing.length > 0) {
    throw new CliError(
      `${missing.length} simulated homes do not exist (first: ${missing[0]}); make them with npm run simulate -- --homes ${args.homes} --days 1 --seed ${args.seed}`,
    );
  }
  let added = 0;
  for (const [i, username] of usernames.entries()) {
    const houseId = houses.get(username) as number;
    const deviceId = simulatedDeviceId(args.kind, args.seed, i);
    const device =
      args.kind === 'glow'
        ? { houseId, kind: 'glow', deviceId }
        : { houseId, kind: args.kind, deviceId, appliance: 'kettle' };
    try {
      await addDevice(db, device, now);
      added++;
    } catch (error) {
      if (!(error instanceof DeviceError && error.message.includes('already registered'))) throw error;
    }
  }
  return added;
}

/** Publishes every home's messages each 10 s (QoS 1) until `ticks` are done or `stop` resolves. */
export async function publishSimulatedDevices(
  args: DevicesArgs,
  stop: Promise<void>,
  topicPrefix = '',
): Promise<number> {
  const client = await connectBrokerAsync(args.broker, {
    clientId: `homeview-simulate-${args.kind}-${args.seed}-${process.pid}`,
  });
  const states: SimulatedState[] = Array.from({ length: args.homes }, () => ({ mwh: 0, lastW: null }));
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  let sent = 0;
  try {
    for (let k = 0; args.ticks === null || k < args.ticks; k++) {
      const now = Math.floor(Date.now() / 1000);
      const t = now - (now % 10);
      const messages = states.flatMap((state, home) => tick(args.kind, args.seed, home, t, state));
      await Promise.all(
        messages.map((m) => client.publishAsync(`${topicPrefix}${m.topic}`, m.payload, { qos: 1 })),
      );
      sent += messages.length;
      if (stopped || (args.ticks !== null && k + 1 >= args.ticks)) break;
      const wait = (t + 10) * 1000 - Date.now();
      await Promise.race([new Promise((r) => setTimeout(r, Math.max(0, wait))), stop]);
      if (stopped) break;
    }
  } finally {
    await client.endAsync();
  }
  return sent;
}
