import { DEVICE_KIND_TEXT, DEVICE_KINDS, type DeviceKind, type DeviceKindText } from '@homeview/contract';

/**
 * The device kinds the MQTT consumer understands: what each one calls its id, where a person finds it and
 * which topics it publishes to (the field reference: ../shared/data/real/formats/FORMATS.md and
 * ../shared/design/devices.md). The words a person reads are the contract's (DEVICE_KIND_TEXT, shown by
 * the Devices screens too); `filters` are the MQTT subscriptions the consumer makes for the kind.
 */
export { DEVICE_KINDS, type DeviceKind };

export interface KindInfo extends DeviceKindText {
  filters: readonly string[];
}

const FILTERS: Readonly<Record<DeviceKind, readonly string[]>> = {
  glow: ['glow/+/SENSOR/electricitymeter', 'glow/+/SENSOR/gasmeter'],
  // `+/status/+` would also take other brokers' clients' status topics; the parser ignores what it does
  // not recognise, so the wide filter costs a look at the topic and nothing else.
  shelly: ['+/events/rpc', '+/status/+'],
  'shelly-gen1': ['shellies/+/relay/+/power', 'shellies/+/relay/+/energy', 'shellies/+/emeter/+/+'],
  tasmota: ['tele/+/SENSOR', 'tele/+/LWT'],
  zigbee2mqtt: ['zigbee2mqtt/+'],
  emon: ['emon/+/+'],
};

export const KIND_INFO: Readonly<Record<DeviceKind, KindInfo>> = Object.fromEntries(
  DEVICE_KINDS.map((kind) => [kind, { ...DEVICE_KIND_TEXT[kind], filters: FILTERS[kind] }]),
) as Record<DeviceKind, KindInfo>;

export function isDeviceKind(text: string): text is DeviceKind {
  return (DEVICE_KINDS as readonly string[]).includes(text);
}

/** Channels highest a device may have (the devices table's check; the parsers refuse higher ones). */
export const MAX_CHANNEL = 31;

/** Highest believable draw: a house's supply (100 A single phase is 23 kW) or a 13 A plug's socket. */
export const MAX_HOUSE_W = 25_000;
export const MAX_PLUG_W = 3_700;
/**
 * Highest believable gas flow: a home's U6 diaphragm meter passes at most 6 m³/h, about 68 kW at 39.5 MJ/m³
 * (the largest combi boilers draw ~35 kW).
 */
export const MAX_GAS_W = 70_000;

/**
 * Seconds without a message after which a device shows as silent: a few of its usual gaps. Glow sends
 * every ~10 s; Tasmota every TelePeriod (300 s by default); Shelly Gen2+ only on change but is asked for
 * its status after 5 minutes; the others report on change or at their own reporting intervals.
 */
export const SILENT_AFTER_S: Readonly<Record<DeviceKind, number>> = {
  glow: 120,
  shelly: 900,
  'shelly-gen1': 900,
  tasmota: 1200,
  zigbee2mqtt: 1800,
  emon: 120,
};
