import { messages } from '@homeview/contract';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { anAlert } from '../testData';

function write(label: RegExp, text: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
}

describe('InfoCare feedback (spec §2.3)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends general feedback for the dependant's home and thanks the carer", async () => {
    logIn();
    const posts: RecordedCall[] = [];
    stubApi({
      'POST /common/feedback/': (call) => {
        posts.push(call);
        return { body: { detail: 'ok' } };
      },
    });
    renderApp('/parents-home/feedback');
    expect(screen.getByRole('navigation', { name: 'InfoCare' })).toBeTruthy();
    expect(screen.getByPlaceholderText("I'd like to say...")).toBeTruthy();
    write(/Your feedback/, 'The weekly view helps');
    expect(await screen.findByText(messages.thanksForFeedback)).toBeTruthy();
    expect(Object.fromEntries(posts[0]?.body ?? [])).toEqual({
      user_id: '22',
      feedback: 'The weekly view helps',
    });
  });

  it('asks for some text before sending, and shows a failure', async () => {
    logIn();
    const calls = stubApi({ 'POST /common/feedback/': { status: 500 } });
    renderApp('/parents-home/feedback');
    write(/Your feedback/, '   ');
    expect(screen.getByText('Please write your feedback first')).toBeTruthy();
    expect(calls).toHaveLength(0);
    write(/Your feedback/, 'Hello');
    expect((await screen.findByRole('alert')).textContent).toContain('Internal Server Error');
    expect(screen.queryByText(messages.thanksForFeedback)).toBeNull();
  });

  it('sends feedback on one alert with its id, and when it was given (assessment_timestamp, spec §7)', async () => {
    logIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_764_003_600_000);
    const alert = anAlert();
    const posts: URLSearchParams[] = [];
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [alert] } },
      'POST /assisted_living/alerts/': (call) => {
        posts.push(call.body);
        return { body: { ...alert, feedback: true } };
      },
    });
    renderApp(`/parents-home/alert-feedback/${alert.id}`);
    write(/this alert/, 'It was my visit');
    expect(await screen.findByText(messages.thanksForFeedback)).toBeTruthy();
    expect(Object.fromEntries(posts[0] ?? [])).toEqual({
      dependant_user_id: '22',
      id: String(alert.id),
      feedback: 'It was my visit',
      assessment_timestamp: '1764003600',
    });
    expect(screen.getByRole('link', { name: 'Back to all alerts' }).getAttribute('href')).toBe(
      '/parents-home',
    );
  });

  it('names its alert when opened from a link: the pages of alerts are read until it is there', async () => {
    logIn();
    const newer = Array.from({ length: 20 }, (_, i) => anAlert({ name: `Newer ${i}` }, i));
    const alert = anAlert({ name: 'Kettle left on', text: 'On for 20 min since 09:10.' }, 60);
    const asked: (string | null)[] = [];
    stubApi({
      'GET /assisted_living/alerts/': (call) => {
        const timestamp = new URL(call.url, 'http://test').searchParams.get('timestamp');
        asked.push(timestamp);
        // 20 alerts a page, newest first; the next page is asked with the oldest shown alert's timestamp.
        return { body: { alerts: asked.length === 1 ? newer : [alert] } };
      },
    });
    renderApp(`/parents-home/alert-feedback/${alert.id}`);
    const about = await screen.findByText(/^About the alert/);
    expect(about.textContent).toContain('Kettle left on');
    expect(about.textContent).toContain('On for 20 min since 09:10.');
    expect(asked).toHaveLength(2);
    expect(asked[1]).toBe(String(newer.at(-1)?.timestamp));
  });
});
