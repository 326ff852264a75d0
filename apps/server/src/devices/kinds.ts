/**
 * The device kinds the MQTT consumer understands: what each one calls its id, where a person finds it and
 * which topics it publishes to (the field reference: ../shared/data/real/formats/FORMATS.md and
 * ../shared/design/devices.md). `filters` are the MQTT subscriptions the consumer makes for the kind.
 */
export const DEVICE_KINDS = ['glow', 'shelly', 'shelly-gen1', 'tasmota', 'zigbee2mqtt', 'emon'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface KindInfo {
  label: string;
  /** Where the id is found, for the person registering the device. */
  idHint: string;
  /** The topic the device must publish to, `<id>` standing for its id. */
  topic: string;
  filters: readonly string[];
}

export const KIND_INFO: Readonly<Record<DeviceKind, KindInfo>> = {
  glow: {
    label: 'Hildebrand Glow display or CAD',
    idHint: 'the 12-character MAC on the back of the display (the Glowmarkt app shows it too)',
    topic: 'glow/<id>/SENSOR/electricitymeter',
    filters: ['glow/+/SENSOR/electricitymeter'],
  },
  shelly: {
    label: 'Shelly plug, relay or clamp meter (Gen2 and later)',
    idHint:
      'the MQTT prefix in the Shelly web page under Settings → MQTT (by default e.g. shellyplusplugs-a8032ab1c2d4)',
    topic: '<id>/events/rpc',
    // `+/status/+` would also take other brokers' clients' status topics; the parser ignores what it does
    // not recognise, so the wide filter costs a look at the topic and nothing else.
    filters: ['+/events/rpc', '+/status/+'],
  },
  'shelly-gen1': {
    label: 'Shelly Gen1 plug or EM',
    idHint: 'the device id in the Shelly web page under Settings → Device info (e.g. shellyplug-s-7A1B2C)',
    topic: 'shellies/<id>/relay/0/energy',
    filters: ['shellies/+/relay/+/power', 'shellies/+/relay/+/energy', 'shellies/+/emeter/+/+'],
  },
  tasmota: {
    label: 'Tasmota plug (Kettle Companion, Local Bytes, Sonoff POW)',
    idHint: 'the Topic in the Tasmota web page under Configuration → MQTT',
    topic: 'tele/<id>/SENSOR',
    filters: ['tele/+/SENSOR', 'tele/+/LWT'],
  },
  zigbee2mqtt: {
    label: 'Zigbee plug behind Zigbee2MQTT',
    idHint: 'the friendly name in the Zigbee2MQTT front end',
    topic: 'zigbee2mqtt/<id>',
    filters: ['zigbee2mqtt/+'],
  },
  emon: {
    label: 'OpenEnergyMonitor emonTx or emonPi',
    idHint: 'the node name in emonhub.conf (e.g. emontx4)',
    topic: 'emon/<id>/P1 and emon/<id>/E1',
    filters: ['emon/+/+'],
  },
};

export function isDeviceKind(text: string): text is DeviceKind {
  return (DEVICE_KINDS as readonly string[]).includes(text);
}

/** Highest believable draw: a house's supply (100 A single phase is 23 kW) or a 13 A plug's socket. */
export const MAX_HOUSE_W = 25_000;
export const MAX_PLUG_W = 3_700;

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
