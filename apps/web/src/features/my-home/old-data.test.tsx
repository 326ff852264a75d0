import { screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { energyView } from './fixtures';

// Issue 33 item 11: after importing April 2014, /my-home showed a green "Last updated 00:00 01-05-14"
// with no word that the latest reading was 12 years old, and nothing said the figures were priced at the
// default-tariff cap (only the README did).

const NOW = Date.UTC(2026, 11, 1, 12, 0) / 1000; // Tuesday 1 December 2026, 12:00 in London
const MAY_2014 = Date.UTC(2014, 3, 30, 23, 0) / 1000; // 00:00 BST on 1 May 2014

afterEach(() => {
  vi.useRealTimers();
});

describe('/my-home with old data', () => {
  it('says how old the latest reading is and that the figures are priced at the earliest cap', async () => {
    logIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
    stubApi({
      'GET /energy_info/today/': {
        body: energyView({
          latest_updated: MAY_2014,
          priced_at_default: { kind: 'earliest-cap', first_cap_from: '2021-10-01' },
        }),
      },
    });
    renderApp('/my-home');
    const lozenge = await screen.findByTestId('last-updated');
    expect(lozenge.textContent).toBe(
      'Latest reading 00:00 01-05-14, 12 years ago: nothing newer has arrived',
    );
    expect(lozenge.className).toContain('lozenge--stale');
    expect(screen.getByTestId('balance-default-tariff').textContent).toBe(
      "Priced at Ofgem's default-tariff cap of October 2021, the earliest known: this home has no tariff of its own and these dates are before the caps began. Set your tariff",
    );
    expect(screen.getByRole('link', { name: 'Set your tariff' }).getAttribute('href')).toBe(
      '/account/homeview/tariff',
    );
  });

  it('a reading of 20 minutes ago is still "Last updated", and a home with its own tariff says nothing of caps', async () => {
    logIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
    stubApi({
      'GET /energy_info/today/': {
        body: energyView({ latest_updated: NOW - 1200, priced_at_default: null }),
      },
    });
    renderApp('/my-home');
    const lozenge = await screen.findByTestId('last-updated');
    expect(lozenge.textContent).toBe('Last updated 11:40 01-12-26');
    expect(lozenge.className).not.toContain('lozenge--stale');
    expect(screen.queryByTestId('balance-default-tariff')).toBeNull();
  });
});
