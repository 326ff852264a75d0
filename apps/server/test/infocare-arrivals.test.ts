import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImport } from '../src/cli/run-import';
import type { Db } from '../src/db/types';
import { findHouseIdOf } from './support/houses';
import { runInfocare } from '../src/features/infocare/job';
import { InfocareTimer } from '../src/features/infocare/timer';
import type { Mailer } from '../src/mail/mailer';
import type { SmsSender } from '../src/sms/sms';
import { FakeClock, link, makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { syntheticReadings } from './support/energy';
import { evaluateArrivedUntil, local, seedRoutine } from './support/infocare';
import { toCsv } from './support/ingest';

// Readings that come in from a file (the import CLI's code path, in-process) wake InfoCare as readings
// over HTTP do: the one way in (features/readings/receive.ts) tells it once the file has committed, so an
// open "No data" alert clears at once, not at the next every-minute run. (From another process on
// PostgreSQL: infocare-arrivals-postgres.test.ts.)

const TODAY = '2024-11-20';
const senders: { mailer: Mailer; sms: SmsSender } = {
  mailer: { transport: 'outbox', send: async () => {}, close() {} },
  sms: { transport: 'outbox', send: async () => {} },
};

describeEachDb('InfoCare hears a file import', (suite) => {
  let dir: string;
  let houseId: number;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'homeview-arrivals-'));
    const mum = await makeUser(suite.db, 'mum');
    const carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, mum);
    houseId = (await findHouseIdOf(suite.db, mum.id)) as number;
    await seedRoutine(suite.db, houseId, TODAY, 7, local(TODAY, 8, 20));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const openAlerts = async () =>
    (
      await suite.db.query<{ name: string }>(
        'select name from infocare_alerts where house_id = $1 and cleared_at is null',
        [houseId],
      )
    ).rows.map((r) => r.name);

  it('clears "No data" once the imported file has committed', async () => {
    const now = local(TODAY, 9, 0);
    await runInfocare(suite.db, senders, now);
    expect(await openAlerts()).toContain('No data');

    const clock = new FakeClock(now * 1000 + 60_000);
    const timer = new InfocareTimer({
      db: suite.db,
      ...senders,
      clock,
      intervalS: 0, // no every-minute run: only the arrival hook
      debounceMs: 3_600_000, // evaluated below when the test asks, never by the clock
    });
    timer.start();
    await timer.listening(); // PostgreSQL: its LISTEN is in place
    try {
      const file = join(dir, `meter-${suite.kind}.csv`);
      await writeFile(file, toCsv(syntheticReadings(local(TODAY, 8, 20), local(TODAY, 9, 0), 3)));
      // The CLI closes what it opened: it gets a view of the suite's database that it may close.
      const lent: Db = { ...suite.db, close: async () => undefined, viewOf: suite.db };
      const out: string[] = [];
      const code = await runImport(['readings', '--house', String(houseId), '--format', 'generic', file], {
        env: {},
        out: (line) => out.push(line),
        err: (line) => out.push(line),
        open: async () => lent,
        now: () => clock.now(),
      });
      expect(code, out.join('\n')).toBe(0);
      expect(out[0]).toMatch(/8 readings read: 8 stored/);
      await evaluateArrivedUntil(timer, async () => !(await openAlerts()).includes('No data'));
      expect(await openAlerts()).not.toContain('No data');
    } finally {
      await timer.stop();
    }
  });
});
