import { Ranking } from '@homeview/contract';
import { formatKwh } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { houseOf } from '../src/shared/house';
import { OTHERS_TTL_S, freshRankingRows } from '../src/features/rankings/repository';
import { userRanking } from '../src/features/rankings/service';
import { ingestReadings, type Reading } from '../src/features/readings/ingest';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, expectedOf, houseWithData, STANDING_NANO, shown } from './support/energy';

// GET /energy_info/user_rankings/ against an independent calculation: 18 homes with half-hourly readings
// written here, grouped by hand (property type, occupants), averages over the homes with ≥ 90% data.

const NOW = at('2024-11-13T12:00:00Z');
const WEEK = at('2024-11-04T00:00:00Z'); // Monday; Europe/London is on GMT
const DAY = 86_400;
const FROM = WEEK - 2 * DAY;
const TO = WEEK + 8 * DAY;

/** Half-hourly readings over [FROM, TO) from a small LCG, without [gap[0], gap[1]). */
function readings(seed: number, generates: boolean, gap?: [number, number]): Reading[] {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
  const out: Reading[] = [];
  for (let t = FROM; t < TO; t += 1800) {
    const import_wh = 50 + next(400) + seed; // homes differ in size
    const generation_wh = generates ? next(200) : 0;
    if (gap && t >= gap[0] && t < gap[1]) continue;
    out.push({
      start: t,
      interval_s: 1800,
      import_wh,
      export_wh: Math.floor(generation_wh / 3),
      generation_wh,
    });
  }
  return out;
}

interface Home {
  person: Person;
  houseId: number;
  readings: Reading[];
  type: string;
  occupants: number;
}

describeEachDb('user rankings', (suite) => {
  let t: TestApp;
  let me: Home;
  let flat: Home;
  const homes: Home[] = [];
  let session: Session;
  const get = (url: string, s: Session = session) =>
    t.app.inject({ method: 'GET', url, headers: s.headers() });

  async function addHome(
    name: string,
    type: string | null,
    occupants: number,
    seed: number,
    generates = true,
    gap?: [number, number],
  ) {
    const person = await makeUser(suite.db, name);
    const rs = readings(seed, generates, gap);
    const houseId = await houseWithData(suite.db, person.id, rs, NOW);
    await suite.db.query('update houses set property_type = $2, range18_64 = $3 where id = $1', [
      houseId,
      type,
      occupants,
    ]);
    const home = { person, houseId, readings: rs, type: type ?? '', occupants };
    homes.push(home);
    return home;
  }

  beforeAll(async () => {
    me = await addHome('me', 'Semi_detached', 3, 1);
    // Gas too (issue 35): the ranking stays electricity's alone, figures and all, and lists the fuels.
    const gas = readings(2, false).map((r) => ({ ...r, import_wh: r.import_wh * 3 }));
    await ingestReadings(suite.db, me.houseId, gas, { now: NOW, fuel: 'gas' });
    for (let i = 0; i < 4; i++) await addHome(`same${i}`, 'Semi_detached', 3, 10 + i);
    for (let i = 0; i < 7; i++) await addHome(`near${i}`, 'Semi_detached', i % 2 === 0 ? 2 : 4, 20 + i);
    for (let i = 0; i < 2; i++) await addHome(`big${i}`, 'Semi_detached', 6, 30 + i);
    flat = await addHome('flat0', 'Flat', 1, 40, false);
    for (let i = 1; i < 3; i++) await addHome(`flat${i}`, 'Flat', 1, 40 + i);
    // A day missing in the week: 6/7 of it covered, under 90%, so in no average.
    await addHome('gappy', 'Semi_detached', 3, 50, true, [WEEK + 2 * DAY, WEEK + 3 * DAY]);
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, me.person);
  });

  /** A home's week, from its readings priced with the domain (7 days of standing charge). */
  function weekOf(home: Home) {
    const e = expectedOf(home.readings, WEEK, WEEK + 7 * DAY);
    return { cost: e.import_cost + 7 * STANDING_NANO, consumed: e.consumed_wh, generated: e.generated_wh };
  }
  const avg = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  const kwh = (wh: number) => Number(formatKwh(wh, 3));

  it('compares a week with the widened similar group and with all homes that have 90% of the data', async () => {
    const res = await get(
      `/api/v3/energy_info/user_rankings/?user_id=${me.person.id}&timescale=week&timestamp=${WEEK + 3 * DAY}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const ranking = Ranking.parse(res.json());
    const others = homes.filter((h) => h !== me && h.person.username !== 'gappy');
    // 4 homes of the same size (+1 with gaps, left out) < 10, so occupants 2 to 4: 4 + 7 = 11 homes.
    const similar = others.filter((h) => h.type === 'Semi_detached' && Math.abs(h.occupants - 3) <= 1);
    expect(similar).toHaveLength(11);
    expect(ranking.compared).toEqual({
      group: 'near_size',
      description: 'Semi Detached homes with 2 to 4 occupants',
      homes: 11,
    });
    const mine = weekOf(me);
    const sim = similar.map(weekOf);
    const all = others.map(weekOf);
    expect(ranking.period).toEqual({ time_unit: 'week', start_timestamp: WEEK });
    // The house's zone, in which the screen names the compared dates.
    expect(ranking.time_zone).toBe('Europe/London');
    expect(ranking.cost).toEqual({
      you: shown(mine.cost),
      similar: shown(avg(sim.map((w) => w.cost))),
      all: shown(avg(all.map((w) => w.cost))),
    });
    expect(ranking.consumption).toEqual({
      you: kwh(mine.consumed),
      similar: kwh(avg(sim.map((w) => w.consumed))),
      all: kwh(avg(all.map((w) => w.consumed))),
    });
    expect(ranking.generation).toEqual({
      you: kwh(mine.generated),
      similar: kwh(avg(sim.map((w) => w.generated))),
      all: kwh(avg(all.map((w) => w.generated))),
    });
    const pct = Math.round(
      ((mine.consumed - avg(sim.map((w) => w.consumed))) / avg(sim.map((w) => w.consumed))) * 100,
    );
    expect(ranking.summary).toBe(
      `You used ${Math.abs(pct)}% ${pct < 0 ? 'less' : 'more'} than similar homes`,
    );
    expect(ranking).toMatchObject({ currency_unit: '£', energy_unit: 'kWh' });
    expect(ranking.fuels).toEqual(['electricity', 'gas']);
  });

  it('leaves generation out for a home that generates nothing, and names a property-type-only group', async () => {
    const flatSession = await login(t.app, flat.person);
    const res = await get(
      `/api/v3/energy_info/user_rankings/?user_id=${flat.person.id}&timescale=week&timestamp=${WEEK}`,
      flatSession,
    );
    const ranking = Ranking.parse(res.json());
    expect(ranking.generation).toBeNull();
    expect(ranking.compared).toEqual({ group: 'property_type', description: 'Flat homes', homes: 2 });
    expect(ranking.fuels).toEqual(['electricity']);
  });

  it('leaves out every home without 90% of a month, and says there is nothing to compare', async () => {
    const res = await get(
      `/api/v3/energy_info/user_rankings/?user_id=${me.person.id}&timescale=month&timestamp=${WEEK}`,
    );
    const ranking = Ranking.parse(res.json());
    expect(ranking.period.time_unit).toBe('month');
    expect(ranking.compared?.homes).toBe(0);
    expect(ranking.cost.similar).toBe(0);
    expect(ranking.cost.you).toBeGreaterThan(0);
    expect(ranking.summary).toBe('Not enough similar homes have data for this month yet.');
  });

  it('refuses others, lets a linked carer in, and names bad fields', async () => {
    const url = `/api/v3/energy_info/user_rankings/?user_id=${me.person.id}&timescale=week`;
    const stranger = await login(t.app, flat.person);
    expect((await get(url, stranger)).statusCode).toBe(403);
    const carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, me.person);
    const asCarer = await get(url, await login(t.app, carer));
    expect(asCarer.statusCode).toBe(200);
    expect(asCarer.json()).toEqual((await get(url)).json());
    for (const [query, field] of [
      [`user_id=${me.person.id}&timescale=day`, 'timescale'],
      [`user_id=${me.person.id}`, 'timescale'],
      [`user_id=${me.person.id}&timescale=week&timestamp=soon`, 'timestamp'],
      [`user_id=${me.person.id}&timescale=week&timestamp=${NOW + 30 * DAY}`, 'timestamp'],
      ['timescale=week', 'user_id'],
    ]) {
      const res = await get(`/api/v3/energy_info/user_rankings/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });

  // Runs last: it adds readings. The call reads the other homes' period sums once a minute and this
  // home's every time; the answer must equal the one-query reference over every home's rows now.
  it('answers as the one-query reference, with new data of the asking home at once, of others within a minute', async () => {
    const asked = [
      ['week', WEEK + 3 * DAY],
      ['week', undefined], // this week: coverage measured up to now
      ['month', WEEK],
      ['month', WEEK - 10 * DAY],
    ] as const;
    const check = async (home: Home, s: Session) => {
      const house = (await houseOf(suite.db, home.person.id))!;
      const answers = [];
      for (const [unit, ts] of asked) {
        const stamp = ts === undefined ? '' : `&timestamp=${ts}`;
        const res = await get(
          `/api/v3/energy_info/user_rankings/?user_id=${home.person.id}&timescale=${unit}${stamp}`,
          s,
        );
        expect(res.statusCode, res.body).toBe(200);
        const now = t.clock.now().getTime() / 1000;
        const reference = await userRanking(suite.db, house, unit, ts, now, freshRankingRows);
        expect(res.json(), `${home.person.username} ${unit} ${ts}`).toEqual(reference);
        answers.push(res.json() as Ranking);
      }
      return answers;
    };
    const flatSession = await login(t.app, flat.person);
    await check(me, session);
    await check(flat, flatSession);

    // The asking home's new half-hours (12 Nov 00:00 to now) count at once, within the same minute.
    const before = await check(me, session);
    const late = readings(99, true).map((r) => ({ ...r, start: r.start + 10 * DAY }));
    await ingestReadings(
      suite.db,
      me.houseId,
      late.filter((r) => r.start + 1800 <= NOW),
      { now: NOW },
    );
    const after = await check(me, session);
    expect(after[1]?.consumption.you).toBeGreaterThan(before[1]?.consumption.you ?? Infinity);
    expect(after[0]).toEqual(before[0]); // an earlier week is untouched

    // Another home's new data reaches the others' side once the minute has passed.
    const near = homes.find((h) => h.person.username === 'near0')!;
    const extra = readings(98, true).map((r) => ({ ...r, start: r.start + 10 * DAY }));
    await ingestReadings(
      suite.db,
      near.houseId,
      extra.filter((r) => r.start + 1800 <= NOW),
      { now: NOW },
    );
    const thisWeek = `/api/v3/energy_info/user_rankings/?user_id=${me.person.id}&timescale=week`;
    expect((await get(thisWeek)).json()).toEqual(after[1]);
    t.clock.advance(OTHERS_TTL_S * 1000);
    const moved = await check(me, session);
    expect(moved[1]?.consumption.similar).not.toBe(after[1]?.consumption.similar);
  });
});
