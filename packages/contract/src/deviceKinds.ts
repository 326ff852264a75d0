// The device kinds live devices publish as (issue 23), and what a person is told about each: its name,
// where its id is found and which topic it must publish to (`<id>` standing for its id). The one place of
// this text: the server's device consumer (apps/server/src/devices/kinds.ts) adds its MQTT filters to it,
// the Devices screens show it. Free of zod, so the web imports it.

export const DEVICE_KINDS = ['glow', 'shelly', 'shelly-gen1', 'tasmota', 'zigbee2mqtt', 'emon'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface DeviceKindText {
  label: string;
  /** Its name in the kind select: short enough for a 320 px phone (issue 33 item 16); the label says the rest. */
  short: string;
  /** Where the id is found, for the person registering the device. */
  idHint: string;
  /** The topic the device must publish to, `<id>` standing for its id. */
  topic: string;
  /** A plug (or relay) that can measure one appliance; the others measure the whole house. */
  plug: boolean;
  /**
   * Where its owner reads the energy total it is sending now (issue 34 item 3: a device already sending is
   * added only with that total, which someone who merely knows its id cannot read).
   */
  readingHint: string;
  /**
   * The other proof: switched off this many minutes, longer than its natural silences, a device counts as
   * not sending, and is added by its id; its first message after that is its owner's.
   */
  offMinutes: number;
}

export const DEVICE_KIND_TEXT: Readonly<Record<DeviceKind, DeviceKindText>> = {
  glow: {
    label: 'Hildebrand Glow display or CAD',
    short: 'Glow display or CAD',
    idHint: 'the 12-character MAC on the back of the display (the Glowmarkt app shows it too)',
    topic: 'glow/<id>/SENSOR/electricitymeter',
    plug: false,
    readingHint: "the reading on your electricity meter's display, in kWh (the Glowmarkt app shows it too)",
    offMinutes: 15,
  },
  shelly: {
    label: 'Shelly plug, relay or clamp meter (Gen2 and later)',
    short: 'Shelly, Gen2 and later',
    idHint:
      'the MQTT prefix in the Shelly web page under Settings → MQTT (by default e.g. shellyplusplugs-a8032ab1c2d4)',
    topic: '<id>/events/rpc',
    plug: true,
    readingHint: 'the total energy in its web page or the Shelly app, in kWh',
    offMinutes: 1440,
  },
  'shelly-gen1': {
    label: 'Shelly Gen1 plug or EM',
    short: 'Shelly Gen1',
    idHint: 'the device id in the Shelly web page under Settings → Device info (e.g. shellyplug-s-7A1B2C)',
    topic: 'shellies/<id>/relay/0/energy',
    plug: true,
    readingHint: 'the total energy in its web page or the Shelly app, in kWh',
    offMinutes: 60,
  },
  tasmota: {
    label: 'Tasmota plug (Kettle Companion, Local Bytes, Sonoff POW)',
    short: 'Tasmota plug',
    idHint: 'the Topic in the Tasmota web page under Configuration → MQTT',
    topic: 'tele/<id>/SENSOR',
    plug: true,
    readingHint: 'Energy Total on its web page, in kWh',
    offMinutes: 120,
  },
  zigbee2mqtt: {
    label: 'Zigbee plug behind Zigbee2MQTT',
    short: 'Zigbee plug (Zigbee2MQTT)',
    idHint: 'the friendly name in the Zigbee2MQTT front end',
    topic: 'zigbee2mqtt/<id>',
    plug: true,
    readingHint: 'its energy in the Zigbee2MQTT front end, in kWh',
    offMinutes: 1440,
  },
  emon: {
    label: 'OpenEnergyMonitor emonTx or emonPi',
    short: 'emonTx or emonPi',
    idHint: 'the node name in emonhub.conf (e.g. emontx4)',
    topic: 'emon/<id>/P1 and emon/<id>/E1',
    plug: false,
    readingHint:
      'its E1 input on the emonPi or emonCMS Inputs page, which is in Wh: divide it by 1000 for kWh',
    offMinutes: 15,
  },
};

/** What a device is doing, as its owner sees it (apps/server/src/devices/state.ts decides). */
export const DEVICE_STATES = ['waiting', 'receiving', 'silent', 'offline', 'rejecting'] as const;

export const DEVICE_ID_MAX = 200;

/**
 * Characters MQTT refuses in a topic (MQTT 5 §1.5.4; Mosquitto drops a client whose SUBSCRIBE holds one,
 * so one such id made its whole partition deaf: issue 34): C0 and C1 controls, DEL, Unicode
 * non-characters (U+FDD0–U+FDEF and the last two of every plane) and lone surrogates.
 */
function refusedByMqtt(id: string): boolean {
  for (let i = 0; i < id.length; i++) {
    const unit = id.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const low = id.charCodeAt(i + 1);
      if (!(low >= 0xdc00 && low <= 0xdfff)) return true;
      const code = id.codePointAt(i) as number;
      if ((code & 0xfffe) === 0xfffe) return true;
      i++;
      continue;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
    if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) return true;
    if ((unit >= 0xfdd0 && unit <= 0xfdef) || unit >= 0xfffe) return true;
  }
  return false;
}

/**
 * Why a device id cannot be one (one level of an MQTT topic, 1–200 characters, nothing MQTT refuses), or
 * null. The one id check: the API, the admin CLI and the registry all ask it.
 */
export function deviceIdProblem(id: string): string | null {
  if (id.length === 0 || id.length > DEVICE_ID_MAX) return `must be 1 to ${DEVICE_ID_MAX} characters`;
  if (/[/+#]/.test(id)) return 'cannot contain /, + or # (it is one level of an MQTT topic)';
  if (refusedByMqtt(id))
    return 'cannot contain control characters or Unicode non-characters (MQTT refuses them in a topic)';
  return null;
}
