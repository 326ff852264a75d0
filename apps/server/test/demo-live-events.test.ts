import { ApplianceList } from '@homeview/contract';
import { simulateDays } from '@homeview/simulator';
import { beforeAll, expect, it } from 'vitest';
import { demoSpecs } from '../src/features/demo/homes';
import { ingestSimulatedDays } from '../src/features/demo/ingest-days';
import { findHouseIdOf } from './support/houses';
import { login, makeTestApp, makeUser, type Person } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';

// The demo's live mode stores a use while it runs (up to now, energy pro rata) and lets it grow to its
// real end, so "on in the past hour" is true during the use, and a resend changes nothing.

const ZONE = 'Europe/London';
const DAY = at('2026-01-15T00:00:00Z');
const spec = demoSpecs(0).get('demo')!.spec;

/** The day's first non-continuous use of at least 20 minutes, from the same simulator the demo runs. */
function longUse() {
  const [day] = [...simulateDays(spec, { from: DAY, to: DAY + 86_400, zone: ZONE })];
  const use = day!.events.find((e) => e.end - e.start >= 1200 && e.end - e.start < 86_400);
  if (!use) throw new Error('the demo home has no long use that day');
  return use;
}

describeEachDb('demo live appliance events', (suite) => {
  let person: Person;
  let houseId: number;
  beforeAll(async () => {
    person = await makeUser(suite.db, 'live');
    houseId = (await findHouseIdOf(suite.db, person.id))!;
  });

  const stored = async (type: number, start: number) =>
    (
      await suite.db.query<{ end_ts: number; energy_wh: number }>(
        'select end_ts, energy_wh from appliance_events where house_id = $1 and appliance_type_id = $2 and start_ts = $3',
        [houseId, type, start],
      )
    ).rows[0];

  it('stores a running use up to now, shows it on, and grows it to its end', async () => {
    const use = longUse();
    const mid = use.start + Math.floor((use.end - use.start) / 120) * 60;
    const tick = (from: number, now: number) =>
      ingestSimulatedDays(suite.db, houseId, spec, 60, {
        from,
        to: now - (now % 60),
        eventsFrom: DAY,
        now,
        zone: ZONE,
      });
    await tick(DAY, mid);
    expect(await stored(use.appliance_type_id, use.start)).toEqual({
      end_ts: mid,
      energy_wh: Math.floor((use.energy_wh * (mid - use.start)) / (use.end - use.start)),
    });
    const t = await makeTestApp(suite.db);
    t.clock.advance(mid * 1000 - t.clock.now().getTime());
    const session = await login(t.app, person);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/common/appliances/?user_id=${person.id}&view_type=all`,
      headers: session.headers(),
    });
    const running = ApplianceList.parse(res.json()).appliances.find(
      (a) => a.appliance_type_id === use.appliance_type_id,
    );
    expect(running?.status.state).toBe('on');

    const later = use.end + 120;
    const grown = await tick(mid - (mid % 60), later);
    expect(grown.events).toBeGreaterThan(0);
    expect(await stored(use.appliance_type_id, use.start)).toEqual({
      end_ts: use.end,
      energy_wh: use.energy_wh,
    });
    const again = await tick(later - (later % 60), later);
    expect(again.events).toBe(0);
    expect(await stored(use.appliance_type_id, use.start)).toEqual({
      end_ts: use.end,
      energy_wh: use.energy_wh,
    });
  });
});
