import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';

// Do Not Disturb and Urgent alerts (issue 33 item 12): the page says that Urgent alerts are held too,
// and the carer may let them through (urgent_through, additive).

describe('Do Not Disturb and Urgent alerts', () => {
  it('says Urgent alerts are held, and saves the choice to let them through', async () => {
    logIn();
    const posts: RecordedCall[] = [];
    stubApi({
      'GET /no_disturb_mode/': {
        body: { status: 'ENABLED', start_time: '00:00', end_time: '00:00', urgent_through: false },
      },
      'POST /no_disturb_mode/': (call) => {
        posts.push(call);
        return {
          body: {
            status: 'ENABLED',
            start_time: '00:00',
            end_time: '00:00',
            urgent_through: call.body.get('urgent_through') === 'true',
          },
        };
      },
    });
    renderApp('/account/do-not-disturb');
    const through = (await screen.findByLabelText(/Let Urgent alerts through/)) as HTMLInputElement;
    expect(through.checked).toBe(false);
    expect(
      screen.getByText(
        'Urgent alerts are held too while Do Not Disturb is on: you would see them only on the Alerts page.',
      ),
    ).toBeTruthy();
    fireEvent.click(through);
    expect(screen.getByText('Urgent alerts are sent even while Do Not Disturb is on.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body.get('urgent_through')).toBe('true');
    expect(posts[0]!.body.get('status')).toBe('ENABLED');
  });
});
