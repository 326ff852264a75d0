import { expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import type { Db } from '../src/db/types';
import { describeEachDb } from './support/db';

// `npm run admin -- add-device / remove-device / devices` (issue 23) in-process on both databases.

describeEachDb('device admin commands', (suite) => {
  const admin = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const lent: Db = { ...suite.db, close: async () => undefined };
    const code = await runAdmin(argv, {
      env: { PASSWORD_ITERATIONS: '1000' },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      open: async () => lent,
      now: () => new Date('2026-03-29T00:30:00Z'),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('registers a Glow for the whole house and a Shelly plug on the kettle, lists and removes them', async () => {
    await admin(
      'create-user',
      '--username',
      'dee',
      '--email',
      'dee@example.com',
      '--password',
      'Secret-Pass1',
    );
    expect(await admin('create-house', '--user', 'dee')).toMatchObject({ code: 0, out: '1' });
    await suite.db.query(
      `insert into unclaimed_devices (kind, device_id, first_seen, last_seen, messages) values ('glow', 'AABBCCDDEEFF', 1, 2, 3)`,
    );
    expect(await admin('add-device', '--house', '1', '--kind', 'glow', '--id', 'AABBCCDDEEFF')).toEqual({
      code: 0,
      out: '1',
      err: '',
    });
    const plug = await admin(
      'add-device',
      '--house',
      '1',
      '--kind',
      'shelly',
      '--id',
      'shellyplusplugs-a8',
      '--appliance',
      'KETTLE',
    );
    expect(plug).toEqual({ code: 0, out: '2', err: '' });
    const { rows } = await suite.db.query(
      `select d.kind, d.device_id, t.key, d.created_at::float8 as created_at
       from devices d left join appliance_types t on t.id = d.appliance_type_id order by d.id`,
    );
    expect(rows).toEqual([
      { kind: 'glow', device_id: 'AABBCCDDEEFF', key: null, created_at: Date.UTC(2026, 2, 29, 0, 30) / 1000 },
      {
        kind: 'shelly',
        device_id: 'shellyplusplugs-a8',
        key: 'kettle',
        created_at: Date.UTC(2026, 2, 29, 0, 30) / 1000,
      },
    ]);
    // Claimed: no longer listed as unclaimed.
    expect((await suite.db.query('select * from unclaimed_devices')).rows).toEqual([]);

    const list = await admin('devices', '--house', '1');
    expect(list.code).toBe(0);
    expect(list.out.split('\n')).toEqual([
      '1\tglow\tAABBCCDDEEFF\twhole house\tno message yet',
      '2\tshelly\tshellyplusplugs-a8\tkettle\tno message yet',
      '2 devices',
    ]);
    expect(await admin('remove-device', '--house', '1', '--device', '2')).toEqual({
      code: 0,
      out: '2',
      err: '',
    });
    expect((await admin('devices', '--house', '1')).out.split('\n').at(-1)).toBe('1 device');
    // The second switch of a two-channel Shelly on the microwave (switch:1 is channel 1).
    const second = await admin(
      'add-device',
      '--house',
      '1',
      '--kind',
      'shelly',
      '--id',
      'shellyplus2pm-b1',
      '--channel',
      '1',
      '--appliance',
      'microwave',
    );
    expect(second).toEqual({ code: 0, out: '3', err: '' });
    expect((await admin('devices', '--house', '1')).out.split('\n').at(1)).toBe(
      '3\tshelly\tshellyplus2pm-b1 channel 1\tmicrowave\tno message yet',
    );
  });

  it.each([
    [['add-device', '--house', '1', '--kind', 'hue', '--id', 'x'], /Unknown kind "hue": use glow, shelly/],
    [
      ['add-device', '--house', '1', '--kind', 'tasmota', '--id', 'k', '--appliance', 'toastie'],
      /Unknown appliance "toastie": use one of kettle/,
    ],
    [['add-device', '--house', '1', '--kind', 'tasmota', '--id', 'a/b'], /cannot contain \/, \+ or #/],
    [['add-device', '--house', '99', '--kind', 'glow', '--id', 'A1'], /There is no house 99\./],
    [['add-device', '--house', 'one', '--kind', 'glow', '--id', 'A1'], /--house must be a house id/],
    [['add-device', '--house', '1', '--kind', 'glow', '--id', 'AABBCCDDEEFF'], /already registered/],
    [['add-device', '--house', '1', '--kind', 'glow'], /--id is required/],
    [['remove-device', '--house', '1', '--device', '7'], /House 1 has no device 7\./],
    [['add-device', '--house', '1', '--kind', 'emon', '--id', 'e', '--channel', 'two'], /--channel must be/],
    [['add-device', '--house', '1', '--kind', 'emon', '--id', 'e', '--channel', '32'], /from 0 to 31/],
  ])('refuses %j with a message and exit 1', async (argv, message) => {
    const before = (await suite.db.query('select count(*)::int as n from devices')).rows;
    const res = await admin(...argv);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
    expect(res.out).toBe('');
    expect((await suite.db.query('select count(*)::int as n from devices')).rows).toEqual(before);
  });

  // Issue 33.14: a device id comes from anyone on the broker (claimed as it publishes), and MQTT allows a
  // right-to-left override in it; the CLI printed it raw, turning the rest of the line around.
  it('writes out the characters of an id that would act on a terminal, keeping its own tabs and lines', async () => {
    await admin(
      'create-user',
      '--username',
      'rtl',
      '--email',
      'rtl@example.com',
      '--password',
      'Secret-Pass1',
    );
    const house = (await admin('create-house', '--user', 'rtl')).out;
    const id = 'meter\u202eexe.gnp\u2066';
    expect(await admin('add-device', '--house', house, '--kind', 'glow', '--id', id)).toMatchObject({
      code: 0,
    });
    const list = await admin('devices', '--house', house);
    expect(list.out.split('\n')).toEqual([
      `${list.out.split('\t')[0]}\tglow\tmeter\\u202eexe.gnp\\u2066\twhole house\tno message yet`,
      '1 device',
    ]);
    // A message quoting the id (a second whole-house meter is refused) is written out the same way.
    const second = await admin('add-device', '--house', house, '--kind', 'emon', '--id', 'e1');
    expect(second.code).toBe(1);
    expect(second.err).toContain('"meter\\u202eexe.gnp\\u2066"');
    expect(second.err).not.toMatch(/[\u202e\u2066]/);
  });
});
