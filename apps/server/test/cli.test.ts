import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { describeEachDb, copyPgliteTemplate } from './support/db';
import { childEnv, lastLine, runTs } from './support/spawn';
import { SCRATCH_DIR } from './support/scratch';

// The admin CLI: every command and refusal in-process on both databases, then the real entry point as
// a child process (exit codes, the id alone on the last line, the PGlite directory lock).

describeEachDb('admin commands', (suite) => {
  const admin = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    // The suite's database, lent to the CLI without letting it close it.
    const lent: Db = { ...suite.db, close: async () => undefined };
    const code = await runAdmin(argv, {
      env: { PASSWORD_ITERATIONS: '1000' },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      open: async () => lent,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('creates users, a house and a link, each printing its id', async () => {
    expect(
      await admin(
        'create-user',
        '--username',
        'alice',
        '--email',
        'alice@example.com',
        '--password',
        'Secret-Pass1',
      ),
    ).toEqual({ code: 0, out: '1', err: '' });
    expect(
      await admin('create-user', '--username=bob', '--email=bob@example.com', '--password=Other-Pass1'),
    ).toMatchObject({ code: 0, out: '2' });
    expect(
      await admin('create-house', '--user', 'alice', '--name', 'Alice Towers', '--zone', 'Europe/Paris'),
    ).toMatchObject({ code: 0, out: '1' });
    expect(await admin('create-house', '--user', 'bob')).toMatchObject({ code: 0, out: '2' });
    expect(await admin('link-dependant', '--carer', 'alice', '--dependant', 'bob')).toMatchObject({
      code: 0,
      out: '1',
    });
    const { rows } = await suite.db.query(
      'select h.name, h.time_zone, u.username from houses h join users u on u.id = h.owner_user_id order by h.id',
    );
    expect(rows).toEqual([
      { name: 'Alice Towers', time_zone: 'Europe/Paris', username: 'alice' },
      { name: 'My Home', time_zone: 'Europe/London', username: 'bob' },
    ]);
    const links = await suite.db.query<{ accepted: boolean }>(
      'select accepted_at is not null as accepted from carer_links',
    );
    expect(links.rows).toEqual([{ accepted: true }]);
  });

  it("keeps a home's outward code only (the carbon forecast's region)", async () => {
    expect(await admin('set-postcode', '--user', 'alice', '--postcode', 'rg41 2ab')).toEqual({
      code: 0,
      out: 'RG41',
      err: '',
    });
    const { rows } = await suite.db.query(
      `select h.postcode from houses h join users u on u.id = h.owner_user_id where u.username = 'alice'`,
    );
    expect(rows).toEqual([{ postcode: 'RG41' }]);
  });

  it.each([
    [[], /Usage: npm run admin/],
    [['launch-rockets'], /Unknown command "launch-rockets"/],
    [['create-user', '--username', 'carol', '--email', 'carol@example.com'], /--password is required/],
    [
      ['create-user', '--username', 'carol', '--email', 'carol@example.com', '--password', 'short'],
      /Your password must contain a special character\./,
    ],
    [
      ['create-user', '--username', 'carol', '--email', 'carol@example.com', '--password', 'alllower-1'],
      /must contain an uppercase letter/,
    ],
    [
      ['create-user', '--username', 'alice', '--email', 'a@example.com', '--password', 'Secret-Pass1'],
      /"alice" already exists/,
    ],
    [
      ['create-user', '--username', 'bad name', '--email', 'a@example.com', '--password', 'Secret-Pass1'],
      /.+/,
    ],
    [
      ['create-user', '--username', 'dave', '--email', 'not-an-email', '--password', 'Secret-Pass1'],
      /not an email/,
    ],
    [
      [
        'create-user',
        '--username',
        'dave',
        '--email',
        'd@example.com',
        '--password',
        'Secret-Pass1',
        '--admin',
        'yes',
      ],
      /Unknown flag --admin/,
    ],
    [['create-user', '--username'], /--username needs a value/],
    [['create-user', '--username', 'x', '--username', 'y'], /--username is given twice/],
    [['create-house', '--user', 'nobody'], /No user named "nobody"/],
    [['create-house', '--user', 'alice'], /already has a house/],
    [['create-house', '--user', 'bob', '--zone', 'Mars/Olympus'], /not an IANA time zone/],
    [
      ['create-house', '--user', 'bob', '--zone', 'Asia/Kathmandu'],
      /"Asia\/Kathmandu" is not supported.*whole half-hour/,
    ],
    [
      ['create-house', '--user', 'bob', '--zone', 'Australia/Eucla'],
      /"Australia\/Eucla" is not supported.*whole half-hour/,
    ],
    [['set-postcode', '--user', 'alice', '--postcode', 'LONDON'], /"LONDON" is not a UK postcode/],
    [['create-house', '--user', 'bob', '--postcode', '12345'], /"12345" is not a UK postcode/],
    [['link-dependant', '--carer', 'alice', '--dependant', 'alice'], /own dependant/],
    [['link-dependant', '--carer', 'alice', '--dependant', 'bob'], /already linked/],
  ])('refuses %j with a sentence and exit code 1', async (argv, message) => {
    const res = await admin(...(argv as string[]));
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
    expect(res.err).not.toMatch(/\bat .*:\d+/); // a sentence, not a stack trace
    expect(res.out).toBe('');
  });
});

describe('admin CLI as a process', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    root = await mkdtemp(join(SCRATCH_DIR, 'homeview-cli-'));
    await copyPgliteTemplate(join(root, 'data'));
    env = childEnv({ DATA_DIR: join(root, 'data') });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('prints the new id alone on the last line and exits 0', async () => {
    const res = await runTs(
      'cli/admin.ts',
      ['create-user', '--username', 'alice', '--email', 'a@example.com', '--password', 'Secret-Pass1'],
      env,
    );
    expect([res.code, lastLine(res.stdout), res.stderr]).toEqual([0, '1', '']);
  });

  it('exits 1 with a message on stderr for bad arguments', async () => {
    const res = await runTs('cli/admin.ts', ['create-house'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/--user is required/);
    expect(res.stdout).toBe('');
  });

  it('refuses a PGlite directory another process holds, rather than corrupt it', async () => {
    const held = await openPglite(join(root, 'data'));
    const res = await runTs('cli/admin.ts', ['create-house', '--user', 'alice'], env);
    await held.close();
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/in use by process \d+/);
  });
});
