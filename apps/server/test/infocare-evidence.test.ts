import { addDays, applianceTypeId, evaluateAlerts } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { loadSituation } from '../src/features/infocare/engine';
import { RoutineCache } from '../src/features/infocare/routine-cache';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { KETTLE, local, readingsBetween, seedRoutine } from './support/infocare';
import { insertUses } from './support/uses';

// What the engine counts as a person (issue 36), in a home with plugs away for some days: the plugs have
// nothing to say while nobody is home, and the meter's guesses (a load it cannot name, a "kettle" where the
// kettle's plug saw nothing) must not start the morning. The home still measures appliances: the engine
// knows it from the days its routine was learned from, not only from the last day and a half it reads.

const TODAY = '2024-11-20'; // a Wednesday
const ZONE = 'Europe/London';

describeEachDb('InfoCare evidence of a person in a home with plugs', (suite) => {
  let house: { id: number; owner_user_id: number; time_zone: string };

  beforeAll(async () => {
    const mum = await makeUser(suite.db, 'mum');
    const id = (await findHouseIdOf(suite.db, mum.id)) as number;
    house = { id, owner_user_id: mum.id, time_zone: ZONE };
    // Plug uses every day up to three days ago, then nothing: the family is away; the meter reports on.
    await seedRoutine(suite.db, id, addDays(TODAY, -2), 25, local(addDays(TODAY, -2), 0));
    await readingsBetween(suite.db, id, local(addDays(TODAY, -2), 0), local(TODAY, 9));
    // This morning the meter saw a load it could not name (a thermostat) and one of a kettle's power.
    await insertUses(suite.db, [
      {
        house_id: id,
        appliance_type_id: applianceTypeId('activity'),
        start_ts: local(TODAY, 6, 40),
        end_ts: local(TODAY, 7, 0),
        energy_wh: 500,
        estimated: true,
      },
      {
        house_id: id,
        appliance_type_id: KETTLE,
        start_ts: local(TODAY, 7, 5),
        end_ts: local(TODAY, 7, 7),
        energy_wh: 100,
        estimated: true,
      },
    ]);
  });

  it('counts neither the unnamed load nor the guessed kettle: the morning is not started', async () => {
    const situation = await loadSituation(suite.db, house, local(TODAY, 9), new RoutineCache());
    expect(situation.routine).toBeDefined();
    expect(situation.occurrences).toEqual([]);
    expect(evaluateAlerts(situation).map((a) => a.kind)).toEqual(['morning']);
  });
});
