import type { SupplierConnection, SupplierKind, SuppliersResponse } from '@homeview/contract';
import { screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { energyView } from './fixtures';

// A home fed by a supplier's account (Octopus, Bright) gets each day's half-hours the next day: every
// afternoon its latest reading is last midnight's. /my-home said so as a red fault ("nothing newer has
// arrived"); within the supplier's usual lag it now says it calmly, and names the supplier when its data
// is later than that. The home is in London; the browser is in Sydney (web) or Los Angeles (web-west).

afterEach(() => {
  vi.useRealTimers();
});

const WED_2_DEC_16H = Date.UTC(2026, 11, 2, 16, 0) / 1000; // Wednesday 2 December 2026, 16:00 GMT
const MIDNIGHT_2_DEC = Date.UTC(2026, 11, 2, 0, 0) / 1000; // 00:00 GMT, the start of 2 December
const MIDNIGHT_1_DEC = Date.UTC(2026, 11, 1, 0, 0) / 1000;
const MIDNIGHT_29_NOV = Date.UTC(2026, 10, 29, 0, 0) / 1000;

const connection = (kind: SupplierKind): SupplierConnection => ({
  id: 7,
  kind,
  account_end: 'ABCD',
  state: 'up_to_date',
  progress: null,
  problem: null,
  created_at: Date.UTC(2026, 10, 1) / 1000,
  last_fetch_at: null,
  next_fetch_at: null,
  meters: [
    {
      id: 1,
      fuel: 'electricity',
      direction: 'import',
      point_end: '4567',
      serial_end: '0A1B',
      unit: 'kWh',
      unit_set_by: 'supplier',
      rejected: 0,
      data_through: null,
      stored: true,
    },
  ],
});
const suppliers = (connections: SupplierConnection[]): SuppliersResponse => ({
  time_zone: 'Europe/London',
  connections,
});

/** /my-home at `now` with the latest reading at `latest` and the home's supplier accounts. */
async function lozengeAt(now: number, latest: number, answer: SuppliersResponse): Promise<RecordedCall[]> {
  logIn();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now * 1000);
  const calls = stubApi({
    'GET /energy_info/today/': { body: energyView({ latest_updated: latest, priced_at_default: null }) },
    'GET /suppliers/': { body: answer },
  });
  renderApp('/my-home');
  await screen.findByTestId('last-updated');
  return calls;
}

const lozenge = () => screen.getByTestId('last-updated');

/** Waits until the lozenge says `text` (the supplier's answer comes after today's). */
async function says(text: string): Promise<HTMLElement> {
  await waitFor(() => expect(lozenge().textContent).toBe(text));
  return lozenge();
}

describe("/my-home's lozenge for a home fed by a supplier's account", () => {
  it('says calmly at 16:00 that the readings are up to last midnight, naming the supplier, with a link to its screen', async () => {
    const calls = await lozengeAt(WED_2_DEC_16H, MIDNIGHT_2_DEC, suppliers([connection('octopus')]));
    const shown = await says(
      "Readings up to midnight (00:00 02-12-26): Octopus Energy sends each day's half-hours the next day. See Supplier data",
    );
    expect(shown.className).not.toContain('lozenge--stale');
    expect(screen.getByRole('link', { name: 'See Supplier data' }).getAttribute('href')).toBe(
      '/account/homeview/supplier',
    );
    const asked = calls.find((c) => c.url.startsWith('/api/v3/suppliers/'));
    expect(Object.fromEntries(new URL(asked!.url, 'http://test').searchParams)).toEqual({ user_id: '11' });
  });

  it('is calm too with data up to the midnight before yesterday (the usual 2 days), and says so', async () => {
    await lozengeAt(WED_2_DEC_16H, MIDNIGHT_1_DEC, suppliers([connection('octopus')]));
    const shown = await says(
      "Readings up to midnight (00:00 01-12-26): Octopus Energy sends each day's half-hours the next day, sometimes the day after. See Supplier data",
    );
    expect(shown.className).not.toContain('lozenge--stale');
  });

  it("keeps the stale style when the supplier's data is later than usual, and says whose it is", async () => {
    await lozengeAt(WED_2_DEC_16H, MIDNIGHT_29_NOV, suppliers([connection('bright')]));
    const shown = await says(
      "Latest reading 00:00 29-11-26, 3 days ago: Bright (Glowmarkt)'s half-hours are later than its usual 1–2 days. See Supplier data",
    );
    expect(shown.className).toContain('lozenge--stale');
  });

  it('a home with no supplier account keeps the words of a home whose readings stopped', async () => {
    const calls = await lozengeAt(WED_2_DEC_16H, MIDNIGHT_2_DEC, suppliers([]));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v3/suppliers/'))).toBe(true));
    const shown = await says('Latest reading 00:00 02-12-26, 16 hours ago: nothing newer has arrived');
    expect(shown.className).toContain('lozenge--stale');
    expect(screen.queryByRole('link', { name: 'See Supplier data' })).toBeNull();
  });

  it('a live home (a reading 20 minutes ago) does not ask for supplier accounts', async () => {
    const calls = await lozengeAt(WED_2_DEC_16H, WED_2_DEC_16H - 1200, suppliers([connection('octopus')]));
    expect(lozenge().textContent).toBe('Last updated 15:40 02-12-26');
    expect(calls.map((c) => new URL(c.url, 'http://test').pathname)).toEqual(['/api/v3/energy_info/today/']);
  });
});

describe('the same across the clocks going back (Sunday 25 October 2026, London: a 25-hour day)', () => {
  // Midnight starting 25 October is 00:00 BST, 23:00 UTC on the 24th; midnight starting the 26th is
  // 00:00 GMT. Counting 24-hour steps back from today's midnight would put "yesterday's midnight" at
  // 01:00 BST and call data up to 00:00 BST late.
  const MIDNIGHT_25_OCT_BST = Date.UTC(2026, 9, 24, 23, 0) / 1000;
  const MIDNIGHT_24_OCT_BST = Date.UTC(2026, 9, 23, 23, 0) / 1000;

  it('on the day itself, at 16:00 GMT, data up to 00:00 BST is up to last midnight', async () => {
    await lozengeAt(
      Date.UTC(2026, 9, 25, 16, 0) / 1000,
      MIDNIGHT_25_OCT_BST,
      suppliers([connection('octopus')]),
    );
    const shown = await says(
      "Readings up to midnight (00:00 25-10-26): Octopus Energy sends each day's half-hours the next day. See Supplier data",
    );
    expect(shown.className).not.toContain('lozenge--stale');
  });

  it("the day after, data up to the 25th's midnight (00:00 BST) is within the usual 2 days", async () => {
    await lozengeAt(
      Date.UTC(2026, 9, 26, 9, 0) / 1000,
      MIDNIGHT_25_OCT_BST,
      suppliers([connection('octopus')]),
    );
    const shown = await says(
      "Readings up to midnight (00:00 25-10-26): Octopus Energy sends each day's half-hours the next day, sometimes the day after. See Supplier data",
    );
    expect(shown.className).not.toContain('lozenge--stale');
  });

  it("the day after, data up to the 24th's midnight is later than usual", async () => {
    await lozengeAt(
      Date.UTC(2026, 9, 26, 9, 0) / 1000,
      MIDNIGHT_24_OCT_BST,
      suppliers([connection('octopus')]),
    );
    const shown = await says(
      "Latest reading 00:00 24-10-26, 2 days ago: Octopus Energy's half-hours are later than its usual 1–2 days. See Supplier data",
    );
    expect(shown.className).toContain('lozenge--stale');
  });
});
