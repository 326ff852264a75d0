import { describe, expect, it } from 'vitest';
import {
  type AppliancePowerOptions,
  openAppliancePowerCsv,
  type PowerSample,
  parseAppliancePowerCsv,
} from './appliance-power';
import { applianceOfColumn } from './appliances';
import type { ParseResult } from './errors';
import { formatUtc } from './time';

const REFIT = 'Time,Aggregate,Kettle,Dishwasher,WashingMachine,Microwave';
const london: AppliancePowerOptions = { interval_s: 60, naiveTimeZone: 'Europe/London' };
const message = (r: ParseResult<unknown>): string => (r.ok ? 'accepted' : r.error.message);
const samples = (text: string, options: AppliancePowerOptions = london): PowerSample[] => {
  const r = parseAppliancePowerCsv(text, options);
  if (!r.ok) throw r.error;
  return r.value.samples;
};

describe('column names to appliance types', () => {
  it.each([
    ['Kettle', 'kettle'],
    ['kettle_W', 'kettle'],
    ['WashingMachine', 'washing_machine'],
    ['washing machine', 'washing_machine'],
    ['Washing_Machine (W)', 'washing_machine'],
    ['dish_washer_W', 'dishwasher'],
    ['Shower', 'electric_shower'],
    ['Electric Shower', 'electric_shower'],
    ['fridge-freezer', 'fridge_freezer'],
    ['Aggregate', 'aggregate'],
    ['mains_W', 'aggregate'],
    ['synthetic_mains_W', null],
    ['Hi-Fi', null],
  ])('%j → %j', (column, expected) => {
    expect(applianceOfColumn(column)).toBe(expected);
  });
});

describe('appliance power CSV', () => {
  it('reads the REFIT layout with naive UK times, in BST here', () => {
    const r = parseAppliancePowerCsv(
      `${REFIT}\n2014-04-01 00:00:00,119.7,0.0,0.0,0.0,0.0\n2014-04-01 00:01:00,3000,2880.5,,0,0\n`,
      london,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.columns).toEqual({
      time: 'Time',
      aggregate: 'Aggregate',
      appliances: [
        { column: 'Kettle', appliance: 'kettle' },
        { column: 'Dishwasher', appliance: 'dishwasher' },
        { column: 'WashingMachine', appliance: 'washing_machine' },
        { column: 'Microwave', appliance: 'microwave' },
      ],
      unmapped: [],
      ignored: [],
      interval_s: 60,
    });
    expect(r.value.samples).toEqual([
      { line: 2, t: 1_396_306_800, aggregate_w: 119.7, watts: [0, 0, 0, 0] },
      { line: 3, t: 1_396_306_860, aggregate_w: 3000, watts: [2880.5, null, 0, 0] },
    ]);
    expect(formatUtc(1_396_306_800)).toBe('2014-03-31T23:00:00Z');
  });

  it('treats an aggregate of 0 or empty as missing', () => {
    const got = samples(`${REFIT}\n2014-04-01 00:00:00,0.0,0,0,0,0\n2014-04-01 00:01:00,,0,0,0,0\n`);
    expect(got.map((s) => s.aggregate_w)).toEqual([null, null]);
  });

  it('resolves the repeated autumn hour in file order and refuses the skipped spring hour', () => {
    const autumn = [
      '2014-10-26 01:30:00',
      '2014-10-26 01:59:00',
      '2014-10-26 01:00:00',
      '2014-10-26 01:30:00',
      '2014-10-26 02:00:00',
    ]
      .map((t) => `${t},100,0,0,0,0`)
      .join('\n');
    expect(samples(`${REFIT}\n${autumn}`).map((s) => formatUtc(s.t))).toEqual([
      '2014-10-26T00:30:00Z',
      '2014-10-26T00:59:00Z',
      '2014-10-26T01:00:00Z',
      '2014-10-26T01:30:00Z',
      '2014-10-26T02:00:00Z',
    ]);
    expect(message(parseAppliancePowerCsv(`${REFIT}\n2015-03-29 01:30:00,100,0,0,0,0\n`, london))).toBe(
      'Row 2, field Time: "2015-03-29 01:30:00" does not exist in Europe/London (the clocks went forward over it)',
    );
  });

  it('reads UTC-labelled files with naiveTimeZone UTC, and ISO or epoch times without one', () => {
    const utc = samples(`${REFIT}\n2013-07-01 00:00:00,1,0,0,0,0\n`, {
      interval_s: 60,
      naiveTimeZone: 'UTC',
    });
    expect(utc[0]?.t).toBe(1_372_636_800);
    const iso = samples(`${REFIT}\n2013-07-01T00:00:00Z,1,0,0,0,0\n1372636860,1,0,0,0,0\n`, {
      interval_s: 60,
    });
    expect(iso.map((s) => s.t)).toEqual([1_372_636_800, 1_372_636_860]);
  });

  it.each([
    [
      '2014-04-01 00:00:00,100,0,0,0,0',
      { interval_s: 60 },
      'Row 2, field Time: "2014-04-01 00:00:00" has no UTC offset; add Z or +01:00 (e.g. 2024-10-01T00:00:00+01:00), or set naiveTimeZone',
    ],
    [
      '2014-04-01 00:00:30,100,0,0,0,0',
      london,
      'Row 3, field Time: 2014-03-31T23:00:30Z is less than interval_s=60 after the previous row (2014-03-31T23:00:00Z); rows must be in time order',
    ],
    [
      '2014-03-31 23:59:00,100,0,0,0,0',
      london,
      'Row 3, field Time: 2014-03-31T22:59:00Z is less than interval_s=60 after the previous row (2014-03-31T23:00:00Z); rows must be in time order',
    ],
    [
      '2014-04-01 00:29:30,100,0,0,0,0',
      london,
      'Row 3, field Time: a 60 s sample from 2014-03-31T23:29:30Z crosses a half-hour',
    ],
    ['2014-04-01 00:01:00,100,NaN,0,0,0', london, 'Row 3, field Kettle: "NaN" is not a number of watts'],
    ['2014-04-01 00:01:00,100,0x10,0,0,0', london, 'Row 3, field Kettle: "0x10" is not a number of watts'],
    [
      '2014-04-01 00:01:00,Infinity,0,0,0,0',
      london,
      'Row 3, field Aggregate: "Infinity" is not a number of watts',
    ],
    [
      '2014-04-01 00:01:00,1e309,0,0,0,0',
      london,
      'Row 3, field Aggregate: "1e309" W is above the 100000 W a home can draw',
    ],
    [
      '2014-04-01 00:01:00,100,0,-1,0,0',
      london,
      'Row 3, field Dishwasher: "-1" is negative; power drawn cannot be below zero',
    ],
    [
      '2014-04-01 00:01:00,100,0,"1,5",0,0',
      london,
      'Row 3, field Dishwasher: "1,5" is not a number of watts',
    ],
    ['2014-04-01 00:01:00,100,0,0,0', london, 'Row 3: has 5 fields but the header has 6'],
    [
      ',100,0,0,0,0',
      london,
      'Row 3, field Time: is empty; expected epoch seconds (e.g. 1727737200) or ISO 8601 with an offset (e.g. 2024-10-01T00:00:00+01:00)',
    ],
  ] as const)('refuses %j naming row and column', (line, options, expected) => {
    const text = `${REFIT}\n2014-04-01 00:00:00,100,0,0,0,0\n${line}\n`;
    expect(message(parseAppliancePowerCsv(text, options))).toBe(expected);
  });

  it('reports columns it cannot map instead of dropping them', () => {
    const text = 'Time,Aggregate,Kettle,Hi-Fi,Toaster2\n2014-04-01T00:00:00Z,1,0,0,0\n';
    expect(message(parseAppliancePowerCsv(text, { interval_s: 60 }))).toMatch(
      /^Row 1, field Hi-Fi: no appliance type matches this column \(2 such: Hi-Fi, Toaster2\); rename it to one of kettle, microwave, washing_machine/,
    );
    const skipped = parseAppliancePowerCsv(text, {
      interval_s: 60,
      onUnmapped: 'skip',
      columns: { toaster2: 'toaster' },
    });
    expect(skipped.ok && skipped.value.columns).toMatchObject({
      appliances: [
        { column: 'Kettle', appliance: 'kettle' },
        { column: 'Toaster2', appliance: 'toaster' },
      ],
      unmapped: ['Hi-Fi'],
    });
    const ignored = parseAppliancePowerCsv(text, {
      interval_s: 60,
      columns: { 'Hi-Fi': 'ignore', Toaster2: 'ignore' },
    });
    expect(ignored.ok && ignored.value.columns.ignored).toEqual(['Hi-Fi', 'Toaster2']);
  });

  it('refuses bad options and headers', () => {
    expect(message(parseAppliancePowerCsv(`${REFIT}\n`, { interval_s: 0 }))).toBe(
      'interval_s: 0 is not a whole number of seconds from 1 to 1800',
    );
    expect(message(parseAppliancePowerCsv('Time,Aggregate,mains_W\n', { interval_s: 60 }))).toBe(
      'Row 1, field mains_W: a second whole-house column (the first is "Aggregate")',
    );
    expect(message(parseAppliancePowerCsv('Time\n', { interval_s: 60 }))).toBe(
      'Row 1: the header has no whole-house or appliance columns',
    );
    expect(message(parseAppliancePowerCsv(`${REFIT}\n`, london))).toBe(
      'the file has a header but no samples',
    );
    expect(message(parseAppliancePowerCsv(`${REFIT}\n`, { ...london, timeColumn: 'When' }))).toBe(
      'Row 1, field When: the header has no time column',
    );
  });

  it('streams the same samples as the whole-string parser', async () => {
    const rows = Array.from(
      { length: 90 },
      (_, i) => `${1_396_310_400 + i * 60},${100 + i},${i % 7 === 0 ? 2000 : 0},0,0,0`,
    );
    const text = `${REFIT}\n${rows.join('\n')}\n`;
    const { columns, samples: stream } = await openAppliancePowerCsv(
      (text.match(/[\s\S]{1,50}/g) ?? []).map((c) => new TextEncoder().encode(c)),
      { interval_s: 60 },
    );
    const got: PowerSample[] = [];
    for await (const s of stream) got.push(s);
    const whole = parseAppliancePowerCsv(text, { interval_s: 60 });
    expect(whole.ok && whole.value).toEqual({ columns, samples: got });
    await expect(openAppliancePowerCsv('', { interval_s: 60 })).rejects.toThrow('the file is empty');
  });
});
