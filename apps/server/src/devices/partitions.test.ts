import { describe, expect, it } from 'vitest';
import { deviceTopics, partitionOf } from './partitions';

describe('device partitions', () => {
  it('puts a device in FNV-1a(kind/id) mod the count: the same on every server and every release', () => {
    // FNV-1a 32-bit of the UTF-8 text, worked out independently (3569022515 for glow/AABBCCDDEEFF): a
    // change here moves devices between partitions, which every server must agree on.
    expect(partitionOf('glow', 'AABBCCDDEEFF', 8)).toBe(3);
    expect(partitionOf('glow', 'AABBCCDDEEFF', 32)).toBe(19);
    expect(partitionOf('shelly', 'shellyplusplugs-a8', 8)).toBe(1);
    expect(partitionOf('tasmota', 'kettle', 8)).toBe(6);
    expect(partitionOf('emon', 'emonpi', 32)).toBe(23);
    expect(partitionOf('zigbee2mqtt', 'Küche plug', 8)).toBe(2);
    expect(partitionOf('glow', 'AABBCCDDEEFF', 1)).toBe(0);
  });

  it('fills the device-id level of each of the kind’s filters, keeping the other wildcards', () => {
    expect(deviceTopics('glow', 'AABBCCDDEEFF')).toEqual([
      'glow/AABBCCDDEEFF/SENSOR/electricitymeter',
      'glow/AABBCCDDEEFF/SENSOR/gasmeter',
    ]);
    expect(deviceTopics('shelly', 'shellyplusplugs-a8', 't1/')).toEqual([
      't1/shellyplusplugs-a8/events/rpc',
      't1/shellyplusplugs-a8/status/+',
    ]);
    expect(deviceTopics('shelly-gen1', 'shellyem-1')).toEqual([
      'shellies/shellyem-1/relay/+/power',
      'shellies/shellyem-1/relay/+/energy',
      'shellies/shellyem-1/emeter/+/+',
    ]);
    expect(deviceTopics('tasmota', 'kettle')).toEqual(['tele/kettle/SENSOR', 'tele/kettle/LWT']);
    expect(deviceTopics('emon', 'emonpi')).toEqual(['emon/emonpi/+']);
    // An id is put in as it is (a `$` is no replacement pattern).
    expect(deviceTopics('zigbee2mqtt', 'plug $& 1')).toEqual(['zigbee2mqtt/plug $& 1']);
  });
});
