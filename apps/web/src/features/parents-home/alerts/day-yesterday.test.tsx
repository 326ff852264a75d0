import type { DaysResponse, HalfHourlyDayView, YesterdayView } from '@homeview/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';

// "Yesterday, from the meter" on the Alerts screen (issue 36): the dependant's yesterday from the meter's
// half-hours, said in words; yesterday not in yet said so; nothing at all for a home with no half-hours.
// Yesterday's three states in their own words (complete, not here yet, overdue), its usual time on London's
// clock whatever the browser's zone (this file runs in the web and web-west projects).

const NOW = 1_764_003_600; // Monday 24 November 2025, 17:00 in London
const alerts = { alerts: [], time_zone: 'Europe/London' };

const day = (date: string, over: Partial<HalfHourlyDayView> = {}): HalfHourlyDayView => ({
  date,
  complete: true,
  active_half_hours: 13,
  night_active_half_hours: 0,
  began_minute: 420,
  ended_minute: 1260,
  findings: [],
  words: [
    'An ordinary day: active 6½ h against the usual 6–7 h.',
    'The day began at 07:00 (usually 07:00) and ended at 21:00.',
  ],
  ...over,
});
const quiet = day('2025-11-23', {
  active_half_hours: 1,
  findings: ['little_activity'],
  words: [
    'A quiet day: active ½ h against the usual 6–7 h.',
    'The day began at 07:00 (usually 07:00) and ended at 07:30.',
  ],
});
const notIn = day('2025-11-23', {
  complete: false,
  active_half_hours: null,
  night_active_half_hours: null,
  began_minute: null,
  ended_minute: null,
  words: [],
});

/** 09:30 in London (GMT) on Monday 24 November 2025: 01:30 on a Los Angeles clock. */
const USUAL_BY = Date.UTC(2025, 10, 24, 9, 30) / 1000;
const yesterdayIs = (state: YesterdayView['state']): YesterdayView => ({
  date: '2025-11-23',
  state,
  usual_by: USUAL_BY,
  overdue_from: USUAL_BY + 2 * 3600 + 15 * 60,
  learned_days: 28,
});

function show(
  days: HalfHourlyDayView[],
  yesterday = yesterdayIs(days[0]?.complete ? 'complete' : 'not_yet'),
) {
  logIn();
  const body: DaysResponse = { days, time_zone: 'Europe/London', yesterday, day_late: true };
  const calls = stubApi({
    'GET /assisted_living/alerts/': { body: alerts },
    'GET /assisted_living/days/': { body },
  });
  renderApp('/parents-home');
  return calls;
}

describe('yesterday from the meter (issue 36)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says a quiet yesterday first, in words, with its date', async () => {
    const calls = show([quiet, day('2025-11-22')]);
    const card = await screen.findByRole('region', { name: 'Yesterday, from the meter' });
    expect(within(card).getByText('Sun 23-11-25')).toBeTruthy();
    const lines = within(card).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(quiet.words);
    expect(lines[0]?.className).toBe('day-summary__finding');
    const asked = calls.find((c) => c.url.includes('/assisted_living/days/'));
    expect(new URL(asked?.url ?? '', 'http://x').searchParams.get('days')).toBe('28');
  });

  it("says yesterday is not here yet by its usual time on the home's clock, never that it was quiet", async () => {
    show([notIn, day('2025-11-22')], yesterdayIs('not_yet'));
    const card = await screen.findByRole('region', { name: 'Yesterday, from the meter' });
    expect(
      within(card).getByText(
        "Yesterday's half-hours usually arrive by 09:30; not here yet (late only after 11:45).",
      ),
    ).toBeTruthy();
    expect(within(card).queryAllByRole('listitem')).toEqual([]);
    expect(card.textContent).not.toMatch(/quiet|overdue/i);
    expect(card.className).not.toContain('day-summary--warning');
  });

  it('says yesterday is overdue, the feed may have stopped, never that it was quiet', async () => {
    show([notIn, day('2025-11-22')], yesterdayIs('overdue'));
    const card = await screen.findByRole('region', { name: 'Yesterday, from the meter' });
    expect(
      within(card).getByText(
        "Yesterday's half-hours are overdue (usually by 09:30): the meter's feed may have stopped.",
      ),
    ).toBeTruthy();
    expect(within(card).queryAllByRole('listitem')).toEqual([]);
    expect(card.textContent).not.toMatch(/quiet|not here yet/i);
    expect(card.className).toContain('day-summary--warning');
  });

  it('says a complete yesterday in its words, with neither lateness wording', async () => {
    show([day('2025-11-23'), day('2025-11-22')], yesterdayIs('complete'));
    const card = await screen.findByRole('region', { name: 'Yesterday, from the meter' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(day('2025-11-23').words);
    expect(card.textContent).not.toMatch(/not here yet|overdue|usually arrive/);
  });

  it('says it is learning while there is no band to compare with', async () => {
    show([day('2025-11-23', { words: [] })]);
    const card = await screen.findByRole('region', { name: 'Yesterday, from the meter' });
    expect(card.textContent).toContain('Still learning what a usual day looks like');
  });

  it('shows nothing for a home without a single complete day of half-hours (plugs only)', async () => {
    const calls = show([notIn, { ...notIn, date: '2025-11-22' }]);
    await screen.findByRole('heading', { name: 'All alerts' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/assisted_living/days/'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50)); // the answer rendered
    expect(screen.queryByRole('region', { name: 'Yesterday, from the meter' })).toBeNull();
  });
});
