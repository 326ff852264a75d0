import { demoHomes } from '@homeview/simulator';
import type { Db } from '../../apps/server/src/db/types';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { createAccount, createHouse } from '../../apps/server/src/features/accounts/users';
import { ingestSimulatedDays, type ReadingInterval } from '../../apps/server/src/features/demo/ingest-days';
import { houseOf } from '../../apps/server/src/shared/house';

// The benches' one measured home: an account `bench-user` whose London home is the demo family home,
// its simulated readings every `intervalS` seconds from `from` to `to`, stored as the demo stores its days.

export async function seedBenchHome(
  db: Db,
  intervalS: ReadingInterval,
  window: { from: number; to: number; now: number },
) {
  const userId = await createAccount(db, new PasswordHasher(1000), {
    username: 'bench-user',
    email: null,
    password: 'Bench-Pass1!',
    setupDone: true,
  });
  await createHouse(db, { ownerUserId: userId, name: 'Bench', timeZone: 'Europe/London' });
  const house = (await houseOf(db, userId))!;
  const real = await ingestSimulatedDays(db, house.id, demoHomes().own, intervalS, {
    from: window.from,
    to: window.to,
    eventsFrom: window.from,
    now: window.now,
    zone: house.time_zone,
  });
  return { userId, house, real };
}
