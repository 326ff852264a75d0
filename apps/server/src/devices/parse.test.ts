import { describe, expect, it } from 'vitest';
import { parseDeviceMessage, topicDevice } from './parse';
import { parseShellyReply } from './parsers/shelly';
import { parseEmHistory } from './parsers/shelly-em-history';

// Payloads are the real captures of the field reference (../shared/data/real/formats/FORMATS.md and
// ../shared/design/devices.md), mpan redacted as there.
const RECEIVED = Date.UTC(2022, 5, 24, 13, 2, 35) / 1000;

const GLOW =
  '{"electricitymeter":{"timestamp":"2022-06-24T13:02:29Z","energy":{"export":{"cumulative":0,"units":"kWh"},' +
  '"import":{"cumulative":4595.563,"day":10.464,"week":85.675,"month":512.937,"units":"kWh","mpan":"<redacted>",' +
  '"supplier":"Octopus Energy","price":{"unitrate":0.3,"standingcharge":0.4457}}},"power":{"value":0.623,"units":"kW"}}}';

function ok(topic: string, payload: string, received = RECEIVED, zone?: string) {
  const parsed = parseDeviceMessage(topic, payload, received, zone ? { zoneOf: () => zone } : {});
  if (parsed === null || !parsed.ok) throw new Error(`expected a sample, got ${JSON.stringify(parsed)}`);
  return parsed.samples[0]!;
}

function bad(topic: string, payload: string) {
  const parsed = parseDeviceMessage(topic, payload, RECEIVED);
  if (parsed === null || parsed.ok) throw new Error(`expected a bad message, got ${JSON.stringify(parsed)}`);
  return parsed;
}

describe('Glow', () => {
  it('reads the meter register and power of the real capture, at the meter timestamp (UTC)', () => {
    expect(ok('glow/AABBCCDDEEFF/SENSOR/electricitymeter', GLOW)).toEqual({
      channel: 0,
      kind: 'glow',
      deviceId: 'AABBCCDDEEFF',
      t: Date.UTC(2022, 5, 24, 13, 2, 29) / 1000,
      importMwh: 4_595_563_000,
      powerW: 623,
    });
  });

  it('never reads day/week/month, drops zero counters and the error value -8388.608', () => {
    const zero = GLOW.replace('"cumulative":4595.563', '"cumulative":0').replace(
      '"value":0.623',
      '"value":-8388.608',
    );
    expect(parseDeviceMessage('glow/AABBCCDDEEFF/SENSOR/electricitymeter', zero, RECEIVED)).toBeNull();
    const noDay = GLOW.replace('"day":10.464,"week":85.675,"month":512.937,', '');
    expect(ok('glow/A1/SENSOR/electricitymeter', noDay).importMwh).toBe(4_595_563_000);
  });

  it('reads export when the meter has any', () => {
    const solar = GLOW.replace('"export":{"cumulative":0', '"export":{"cumulative":12.5');
    expect(ok('glow/A1/SENSOR/electricitymeter', solar).exportMwh).toBe(12_500_000);
  });

  it('does not believe a meter clock more than 2 minutes ahead', () => {
    expect(ok('glow/A1/SENSOR/electricitymeter', GLOW, RECEIVED - 600).t).toBe(RECEIVED - 600);
  });

  it('ignores the STATE topic and other sensors', () => {
    expect(topicDevice('glow/A1/STATE')).toBeNull();
    expect(topicDevice('glow/A1/SENSOR/watermeter')).toBeNull();
    expect(topicDevice('glow/A1/SENSOR/gasmeter/x')).toBeNull();
  });
});

describe('Glow gas', () => {
  // The gasmeter capture of the Home Assistant integration's header (sensor.py, IHD 2022, mprn redacted),
  // with the volume registers of later firmware (devices.md §1.2: cumulativevol/dayvol/weekvol/monthvol).
  const GAS =
    '{"gasmeter":{"timestamp":"2022-06-24T13:00:52Z","energy":{"export":{"cumulative":0.000,"units":"kWh"},' +
    '"import":{"cumulative":17940.852,"day":11.128,"week":104.749,"month":217.122,"units":"kWh",' +
    '"cumulativevol":1586.219,"dayvol":0.984,"weekvol":9.262,"monthvol":19.198,"mprn":"<redacted>",' +
    '"supplier":"---","price":{"unitrate":0.07320,"standingcharge":0.17850}}},"power":{"value":0.000,"units":"kW"}}}';
  const topic = 'glow/AABBCCDDEEFF/SENSOR/gasmeter';

  it('reads the gas register (kWh) as the Glow’s gas, at the meter timestamp, never day/week/month or m³', () => {
    expect(topicDevice(topic)).toEqual({ kind: 'glow', deviceId: 'AABBCCDDEEFF' });
    expect(ok(topic, GAS)).toEqual({
      channel: 0,
      kind: 'glow',
      deviceId: 'AABBCCDDEEFF',
      t: Date.UTC(2022, 5, 24, 13, 0, 52) / 1000,
      fuel: 'gas',
      importMwh: 17_940_852_000,
    });
    const noVolumes = GAS.replace(
      '"cumulativevol":1586.219,"dayvol":0.984,"weekvol":9.262,"monthvol":19.198,',
      '',
    );
    expect(ok(topic, noVolumes).importMwh).toBe(17_940_852_000);
    // An electricity payload's shape under the gas topic is not gas.
    expect(bad(topic, GLOW).reason).toContain('gasmeter');
  });

  it('drops a zero register (off the HAN) and refuses the error value -8388.608 with a reason', () => {
    expect(
      parseDeviceMessage(topic, GAS.replace('"cumulative":17940.852', '"cumulative":0'), RECEIVED),
    ).toBeNull();
    expect(bad(topic, GAS.replace('"cumulative":17940.852', '"cumulative":-8388.608')).reason).toBe(
      "gasmeter import.cumulative -8388.608 is the Glow's error value (no reading from the gas meter)",
    );
    expect(bad(topic, GAS.replace('"cumulative":17940.852', '"cumulative":-1')).reason).toContain(
      'is not a counter',
    );
    expect(bad(topic, GAS.replace('17940.852', '"17940.852"')).reason).toContain('gasmeter.energy.import');
  });
});

describe('Shelly Gen2+', () => {
  const status =
    '{"id":0,"source":"timer","output":false,"apower":0,"voltage":237.571,"aenergy":{"total":14.093,"by_minute":[0,0,0],"minute_ts":1656075720},"temperature":{"tC":40.1,"tF":104.2}}';

  it('reads switch:0 status (Wh counter) at the receive time', () => {
    expect(ok('shellyplusplugs-a8032ab1c2d4/status/switch:0', status)).toEqual({
      channel: 0,
      kind: 'shelly',
      deviceId: 'shellyplusplugs-a8032ab1c2d4',
      t: RECEIVED,
      importMwh: 14_093,
      powerW: 0,
    });
  });

  it('reads NotifyStatus with only the changed keys, at params.ts (UTC)', () => {
    const notify =
      '{"src":"shellyplusplugs-a8","dst":"shellyplusplugs-a8/events","method":"NotifyStatus","params":{"ts":1656075750.51,"switch:0":{"id":0,"apower":2950.3}}}';
    expect(ok('shellyplusplugs-a8/events/rpc', notify)).toEqual({
      channel: 0,
      kind: 'shelly',
      deviceId: 'shellyplusplugs-a8',
      t: 1656075750,
      powerW: 2950,
    });
  });

  it('reads a clamp meter (em1:0 + em1data:0)', () => {
    const em =
      '{"method":"NotifyStatus","params":{"ts":1656075750,"em1data:0":{"id":0,"total_act_energy":123456.78,"total_act_ret_energy":10.5}}}';
    expect(ok('shellyproem50-x/events/rpc', em)).toMatchObject({ importMwh: 123_456_780, exportMwh: 10_500 });
  });

  it('ignores other methods and components', () => {
    expect(
      parseDeviceMessage('shellyplus-x/events/rpc', '{"method":"NotifyEvent","params":{"ts":1}}', RECEIVED),
    ).toBeNull();
    expect(parseDeviceMessage('shellyplus-x/status/wifi', '{"sta_ip":"10.0.0.2"}', RECEIVED)).toBeNull();
  });

  it('refuses wrong types, naming the field', () => {
    const wrong = '{"method":"NotifyStatus","params":{"ts":1656075750,"switch:0":{"apower":"lots"}}}';
    expect(bad('shellyplus-x/events/rpc', wrong).reason).toContain('apower');
  });
});

describe('Shelly GetStatus answers', () => {
  it('reads the answer of the device named by src, at result.sys.unixtime', () => {
    const answer =
      '{"id":3,"src":"shellyplus1pm-p1","dst":"homeview-x","result":{"sys":{"unixtime":1656075700},"switch:0":{"id":0,"apower":12.5,"aenergy":{"total":50.5}}}}';
    expect(parseShellyReply(answer, RECEIVED)).toEqual({
      ok: true,
      samples: [
        {
          kind: 'shelly',
          deviceId: 'shellyplus1pm-p1',
          channel: 0,
          t: 1656075700,
          importMwh: 50_500,
          powerW: 13,
        },
      ],
    });
    expect(parseShellyReply('{"id":3,"result":{}}', RECEIVED)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('src'),
    });
  });
});

describe('Shelly Gen1', () => {
  it('turns watt-minutes into mWh and reads power', () => {
    expect(ok('shellies/shellyplug-s-7A1B2C/relay/0/energy', '6000')).toEqual({
      channel: 0,
      kind: 'shelly-gen1',
      deviceId: 'shellyplug-s-7A1B2C',
      t: RECEIVED,
      importMwh: 100_000,
    });
    expect(ok('shellies/shellyplug-s-7A1B2C/relay/0/power', '2034.5').powerW).toBe(2035);
  });

  it('reads an EM (emeter totals in Wh)', () => {
    expect(ok('shellies/shellyem-B1/emeter/0/total', '98765.4').importMwh).toBe(98_765_400);
    expect(ok('shellies/shellyem-B1/emeter/0/total_returned', '12').exportMwh).toBe(12_000);
    expect(parseDeviceMessage('shellies/shellyem-B1/emeter/0/voltage', '240.1', RECEIVED)).toBeNull();
  });

  it('refuses text that is not a number', () => {
    expect(bad('shellies/x/relay/0/energy', 'NaN').reason).toContain('not a number');
    expect(bad('shellies/x/relay/0/energy', '-5').reason).toContain('not a counter');
  });
});

describe('Tasmota', () => {
  const sensor =
    '{"Time":"2022-01-11T21:57:38","ENERGY":{"TotalStartTime":"2020-10-21T22:15:00","Total":3.705,"Yesterday":0.028,' +
    '"Today":0.026,"Period":1,"Power":5,"ApparentPower":5,"ReactivePower":0,"Factor":1.00,"Voltage":233,"Current":0.021}}';

  it('reads Total kWh and Power, the offset-less Time in the zone the device is registered with', () => {
    const received = Date.UTC(2022, 0, 11, 21, 57, 40) / 1000;
    expect(ok('tele/kettle-plug/SENSOR', sensor, received, 'Europe/London')).toEqual({
      channel: 0,
      kind: 'tasmota',
      deviceId: 'kettle-plug',
      t: Date.UTC(2022, 0, 11, 21, 57, 38) / 1000,
      importMwh: 3_705_000,
      powerW: 5,
    });
    // The same text in summer, registered in London, is an hour earlier in UTC.
    const summer = sensor.replace('2022-01-11T21:57:38', '2022-07-11T21:57:38');
    expect(
      ok('tele/kettle-plug/SENSOR', summer, Date.UTC(2022, 6, 11, 21, 0, 0) / 1000, 'Europe/London').t,
    ).toBe(Date.UTC(2022, 6, 11, 20, 57, 38) / 1000);
  });

  it('reads the other 2019 capture and the LWT', () => {
    const log =
      '{"Time":"2019-11-28T21:59:17","ENERGY":{"TotalStartTime":"2019-11-28T21:50:52","Total":0.032,"Yesterday":0.000,"Today":0.032,"Period":2,"Power":548,"ApparentPower":548,"ReactivePower":0,"Factor":1.00,"Voltage":226,"Current":2.428}}';
    expect(
      ok('tele/sonoff/SENSOR', log, Date.UTC(2019, 10, 28, 22, 0, 0) / 1000, 'Europe/London'),
    ).toMatchObject({
      importMwh: 32_000,
      powerW: 548,
    });
    expect(ok('tele/sonoff/LWT', 'Offline').online).toBe(false);
    expect(ok('tele/sonoff/LWT', 'Online').online).toBe(true);
  });

  it('ignores a SENSOR message without ENERGY (a temperature sensor)', () => {
    expect(
      parseDeviceMessage(
        'tele/t1/SENSOR',
        '{"Time":"2022-01-11T21:57:38","DS18B20":{"Temperature":20.1}}',
        RECEIVED,
      ),
    ).toBeNull();
  });
});

describe('Zigbee2MQTT', () => {
  it('reads energy kWh and power of the real log, at last_seen', () => {
    const z =
      '{"current":0.47,"energy":616.25,"last_seen":"2022-11-15T19:06:51+00:00","linkquality":81,"power":68,"state":"ON","voltage":242}';
    expect(ok('zigbee2mqtt/kettle plug', z, Date.UTC(2022, 10, 15, 19, 7, 0) / 1000)).toEqual({
      channel: 0,
      kind: 'zigbee2mqtt',
      deviceId: 'kettle plug',
      t: Date.UTC(2022, 10, 15, 19, 6, 51) / 1000,
      importMwh: 616_250_000,
      powerW: 68,
    });
  });

  it('takes energy null (not yet polled) as no counter, and ignores devices with neither', () => {
    expect(ok('zigbee2mqtt/p', '{"energy":null,"power":12}')).toMatchObject({ powerW: 12 });
    expect(parseDeviceMessage('zigbee2mqtt/door', '{"contact":true}', RECEIVED)).toBeNull();
    expect(topicDevice('zigbee2mqtt/bridge')).toBeNull();
  });
});

describe('emon', () => {
  it('reads P1 / power1 watts and E1 Wh', () => {
    expect(ok('emon/emontx4/P1', '412.3').powerW).toBe(412);
    expect(ok('emon/emonpi/power1', '99').powerW).toBe(99);
    expect(ok('emon/emontx4/E1', '12345').importMwh).toBe(12_345_000);
    expect(parseDeviceMessage('emon/emontx4/vrms', '241.2', RECEIVED)).toBeNull();
  });
});

describe('bad messages', () => {
  it('refuses non-JSON, wrong shapes and huge payloads with a reason', () => {
    expect(bad('glow/A1/SENSOR/electricitymeter', 'not json{').reason).toBe('the payload is not JSON');
    expect(bad('glow/A1/SENSOR/electricitymeter', '{"electricitymeter":{}}').reason).toContain(
      'electricitymeter.timestamp',
    );
    expect(bad('glow/A1/SENSOR/electricitymeter', GLOW.replace('4595.563', '"4595.563"')).reason).toContain(
      'electricitymeter.energy.import.cumulative',
    );
    const huge = `{"x":"${'a'.repeat(1024 * 1024)}"}`;
    expect(bad('zigbee2mqtt/p', huge).reason).toContain('more than 65536');
  });
});

describe('channels beyond 0', () => {
  const all = (topic: string, payload: string, zone?: string) => {
    const parsed = parseDeviceMessage(topic, payload, RECEIVED, zone ? { zoneOf: () => zone } : {});
    if (parsed === null || !parsed.ok) throw new Error(`expected samples, got ${JSON.stringify(parsed)}`);
    return parsed.samples.map((s) => ({ channel: s.channel, importMwh: s.importMwh, powerW: s.powerW }));
  };

  it('splits a Shelly Plus 2PM NotifyStatus into switch:0 and switch:1', () => {
    const notify =
      '{"src":"shellyplus2pm-a1","method":"NotifyStatus","params":{"ts":1656075750,' +
      '"switch:1":{"id":1,"apower":1200,"aenergy":{"total":20.5}},"switch:0":{"id":0,"apower":3}}}';
    expect(all('shellyplus2pm-a1/events/rpc', notify)).toEqual([
      { channel: 0, importMwh: undefined, powerW: 3 },
      { channel: 1, importMwh: 20_500, powerW: 1200 },
    ]);
    expect(all('shellyplus2pm-a1/status/switch:1', '{"id":1,"apower":7,"aenergy":{"total":1.5}}')).toEqual([
      { channel: 1, importMwh: 1500, powerW: 7 },
    ]);
  });

  it("reads a Pro EM's second clamp (em1:1, em1data:1) as channel 1; a three-phase em:0 stays channel 0", () => {
    const em =
      '{"method":"NotifyStatus","params":{"ts":1656075750,"em1:1":{"id":1,"act_power":-250.4},' +
      '"em1data:1":{"id":1,"total_act_energy":5000,"total_act_ret_energy":900}}}';
    const [sample] = (
      parseDeviceMessage('shellyproem50-x/events/rpc', em, RECEIVED) as { samples: unknown[] }
    ).samples;
    expect(sample).toMatchObject({ channel: 1, powerW: -250, importMwh: 5_000_000, exportMwh: 900_000 });
    expect(all('shellypro3em-x/status/em:0', '{"id":0,"total_act_power":4100.2}')).toEqual([
      { channel: 0, importMwh: undefined, powerW: 4100 },
    ]);
  });

  it('reads Gen1 relay/1 and emeter/1 as channel 1', () => {
    expect(all('shellies/shellyswitch25-AB/relay/1/power', '55')).toEqual([
      { channel: 1, importMwh: undefined, powerW: 55 },
    ]);
    expect(all('shellies/shellyem-AB/emeter/1/total', '1000.5')).toEqual([
      { channel: 1, importMwh: 1_000_500, powerW: undefined },
    ]);
    expect(parseDeviceMessage('shellies/shellyem-AB/emeter/99/total', '1', RECEIVED)).toBeNull();
  });

  it('reads Tasmota ENERGY arrays entry by entry; a scalar Total stays on channel 0', () => {
    const perChannel = '{"Time":"2022-06-24T14:02:30","ENERGY":{"Total":[1.5,0.25],"Power":[0,1800]}}';
    expect(all('tele/sonoff-dual/SENSOR', perChannel, 'Europe/London')).toEqual([
      { channel: 0, importMwh: 1_500_000, powerW: 0 },
      { channel: 1, importMwh: 250_000, powerW: 1800 },
    ]);
    const summed = '{"Time":"2022-06-24T14:02:30","ENERGY":{"Total":1.75,"Power":[10,1800]}}';
    expect(all('tele/sonoff-dual/SENSOR', summed, 'Europe/London')).toEqual([
      { channel: 0, importMwh: 1_750_000, powerW: 10 },
      { channel: 1, importMwh: undefined, powerW: 1800 },
    ]);
  });

  it('reads emon P2 / power2 / E2 as channel 1', () => {
    expect(all('emon/emontx4/P2', '99.6')).toEqual([{ channel: 1, importMwh: undefined, powerW: 100 }]);
    expect(all('emon/emonpi/power2', '5')).toEqual([{ channel: 1, importMwh: undefined, powerW: 5 }]);
    expect(all('emon/emontx4/E2', '10')).toEqual([{ channel: 1, importMwh: 10_000, powerW: undefined }]);
    expect(parseDeviceMessage('emon/emontx4/P0', '1', RECEIVED)).toBeNull();
  });
});

describe('Shelly EM history answers', () => {
  it('reads EM1Data records (Wh per period) and where the next page starts', () => {
    const answer =
      '{"id":7,"src":"shellyproem50-x","dst":"homeview-x","result":{"keys":["total_act_energy","total_act_ret_energy","max_act_power"],' +
      '"data":[{"ts":1656075600,"period":60,"values":[[12.5,0,900],[3,1.25,200]]}],"next_record_ts":1656075720}}';
    expect(parseEmHistory(answer)).toEqual({
      ok: true,
      rpcId: 7,
      records: [
        { ts: 1656075600, period: 60, importMwh: 12_500, exportMwh: 0 },
        { ts: 1656075660, period: 60, importMwh: 3000, exportMwh: 1250 },
      ],
      next: 1656075720,
    });
  });

  it("sums a three-phase EMData record's phases", () => {
    const answer =
      '{"id":8,"result":{"keys":["a_total_act_energy","a_total_act_ret_energy","b_total_act_energy","b_total_act_ret_energy","c_total_act_energy","c_total_act_ret_energy"],' +
      '"data":[{"ts":1656075600,"period":300,"values":[[1,0,2,0.5,3,0]]}]}}';
    expect(parseEmHistory(answer)).toMatchObject({
      ok: true,
      records: [{ ts: 1656075600, period: 300, importMwh: 6000, exportMwh: 500 }],
      next: null,
    });
    expect(parseEmHistory('{"id":9,"error":{"code":404,"message":"No handler"}}')).toMatchObject({
      ok: false,
    });
  });
});
