import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { daysAnswer } from '../testData';

// A home known only from its meter's half-hours, a day late (issue 36): half-hours cannot tell appliances
// apart, so Activities and Appliances say which kind of home this is and never "No appliances used".

const NOTE =
  "From the meter's half-hours, a day late: they show how much was used, not which appliances ran. How each day went is on Alerts (yesterday, from the meter) and Trends.";
const NONE = "None known: the meter's half-hours do not show which appliances ran.";
const emptyTimeline = { body: { events: [], time_zone: 'Europe/London' } };
const emptyAlerts = { body: { alerts: [], time_zone: 'Europe/London' } };
const emptyPeriod = {
  body: {
    activities: [],
    inactivities: [],
    available: [null],
    previous: null,
    next: null,
    num_alerts: 0,
    events: [],
    time_zone: 'Europe/London',
  },
};

describe('a day-late home on Activities and Appliances (issue 36)', () => {
  it('says on the timeline how the home is known, with the way to its days, and claims no day without uses', async () => {
    logIn();
    stubApi({
      'GET /assisted_living/days/': { body: daysAnswer(true) },
      'GET /common/appliances/timeline/': emptyTimeline,
      'GET /assisted_living/alerts/': emptyAlerts,
    });
    renderApp('/parents-home/activities');
    const note = await screen.findByRole('region', { name: 'How this home is known' });
    expect(note.textContent).toBe(NOTE);
    expect(within(note).getByRole('link', { name: 'Alerts' }).getAttribute('href')).toBe('/parents-home');
    expect(within(note).getByRole('link', { name: 'Trends' }).getAttribute('href')).toBe(
      '/parents-home/trends',
    );
    expect(await screen.findByText(NONE)).toBeTruthy();
    expect(screen.queryByText('No appliances used during this period')).toBeNull();
  });

  it('says so on the Daily tab and on Appliances too', async () => {
    logIn();
    stubApi({
      'GET /assisted_living/days/': { body: daysAnswer(true) },
      'GET /assisted_living/daily_activities/': emptyPeriod,
      'GET /common/appliances/': { body: { subtitle: '', appliances: [] } },
    });
    renderApp('/parents-home/activities?tab=daily');
    expect(await screen.findByText(NONE)).toBeTruthy();
    expect(screen.queryByText('No activities to show for this period.')).toBeNull();
    screen.getByRole('link', { name: 'Appliances' }).click();
    expect(await screen.findByText(NONE)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'How this home is known' }).textContent).toBe(NOTE);
    expect(screen.queryByText('No appliances to show')).toBeNull();
  });

  it("keeps the contract's words and no note for a live home", async () => {
    logIn();
    stubApi({
      'GET /assisted_living/days/': { body: daysAnswer(false) },
      'GET /common/appliances/timeline/': emptyTimeline,
      'GET /assisted_living/alerts/': emptyAlerts,
    });
    renderApp('/parents-home/activities');
    expect(await screen.findByText('No appliances used during this period')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'How this home is known' })).toBeNull());
    expect(screen.queryByText(NONE)).toBeNull();
  });
});
