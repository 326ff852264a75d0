import type { TrendsResponse, TrendWeek } from '@homeview/contract';
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { DAY_AXIS_MINUTES, dayAxisLabel, fittedDaySplits, trendsCsv } from './figures';

const none = {
  day_start_minute: 0,
  day_end_minute: 0,
  active_hours: 0,
  meals_per_day: 0,
  night_activity_minutes: 0,
  no_data_days: 0,
};

const week = (week_start: string, over: Partial<TrendWeek> = {}): TrendWeek => ({
  week_start,
  ordinary_days: 7,
  day_start_minute: 420,
  day_end_minute: 1260,
  active_hours: 7,
  meals_per_day: 3,
  night_activity_minutes: 0,
  no_data_days: 0,
  change: none,
  ...over,
});

const trends: TrendsResponse = {
  weeks: [
    week('2026-11-02', {
      ordinary_days: 0,
      day_start_minute: null,
      day_end_minute: null,
      active_hours: null,
      meals_per_day: null,
      night_activity_minutes: null,
      no_data_days: 7,
      change: {
        ...none,
        day_start_minute: null,
        day_end_minute: null,
        active_hours: null,
        meals_per_day: null,
        night_activity_minutes: null,
        no_data_days: null,
      },
    }),
    week('2026-11-09'),
    week('2026-11-16', {
      day_start_minute: 465,
      meals_per_day: 2.5,
      change: { ...none, day_start_minute: 45, meals_per_day: -0.5 },
    }),
  ],
  changes: ['Getting up 45 minutes later than in early November.'],
  time_zone: 'Europe/London',
};

const query = (url: string | undefined) => new URL(url ?? '', 'http://x').searchParams;

describe('InfoCare trends (issue 25)', () => {
  it("asks the dependant's 12 weeks and says the changes first, then the weeks with their changes", async () => {
    logIn();
    const calls = stubApi({ 'GET /assisted_living/trends/': { body: trends } });
    renderApp('/parents-home/trends');
    const changes = await screen.findByRole('region', { name: 'What has changed' });
    expect(query(calls[0]?.url).get('dependant_user_id')).toBe('22');
    expect(query(calls[0]?.url).get('weeks')).toBe('12');
    expect(within(changes).getByRole('listitem').textContent).toBe(
      'Getting up 45 minutes later than in early November.',
    );
    // Whose weeks, which, and on whose clock: the printed page says it too.
    // The week before the data began is not listed, and the heading says so (issue 33).
    expect(screen.getByText(/2 weeks/).textContent).toBe(
      "Mum's Home: 2 weeks, 09-11-26 to 22-11-26, on the clock of Europe/London (the data begins then: the 1 week before is not listed)",
    );
    // The changes come before the weeks on the page.
    const weeks = screen.getByRole('region', { name: 'Week by week' });
    expect(changes.compareDocumentPosition(weeks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const rows = within(weeks).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'WeekDay startsDay endsActive hoursMeals a dayNight activityDays without data',
      '09-11-26' + '07:00no change21:00no change7no change3no change0 minno change0no change',
      '16-11-26' + '07:45+45 min21:00no change7no change2.5−0.50 minno change0no change',
    ]);
    expect(
      screen.getByText('Trends', { selector: 'a *, a' }).closest('a')?.getAttribute('aria-current'),
    ).toBe('page');
  });

  it("says a meter-only home's weeks are estimated from the meter, and only then", async () => {
    logIn();
    stubApi({ 'GET /assisted_living/trends/': { body: { ...trends, estimated: true } } });
    renderApp('/parents-home/trends');
    const note = (await screen.findByText(/Each week is compared/)).textContent;
    expect(note).toContain('The activities are estimated from the meter: found in the whole-house readings');
  });

  it("marks a half-hourly home's weeks as from half-hourly meter data, without a meals column", async () => {
    logIn();
    const halfHourly: TrendsResponse = {
      ...trends,
      weeks: trends.weeks.map((w) => ({
        ...w,
        meals_per_day: null,
        change: { ...w.change, meals_per_day: null },
      })),
      changes: ['Getting up 45 minutes later than in early November.'],
      half_hourly: true,
    };
    stubApi({ 'GET /assisted_living/trends/': { body: halfHourly } });
    renderApp('/parents-home/trends');
    expect(await screen.findByText('From half-hourly meter data, a day late')).toBeTruthy();
    const note = screen.getByText(/Each week is compared/).textContent;
    expect(note).toContain(
      'night activity is activity before 05:00, and meals cannot be told from half-hours.',
    );
    expect(note).not.toContain('after the usual end');
    const table = within(screen.getByRole('region', { name: 'Week by week' })).getByRole('table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'Week',
      'Day starts',
      'Day ends',
      'Active hours',
      'Night activity',
      'Days without data',
    ]);
    expect(screen.getByText('Getting up 45 minutes later than in early November.')).toBeTruthy();
  });

  it('marks nothing as half-hourly for a home with appliance uses, and keeps its meals column', async () => {
    logIn();
    stubApi({ 'GET /assisted_living/trends/': { body: trends } });
    renderApp('/parents-home/trends');
    const weeks = await screen.findByRole('region', { name: 'Week by week' });
    expect(within(weeks).getByRole('columnheader', { name: 'Meals a day' })).toBeTruthy();
    expect(screen.queryByText(/half-hourly/)).toBeNull();
  });

  it('says so plainly when nothing changed beyond the usual ups and downs', async () => {
    logIn();
    stubApi({ 'GET /assisted_living/trends/': { body: { ...trends, changes: [] } } });
    renderApp('/parents-home/trends');
    expect(await screen.findByText('Nothing beyond the usual ups and downs in these weeks.')).toBeTruthy();
    // Measured uses: no word of the meter.
    expect(screen.getByText(/Each week is compared/).textContent).not.toContain('estimated');
  });

  it('says so of a week without data among the others, and fits the day-start axis to the times (issue 33)', async () => {
    logIn();
    const [noData, usual, later] = trends.weeks as [TrendWeek, TrendWeek, TrendWeek];
    const body = {
      ...trends,
      weeks: [usual, { ...noData, week_start: '2026-11-16' }, { ...later, week_start: '2026-11-23' }],
    };
    stubApi({ 'GET /assisted_living/trends/': { body } });
    renderApp('/parents-home/trends');
    const weeks = await screen.findByRole('region', { name: 'Week by week' });
    expect(
      within(weeks)
        .getAllByRole('row')
        .map((r) => r.textContent)[2],
    ).toBe('16-11-26No data this week: no figures');
    expect(screen.getByText(/3 weeks/).textContent).toBe(
      "Mum's Home: 3 weeks, 09-11-26 to 29-11-26, on the clock of Europe/London",
    );
    // 07:00 and 07:45: half-hour ticks from 06:30 to 08:00, not a whole day.
    expect(fittedDaySplits([420, null, 465])).toEqual([390, 420, 450, 480]);
  });

  it('tells a week whose data came but held no ordinary day from a week without data (issue 36)', async () => {
    logIn();
    const [noData, usual] = trends.weeks as [TrendWeek, TrendWeek];
    // A week away (every day's data in, nobody about) and a week half away, two of its days without data.
    const away = { ...noData, week_start: '2026-11-16', no_data_days: 0 };
    const partly = { ...noData, week_start: '2026-11-23', no_data_days: 2 };
    const body = { ...trends, half_hourly: true as const, weeks: [usual, away, partly] };
    stubApi({ 'GET /assisted_living/trends/': { body } });
    renderApp('/parents-home/trends');
    const weeks = await screen.findByRole('region', { name: 'Week by week' });
    const rows = within(weeks)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(2)).toEqual([
      '16-11-26Data came, but no ordinary day: no figures',
      '23-11-26No ordinary day, 2 days without data: no figures',
    ]);
  });

  it('says when the last week has nothing yet to be compared with', async () => {
    logIn();
    const first = trends.weeks[0] as TrendWeek;
    stubApi({
      'GET /assisted_living/trends/': {
        body: { ...trends, weeks: [first, week('2026-11-09', { change: first.change })], changes: [] },
      },
    });
    renderApp('/parents-home/trends');
    expect(
      await screen.findByText('Too few weeks yet to compare the last week with the 4 before it.'),
    ).toBeTruthy();
  });

  it('downloads the same figures as CSV and prints the page', async () => {
    logIn();
    stubApi({ 'GET /assisted_living/trends/': { body: trends } });
    renderApp('/parents-home/trends');
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('download')).toBe('trends-2026-11-16.csv');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    const csv = decodeURIComponent(href.slice('data:text/csv;charset=utf-8,'.length));
    expect(csv.split('\r\n')).toEqual([
      'week_start,day_start,day_start_change_minutes,day_end,day_end_change_minutes,active_hours,active_hours_change,meals_per_day,meals_per_day_change,night_activity_minutes,night_activity_minutes_change,no_data_days,no_data_days_change,ordinary_days',
      '2026-11-02,,,,,,,,,,,7,,0',
      '2026-11-09,07:00,0,21:00,0,7,0,3,0,0,0,0,0,7',
      '2026-11-16,07:45,45,21:00,0,7,0,2.5,-0.5,0,0,0,0,7',
      '',
    ]);
    expect(csv).toBe(trendsCsv(trends));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('a home with no weeks yet says trends need data', async () => {
    logIn();
    stubApi({
      'GET /assisted_living/trends/': { body: { ...trends, weeks: [trends.weeks[0]], changes: [] } },
    });
    renderApp('/parents-home/trends');
    expect(await screen.findByText('No weeks to compare yet: trends need a few weeks of data.')).toBeTruthy();
  });
});

describe("the trends chart's time-of-day axis", () => {
  it('spans the whole day in 6-hour steps, so a day ending at 23:59 is still under its top line', () => {
    expect(DAY_AXIS_MINUTES.map(dayAxisLabel)).toEqual(['00:00', '06:00', '12:00', '18:00', '24:00']);
    // Any minute of a day is within the axis: the last minute is below its top.
    expect(DAY_AXIS_MINUTES[0]).toBe(0);
    expect(DAY_AXIS_MINUTES.at(-1)).toBeGreaterThan(23 * 60 + 59);
  });
});
