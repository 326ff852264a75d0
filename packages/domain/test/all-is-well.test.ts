import { describe, expect, it } from 'vitest';
import {
  type AllIsWellInput,
  activityOccurrences,
  allIsWell,
  learnRoutine,
  type QuietModes,
  type YesterdayWellInput,
  yesterdayIsWell,
} from '../src/index';
import { at, history, ordinaryPlan, usesOn, ZONE } from './infocare-support';

// The daily "all is well" (issue 25): sent only when the morning started as usual, data came in today and
// no alert was open today; quiet modes hold it back as they hold back an alert.

const TODAY = '2026-11-18'; // a Wednesday
// 28 ordinary days: kettle at 07:00 every day, so hot drinks are usually done by 07:00 (the day's first
// usual activity; "as usual" allows 30 minutes more, to 07:30).
const routine = learnRoutine(
  history(TODAY, 28, () => ordinaryPlan(7 * 60)),
  TODAY,
  ZONE,
);

const NOW = at(TODAY, 10 * 60);

function input(kettleMinute: number | null, over: Partial<AllIsWellInput> = {}): AllIsWellInput {
  const uses = usesOn(
    TODAY,
    kettleMinute === null ? [['fridge_freezer', 0, 600]] : [['kettle', kettleMinute, 3]],
  );
  return {
    now: NOW,
    zone: ZONE,
    routine,
    occurrences: activityOccurrences(uses),
    uses,
    lastDataAt: NOW - 60,
    alertToday: false,
    modes: null,
    ...over,
  };
}

const quiet = (over: Partial<QuietModes>): QuietModes => ({
  holiday_status: 'DISABLED',
  holiday_start: null,
  holiday_end: null,
  dnd_status: 'DISABLED',
  dnd_start: null,
  dnd_end: null,
  ...over,
});

describe('all is well', () => {
  it('says what was seen when the morning started as usual', () => {
    expect(allIsWell(input(7 * 60 + 9))).toEqual({
      send: true,
      sentence: 'Kettle at 07:09, usual time; nothing needs you',
    });
    // 07:30 is still as usual (07:00 and 30 minutes)
    expect(allIsWell(input(7 * 60 + 30))).toMatchObject({ send: true });
  });

  it('is not sent on a later morning, before the morning started, or while still learning', () => {
    expect(allIsWell(input(7 * 60 + 31))).toEqual({ send: false, why: 'not_as_usual' });
    expect(allIsWell(input(null))).toEqual({ send: false, why: 'not_started' });
    expect(allIsWell(input(7 * 60 + 9, { routine: undefined }))).toEqual({ send: false, why: 'learning' });
  });

  it('is never sent on a day with an alert or without data', () => {
    expect(allIsWell(input(7 * 60 + 9, { alertToday: true }))).toEqual({ send: false, why: 'alert' });
    // Nothing came in since midnight (the last data yesterday at 23:50), or ever.
    expect(allIsWell(input(7 * 60 + 9, { lastDataAt: at(TODAY, -10) }))).toEqual({
      send: false,
      why: 'no_data',
    });
    expect(allIsWell(input(7 * 60 + 9, { lastDataAt: null }))).toEqual({ send: false, why: 'no_data' });
  });

  it('holiday mode and Do Not Disturb hold it back as they do an alert', () => {
    expect(allIsWell(input(7 * 60 + 9, { modes: quiet({ holiday_status: 'ENABLED' }) }))).toEqual({
      send: false,
      why: 'holiday',
    });
    const dnd = quiet({ dnd_status: 'SCHEDULED', dnd_start: '09:00', dnd_end: '11:00' });
    expect(allIsWell(input(7 * 60 + 9, { modes: dnd }))).toEqual({ send: false, why: 'dnd' });
    // At 11:00 the quiet window is over.
    expect(allIsWell(input(7 * 60 + 9, { modes: dnd, now: at(TODAY, 11 * 60) }))).toMatchObject({
      send: true,
    });
  });
});

describe("a day-late home's daily message: yesterday (issue 36)", () => {
  const words = [
    'An ordinary day: active 7 h against the usual 6–8 h.',
    'The day began at 07:30 (usually 07:00–08:00) and ended at 22:00.',
  ];
  const yesterday = (over: Partial<YesterdayWellInput> = {}): YesterdayWellInput => ({
    now: NOW,
    zone: ZONE,
    judged: 'ordinary',
    words,
    alertToday: false,
    modes: null,
    ...over,
  });

  it('tells an ordinary yesterday in its words, ended by the message’s one full stop', () => {
    expect(yesterdayIsWell(yesterday())).toEqual({
      send: true,
      sentence:
        'Yesterday, from the meter: An ordinary day: active 7 h against the usual 6–8 h. The day began at 07:30 (usually 07:00–08:00) and ended at 22:00',
    });
  });

  it('is not sent for a day with a Warning, nor while the day is not in or not yet compared', () => {
    expect(yesterdayIsWell(yesterday({ judged: 'warning' }))).toEqual({ send: false, why: 'alert' });
    expect(yesterdayIsWell(yesterday({ alertToday: true }))).toEqual({ send: false, why: 'alert' });
    expect(yesterdayIsWell(yesterday({ judged: null, words: [] }))).toEqual({ send: false, why: 'no_data' });
    expect(yesterdayIsWell(yesterday({ judged: 'no_band', words: [] }))).toEqual({
      send: false,
      why: 'learning',
    });
  });

  it('holiday mode and Do Not Disturb hold it back', () => {
    expect(yesterdayIsWell(yesterday({ modes: quiet({ holiday_status: 'ENABLED' }) }))).toEqual({
      send: false,
      why: 'holiday',
    });
    const dnd = quiet({ dnd_status: 'SCHEDULED', dnd_start: '09:00', dnd_end: '11:00' });
    expect(yesterdayIsWell(yesterday({ modes: dnd }))).toEqual({ send: false, why: 'dnd' });
  });
});
