import { it, expect } from 'vitest';
import { createPgliteDatabase } from './support/db';
import { makeTestApp, makeUser, login } from './support/app';

it('scratch', async () => {
  const d = await createPgliteDatabase();
  const u = await makeUser(d.db, 'alice');
  const t = await makeTestApp(d.db);
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const start = now - (now % 1800) - 3 * 86400;
  for (let s = start; s < now - (now % 1800); s += 1800) {
    await d.db.query('insert into rollups values (1, $1, 1800, 500, 100, 300, 500*246700, 100*150000, 0)', [
      s,
    ]);
  }
  const s = await login(t.app, u);
  for (const url of [
    '/api/v3/energy_info/today/?user_id=1',
    '/api/v3/energy_info/detail/?user_id=1&timescale=week',
    '/api/v3/energy_info/detail/?user_id=1&timescale=hour&timestamp=' + (now - 7200),
    '/api/v3/dashboard/',
  ]) {
    const r = await t.app.inject({ url, headers: s.headers() });
    console.log(url, r.statusCode, r.body.slice(0, 1500));
  }
  await t.app.close();
  await d.drop();
});
