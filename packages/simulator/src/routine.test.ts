import { describe, expect, test } from 'vitest';
import { applianceTypeId } from '@homeview/domain';
import { resolveHome } from './home';
import { demoHomes } from './presets';
import { routineDeviations } from './routine-plan';
import { simulateDays } from './simulate';
import { localMinutes, utc } from './test-support';
import { dayNumberOfDate } from './zone';

const KETTLE = applianceTypeId('kettle');
const mum = demoHomes().mum;

function kettleMinutes(events: readonly { appliance_type_id: number; start: number }[]): number[] {
  return events.filter((e) => e.appliance_type_id === KETTLE).map((e) => localMinutes(e.start));
}

describe("Mum's bungalow routine", () => {
  const days = [...simulateDays(mum, { from: utc(2023, 1, 1), to: utc(2025, 1, 1) })];
  const home = resolveHome(mum);

  test('the morning kettle is at 07:00 ± 30 min local on most days', () => {
    const onTime = days.filter((d) => {
      const first = kettleMinutes(d.events)[0];
      return first !== undefined && Math.abs(first - 420) <= 30;
    });
    expect(onTime.length / days.length).toBeGreaterThan(0.8);
  });

  test('on every ordinary day (no morning deviation) the first kettle is 07:00 ± 30 min', () => {
    const late: string[] = [];
    for (const d of days) {
      const dev = routineDeviations(home, dayNumberOfDate(d.date));
      if (dev.morningShift > 0 || dev.noEarlyKettle) continue;
      const first = kettleMinutes(d.events)[0];
      if (first === undefined || Math.abs(first - 420) > 30) late.push(`${d.date} ${first}`);
    }
    expect(late).toEqual([]);
  });

  test('the routine holds at 07:00 local on clock-change days too (many seeds)', () => {
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const spec = { ...mum, seed };
      const h = resolveHome(spec);
      for (const [date, from, minutes] of [
        ['2024-03-31', utc(2024, 3, 31), 1380],
        ['2024-10-27', utc(2024, 10, 26, 23), 1500],
      ] as const) {
        const [day] = [...simulateDays(spec, { from, to: from + minutes * 60 })];
        expect(day?.date).toBe(date);
        expect(day?.minutes).toBe(minutes);
        const dev = routineDeviations(h, dayNumberOfDate(date));
        if (dev.morningShift > 0 || dev.noEarlyKettle) continue;
        const kettles = kettleMinutes(day?.events ?? []);
        expect(Math.abs((kettles[0] ?? 0) - 420)).toBeLessThanOrEqual(30);
        expect(kettles.some((m) => Math.abs(m - 1170) <= 30) || dev.missingEvening).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  test('deviations happen now and then: late mornings, no early kettle, a rare missing evening', () => {
    let lateMornings = 0;
    let noEarlyKettle = 0;
    let missingEvening = 0;
    for (const d of days) {
      const kettles = kettleMinutes(d.events);
      const first = kettles[0];
      if (first !== undefined && first > 480 && first < 600) lateMornings++;
      if (!kettles.some((m) => m < 600)) noEarlyKettle++;
      if (
        !d.events.some(
          (e) => localMinutes(e.start) >= 1080 && e.appliance_type_id !== applianceTypeId('fridge_freezer'),
        )
      ) {
        missingEvening++;
      }
    }
    // Over two years: late mornings about every 2 weeks, no early kettle about every 3 weeks.
    expect(lateMornings).toBeGreaterThan(25);
    expect(lateMornings).toBeLessThan(90);
    expect(noEarlyKettle).toBeGreaterThan(15);
    expect(noEarlyKettle).toBeLessThan(70);
    expect(missingEvening).toBeGreaterThan(3);
    expect(missingEvening).toBeLessThan(40);
  });

  test('washing twice a week, TV most afternoons and evenings, a microwave lunch', () => {
    const count = (key: Parameters<typeof applianceTypeId>[0]) =>
      days.flatMap((d) => d.events).filter((e) => e.appliance_type_id === applianceTypeId(key)).length;
    const weeks = days.length / 7;
    expect(count('washing_machine') / weeks).toBeCloseTo(2, 0);
    expect(count('microwave') / days.length).toBeGreaterThan(0.95);
    expect(count('television') / days.length).toBeGreaterThan(1.6);
  });
});

describe('set departures (the demo story for InfoCare)', () => {
  const date = '2025-03-30'; // the spring clock change: 23 hours
  const from = utc(2025, 3, 30);
  const FRIDGE = applianceTypeId('fridge_freezer');
  const day = (spec: typeof mum) =>
    [...simulateDays(spec, { from, to: from + 23 * 3600, zone: 'Europe/London' })][0]!;
  const ordinary = day(mum);
  const departing = (departures: NonNullable<typeof mum.routine>['departures']) =>
    day({ ...mum, routine: { ...mum.routine!, departures } });
  const sum = (a: Int32Array) => a.reduce((s, v) => s + v, 0);

  test('a quiet afternoon drops every use starting then from the events and the meter alike', () => {
    const quiet = departing([{ date, quiet: { from: '11:30', to: '20:00' } }]);
    const inside = (e: { start: number }) => localMinutes(e.start) >= 690 && localMinutes(e.start) < 1200;
    const dropped = ordinary.events.filter((e) => inside(e) && e.appliance_type_id !== FRIDGE);
    expect(dropped.length).toBeGreaterThan(2);
    expect(quiet.events.filter((e) => inside(e) && e.appliance_type_id !== FRIDGE)).toEqual([]);
    // Everything else that day is as it was, and the meter lost exactly the dropped uses' energy.
    expect(quiet.events.filter((e) => !inside(e))).toEqual(ordinary.events.filter((e) => !inside(e)));
    const lost = sum(ordinary.importWh) - sum(quiet.importWh);
    const energy = dropped.reduce((s, e) => s + e.energy_wh, 0);
    expect(Math.abs(lost - energy)).toBeLessThanOrEqual(dropped.length + 2);
  });

  test('an oven left on runs from the time set for as long as set; other dates are untouched', () => {
    const oven = departing([{ date, leftOn: { appliance: 'oven', at: '17:40', minutes: 260 } }]);
    const added = oven.events.filter((e) => !ordinary.events.some((o) => o.start === e.start));
    expect(added).toMatchObject([
      { appliance_type_id: applianceTypeId('oven'), end: added[0]!.start + 260 * 60 },
    ]);
    expect(localMinutes(added[0]!.start)).toBe(17 * 60 + 40);
    expect(departing([{ date: '2025-03-31', quiet: { from: '00:00', to: '24:00' } }])).toEqual(ordinary);
  });

  test('a morning running later (a drift over weeks) moves the habits before 10:00 by that much, no others', () => {
    const later = departing([{ date, morningLater: 45 }]);
    const uses = (events: typeof ordinary.events, move: (minute: number) => number) =>
      events
        .filter((e) => e.appliance_type_id !== FRIDGE)
        .map((e) => `${e.appliance_type_id}@${move(localMinutes(e.start))}`)
        .sort();
    expect(ordinary.events.some((e) => e.appliance_type_id !== FRIDGE && localMinutes(e.start) < 600)).toBe(
      true,
    );
    expect(uses(later.events, (m) => m)).toEqual(uses(ordinary.events, (m) => (m < 600 ? m + 45 : m)));
  });
});
