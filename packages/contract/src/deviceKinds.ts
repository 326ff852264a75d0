// The device kinds live devices publish as (issue 23), and what a person is told about each: its name,
// where its id is found and which topic it must publish to (`<id>` standing for its id). The one place of
// this text: the server's device consumer (apps/server/src/devices/kinds.ts) adds its MQTT filters to it,
// the Devices screens show it. Free of zod, so the web imports it.

export const DEVICE_KINDS = ['glow', 'shelly', 'shelly-gen1', 'tasmota', 'zigbee2mqtt', 'emon'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface DeviceKindText {
  label: string;
  /** Where the id is found, for the person registering the device. */
  idHint: string;
  /** The topic the device must publish to, `<id>` standing for its id. */
  topic: string;
  /** A plug (or relay) that can measure one appliance; the others measure the whole house. */
  plug: boolean;
}

export const DEVICE_KIND_TEXT: Readonly<Record<DeviceKind, DeviceKindText>> = {
  glow: {
    label: 'Hildebrand Glow display or CAD',
    idHint: 'the 12-character MAC on the back of the display (the Glowmarkt app shows it too)',
    topic: 'glow/<id>/SENSOR/electricitymeter',
    plug: false,
  },
  shelly: {
    label: 'Shelly plug, relay or clamp meter (Gen2 and later)',
    idHint:
      'the MQTT prefix in the Shelly web page under Settings → MQTT (by default e.g. shellyplusplugs-a8032ab1c2d4)',
    topic: '<id>/events/rpc',
    plug: true,
  },
  'shelly-gen1': {
    label: 'Shelly Gen1 plug or EM',
    idHint: 'the device id in the Shelly web page under Settings → Device info (e.g. shellyplug-s-7A1B2C)',
    topic: 'shellies/<id>/relay/0/energy',
    plug: true,
  },
  tasmota: {
    label: 'Tasmota plug (Kettle Companion, Local Bytes, Sonoff POW)',
    idHint: 'the Topic in the Tasmota web page under Configuration → MQTT',
    topic: 'tele/<id>/SENSOR',
    plug: true,
  },
  zigbee2mqtt: {
    label: 'Zigbee plug behind Zigbee2MQTT',
    idHint: 'the friendly name in the Zigbee2MQTT front end',
    topic: 'zigbee2mqtt/<id>',
    plug: true,
  },
  emon: {
    label: 'OpenEnergyMonitor emonTx or emonPi',
    idHint: 'the node name in emonhub.conf (e.g. emontx4)',
    topic: 'emon/<id>/P1 and emon/<id>/E1',
    plug: false,
  },
};

/** What a device is doing, as its owner sees it (apps/server/src/devices/state.ts decides). */
export const DEVICE_STATES = ['waiting', 'receiving', 'silent', 'offline', 'rejecting'] as const;

export const DEVICE_ID_MAX = 200;

/** Why a device id cannot be one (one level of an MQTT topic, 1–200 characters), or null. */
export function deviceIdProblem(id: string): string | null {
  if (id.length === 0 || id.length > DEVICE_ID_MAX) return `must be 1 to ${DEVICE_ID_MAX} characters`;
  if (/[/+#]/.test(id) || id.includes('\0'))
    return 'cannot contain /, + or # (it is one level of an MQTT topic)';
  return null;
}
