import {
  addDevice,
  applianceKeyOf,
  DeviceError,
  listDevices,
  removeDevice,
} from '../../features/devices/devices-repository';
import { describeState, deviceState } from '../../features/devices/state';
import { houseExists } from '../../ingest/keys';
import { CliError } from '../args';
import type { Command } from './types';

// Live devices over MQTT (issue 23): register, remove and list a house's devices.

const HOUSE = { description: 'house id (create-house prints it)', required: true };

function houseOf(f: Record<string, string>): number {
  if (!/^[1-9]\d{0,9}$/.test(f.house ?? ''))
    throw new CliError(`--house must be a house id, got "${f.house}"`);
  return Number(f.house);
}

async function existingHouse(ctx: Parameters<Command['run']>[0], f: Record<string, string>): Promise<number> {
  const houseId = houseOf(f);
  if (!(await houseExists(ctx.db, houseId))) throw new CliError(`There is no house ${houseId}.`);
  return houseId;
}

export const addDeviceCommand: Command = {
  name: 'add-device',
  summary:
    'Register a device publishing over MQTT for a house (kinds: glow, shelly, shelly-gen1, tasmota, zigbee2mqtt, emon); ' +
    'with --appliance it measures that appliance through a plug, else the whole house',
  flags: {
    house: HOUSE,
    kind: { description: 'glow, shelly, shelly-gen1, tasmota, zigbee2mqtt or emon', required: true },
    id: { description: "the device's id as it appears in its topics", required: true },
    appliance: { description: 'a catalogue appliance, e.g. kettle', required: false },
    channel: {
      description:
        "the device's channel, default 0 (Shelly switch:N or em1:N, Gen1 relay/N, Tasmota's Nth ENERGY entry, emon PN/EN: N - 1)",
      required: false,
    },
  },
  check: (f) => {
    houseOf(f);
    if (f.channel !== undefined && !/^\d{1,2}$/.test(f.channel))
      throw new CliError(`--channel must be a whole number from 0 to 31, got "${f.channel}"`);
  },
  run: async (ctx, f) => {
    const houseId = await existingHouse(ctx, f);
    const now = Math.floor(ctx.now.getTime() / 1000);
    try {
      const input = {
        houseId,
        kind: f.kind!,
        deviceId: f.id!,
        ...(f.channel === undefined ? {} : { channel: Number(f.channel) }),
      };
      return await addDevice(
        ctx.db,
        f.appliance === undefined ? input : { ...input, appliance: f.appliance },
        now,
      );
    } catch (error) {
      if (error instanceof DeviceError) throw new CliError(error.message);
      throw error;
    }
  },
};

export const removeDeviceCommand: Command = {
  name: 'remove-device',
  summary: "Remove a house's device (add-device printed its number); its stored readings stay",
  flags: { house: HOUSE, device: { description: 'the number add-device printed', required: true } },
  check: (f) => {
    houseOf(f);
    if (!/^[1-9]\d{0,9}$/.test(f.device ?? ''))
      throw new CliError(`--device must be a device number, got "${f.device}"`);
  },
  run: async (ctx, f) => {
    const houseId = await existingHouse(ctx, f);
    if (!(await removeDevice(ctx.db, houseId, Number(f.device))))
      throw new CliError(`House ${houseId} has no device ${f.device}.`);
    return Number(f.device);
  },
};

export const devicesCommand: Command = {
  name: 'devices',
  summary:
    "List a house's devices: number, kind, id, what it measures, state (receiving, silent, offline, rejecting)",
  flags: { house: HOUSE },
  check: (f) => {
    houseOf(f);
  },
  run: async (ctx, f) => {
    const houseId = await existingHouse(ctx, f);
    const rows = await listDevices(ctx.db, houseId);
    const now = Math.floor(ctx.now.getTime() / 1000);
    const lines = rows.map((d) => {
      const measures =
        d.appliance_type_id === null ? 'whole house' : (applianceKeyOf(d.appliance_type_id) ?? '?');
      const rejects = d.rejects === 0 ? '' : `\t${d.rejects} rejected`;
      const id = d.channel === 0 ? d.device_id : `${d.device_id} channel ${d.channel}`;
      return `${d.id}\t${d.kind}\t${id}\t${measures}\t${describeState(deviceState(d, now))}${rejects}`;
    });
    return [...lines, `${rows.length} device${rows.length === 1 ? '' : 's'}`].join('\n');
  },
};
