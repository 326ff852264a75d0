import { messages, type Tariff, type TariffRates } from '@homeview/contract';
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { chooseOption, type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { checkStandingCharge } from './pages/StandingChargePage';
import { checkRows, nextRateList, startingRows } from './rates';

const defaults: TariffRates = {
  import: [{ days: 'all', prices: [0.2467], times: [0], rate_names: ['Standard'] }],
  export: [{ days: 'all', prices: [0.15], times: [0], rate_names: ['Standard'] }],
  generation: null,
  standing_charge: [{ days: 'all', prices: [0.5721], times: [0], rate_names: ['fix'] }],
};

function aTariff(overrides: Partial<Tariff> = {}): Tariff {
  return {
    import: null,
    export: null,
    generation: null,
    standing_charge: null,
    used_tariff: defaults,
    tariffs_msg: '',
    ...overrides,
  };
}

const tou = [
  {
    days: 'all' as const,
    prices: [0.075, 0.3, 0.42],
    times: [0, 730, 1600],
    rate_names: ['Night', 'Day', 'Peak'],
  },
];

const row = (unit_name: string, start_time: string, unit_price: string) => ({
  unit_name,
  start_time,
  unit_price,
});

describe('tariff rules (spec §5.2, §9)', () => {
  it('checks names, half-hour start times, one rate from 00:00 and prices in pence under 100p', () => {
    expect(checkRows([row('Standard', '00:00', '24.67')])).toEqual({ ok: true, rows: [{}], form: null });
    const bad = checkRows([row('', '00:00', '100'), row('Day', '07:15', '30'), row('Peak', '00:00', 'abc')]);
    expect(bad.ok).toBe(false);
    expect(bad.rows).toEqual([
      { unit_name: 'Give this rate a name', unit_price: 'Price must be under 100p (£1)' },
      { start_time: 'Choose a start time' },
      {
        start_time: 'Another rate already starts at this time',
        unit_price: 'Enter a price in pence, like 24.50',
      },
    ]);
    expect(checkRows([row('Day', '07:30', '30')]).form).toBe('One rate must start at 00:00');
    // Pence, not pounds (issue 33 item 13): 99.99p is a price, and so is a pound-like 0.5 (half a penny).
    expect(checkRows([row('Peak', '00:00', '99.99'), row('Night', '07:30', '0.5')]).ok).toBe(true);
    expect(checkRows([row('Agile', '00:00', '-5')]).ok).toBe(true); // negative prices exist (Agile)
    expect(checkRows([row('X', '00:00', '-100')]).rows[0]?.unit_price).toBe('Price must be more than -100p');
    expect(checkRows([row('X', '00:00', '12.34567')]).rows[0]?.unit_price).toBe(
      'Use at most 4 decimal places',
    );
    expect(checkRows([row('X', '00:00', '')]).rows[0]?.unit_price).toBe('Enter a price in pence per kWh');
    const many = Array.from({ length: 49 }, (_, i) => row(`R${i}`, '00:00', '10'));
    expect(checkRows(many).form).toBe('A day has at most 48 rates');
    expect(checkRows([])).toEqual({ ok: true, rows: [], form: null }); // empty clears the rate
  });

  it('builds the rate list a save writes, in pounds: every day replaces, weekdays keep the weekend, empty clears', () => {
    // Typed pence become the API's pounds exactly: 24.67 / 100 would send 0.24670000000000003.
    const rows = [row('Night', '00:00', '7'), row('Day', '07:30', '24.67')];
    expect(nextRateList(tou, 'all', rows)).toEqual([
      { days: 'all', prices: [0.07, 0.2467], times: [0, 730], rate_names: ['Night', 'Day'] },
    ]);
    // An every-day list edited for weekdays: the weekend keeps the old rates.
    expect(nextRateList(tou, 'weekdays', [row('Flat', '00:00', '25')])).toEqual([
      { days: 'weekdays', prices: [0.25], times: [0], rate_names: ['Flat'] },
      { ...tou[0], days: 'weekend' },
    ]);
    const split = nextRateList(tou, 'weekdays', [row('Flat', '00:00', '25')]);
    expect(nextRateList(split, 'weekdays', [])).toEqual([{ ...tou[0], days: 'weekend' }]);
    expect(nextRateList(tou, 'all', [])).toBeNull();
    expect(nextRateList(null, 'weekend', [])).toBeNull();
  });

  it('starts the editor from the saved rows (in pence), the every-day rows, or one fixed rate from 00:00', () => {
    expect(startingRows(tou, 'all').map((r) => r.start_time)).toEqual(['00:00', '07:30', '16:00']);
    expect(startingRows(tou, 'all').map((r) => r.unit_price)).toEqual(['7.50', '30.00', '42.00']);
    expect(startingRows(tou, 'weekend')).toHaveLength(3);
    expect(startingRows(null, 'all')).toEqual([row('Standard', '00:00', '')]);
  });

  it('checks the standing charge in pence per day', () => {
    expect(checkStandingCharge('')).toBe('Enter the standing charge in pence per day');
    expect(checkStandingCharge('-1')).toBe('Enter pence per day, like 53.35');
    expect(checkStandingCharge('1000')).toBe('Standing charge must be under 1000p (£10)');
    expect(checkStandingCharge('12')).toBeNull(); // 12p a day, not £12
    expect(checkStandingCharge('57.21')).toBeNull();
    expect(checkStandingCharge('57.21001')).toBe('Use at most 4 decimal places');
  });
});

describe('tariff overview (spec §2.4, §8)', () => {
  it('shows every empty state: no standing charge, a default tariff, no rates at all', async () => {
    logIn();
    const calls = stubApi({ 'GET /tariff_setting/': { body: aTariff() } });
    renderApp('/account/homeview/tariff');
    expect(await screen.findByText(messages.noStandingCharge)).toBeTruthy();
    expect(screen.getByText(messages.defaultTariffShown('import rates'))).toBeTruthy();
    expect(screen.getByText(messages.defaultTariffShown('export rates'))).toBeTruthy();
    expect(screen.getByText(messages.noRateSet('generation rates'))).toBeTruthy();
    expect(screen.getByText('The default of 57.21p per day applies.')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v3/tariff_setting/?user_id=11');
    expect(screen.getByRole('link', { name: 'How do tariffs work?' }).getAttribute('href')).toBe(
      '/account/tariff/info',
    );
  });

  it("links the own home's tariff to Compare tariffs (issue 37), not a dependant's", async () => {
    logIn();
    stubApi({ 'GET /tariff_setting/': { body: aTariff() } });
    renderApp('/account/homeview/tariff');
    const link = await screen.findByRole('link', { name: 'Compare tariffs' });
    expect(link.getAttribute('href')).toBe('/my-home/tariffs');
  });

  it("shows no Compare tariffs link on a dependant's tariff (that screen is the own home's)", async () => {
    logIn();
    stubApi({ 'GET /tariff_setting/': { body: aTariff() } });
    renderApp('/account/infocare/tariff');
    expect(await screen.findByText(messages.noStandingCharge)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Compare tariffs' })).toBeNull();
  });

  it('shows a time-of-day tariff with its kind in words, times padded to 4 digits and the edit links', async () => {
    logIn();
    stubApi({
      'GET /tariff_setting/': {
        body: aTariff({
          // Names as stored by the demo and older clients: lower case (issue 33 item 13).
          import: [{ ...tou[0]!, rate_names: ['night', 'day', 'peak'] }],
          standing_charge: [{ days: 'all', prices: [0.6], times: [0], rate_names: ['fix'] }],
          tariffs_msg: 'A new tariff starts on 01-12-26.',
        }),
      },
    });
    renderApp('/account/infocare/tariff');
    const section = within(
      (await screen.findByRole('heading', { name: /Import rates/ })).closest('section')!,
    );
    expect(section.getByText('Time of day')).toBeTruthy();
    expect(section.queryByText('TOU')).toBeNull();
    const cells = section.getAllByRole('row').map((r) => r.textContent);
    // Pence per kWh, as on a bill (issue 33 item 13); the API's pounds stay on the wire.
    expect(cells).toEqual(['RateFromPence per kWh', 'Night00:007.50p', 'Day07:3030.00p', 'Peak16:0042.00p']);
    expect(section.getByRole('link', { name: 'Edit import rates' }).getAttribute('href')).toBe(
      '/account/infocare/tariff/edit-time/all/import',
    );
    expect(screen.getByText('60.00p')).toBeTruthy();
    expect(screen.getByText('A new tariff starts on 01-12-26.')).toBeTruthy();
  });

  it("reads the dependant's tariff at the infocare level", async () => {
    logIn();
    const calls = stubApi({ 'GET /tariff_setting/': { body: aTariff() } });
    renderApp('/account/infocare/tariff');
    await screen.findByText(messages.noStandingCharge);
    expect(calls[0]?.url).toBe('/api/v3/tariff_setting/?user_id=22');
  });
});

function tariffPost(reply: (call: RecordedCall) => { status?: number; body?: unknown }) {
  return (call: RecordedCall) => reply(call);
}

describe('editing rates (spec §2.4, §5.2, §8)', () => {
  it('goes from edit-time to edit-rates with the chosen days, back link to edit-time', async () => {
    logIn();
    stubApi({ 'GET /tariff_setting/': { body: aTariff({ import: tou }) } });
    const { router } = renderApp('/account/homeview/tariff/edit-time/all/import');
    fireEvent.click(await screen.findByLabelText(/Weekend/));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('link', { name: 'Days' })).getAttribute('href')).toBe(
      '/account/homeview/tariff/edit-time/weekend/import',
    );
    expect(router.state.location.pathname).toBe('/account/homeview/tariff/edit-rates/weekend/import');
  });

  it('shows the saved prices in pence, refuses 100p or more, then saves the TOU rates in pounds from the chosen date', async () => {
    logIn();
    const posts: URLSearchParams[] = [];
    stubApi({
      'GET /tariff_setting/': { body: aTariff({ import: tou }) },
      'POST /tariff_setting/': tariffPost((call) => {
        posts.push(call.body);
        return { body: aTariff({ import: JSON.parse(call.body.get('tariff') ?? '{}').import }) };
      }),
    });
    renderApp('/account/homeview/tariff/edit-rates/all/import');
    const prices = await screen.findAllByLabelText('Unit price (pence per kWh)');
    expect(prices.map((p) => (p as HTMLInputElement).value)).toEqual(['7.50', '30.00', '42.00']);
    fireEvent.change(prices[2]!, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(screen.getByText('Price must be under 100p (£1)')).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(prices[2]!, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a rate' }));
    const names = screen.getAllByLabelText('Unit name');
    fireEvent.change(names[3]!, { target: { value: 'Evening' } });
    chooseOption(screen.getAllByLabelText('Start time')[3]!, '19:00');
    fireEvent.change(screen.getAllByLabelText('Unit price (pence per kWh)')[3]!, {
      target: { value: '24.67' },
    });
    fireEvent.change(screen.getByLabelText('Applies from'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    const saved = await screen.findByText('Rates saved.', { exact: false });
    expect(saved.textContent).toBe(messages.ratesSaved);
    expect(within(saved).getByRole('link', { name: 'Go to Tariff home' }).getAttribute('href')).toBe(
      '/account/homeview/tariff',
    );
    expect(posts[0]?.get('user_id')).toBe('11');
    expect(posts[0]?.get('start_date')).toBe('2026-11-01');
    expect(JSON.parse(posts[0]?.get('tariff') ?? '')).toEqual({
      import: [
        {
          days: 'all',
          prices: [0.075, 0.3, 0.45, 0.2467],
          times: [0, 730, 1600, 1900],
          rate_names: ['Night', 'Day', 'Peak', 'Evening'],
        },
      ],
    });
  });

  it('warns when every row is removed and then clears the rate', async () => {
    logIn();
    const posts: URLSearchParams[] = [];
    stubApi({
      'GET /tariff_setting/': { body: aTariff({ export: [{ ...tou[0]!, prices: [0.1, 0.1, 0.1] }] }) },
      'POST /tariff_setting/': tariffPost((call) => {
        posts.push(call.body);
        return { body: aTariff() };
      }),
    });
    renderApp('/account/homeview/tariff/edit-rates/all/export');
    await screen.findAllByRole('button', { name: /Remove/ });
    while (screen.queryAllByRole('button', { name: /Remove/ }).length > 0)
      fireEvent.click(screen.getAllByRole('button', { name: /Remove/ })[0]!);
    expect(screen.getByText(messages.noRatesWarning)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await screen.findByText('Rates saved.', { exact: false });
    expect(JSON.parse(posts[0]?.get('tariff') ?? '')).toEqual({ export: null });
  });

  it("says 'Could not save rates' when the server refuses", async () => {
    logIn();
    stubApi({
      'GET /tariff_setting/': { body: aTariff() },
      'POST /tariff_setting/': {
        status: 400,
        statusText: 'Bad Request',
        body: { error: 'nope', field: 'tariff' },
      },
    });
    renderApp('/account/homeview/tariff/edit-rates/all/import');
    fireEvent.change(await screen.findByLabelText('Unit price (pence per kWh)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.couldNotSaveRates);
    expect(screen.queryByText('Rates saved.', { exact: false })).toBeNull();
  });

  it('allows at most 48 rows', async () => {
    logIn();
    // 47 saved rates, one per half hour from 00:00; one more may be added, taking the last free half hour.
    const times = Array.from({ length: 47 }, (_, i) => Math.floor(i / 2) * 100 + (i % 2) * 30);
    const full = [
      { days: 'all' as const, times, prices: times.map(() => 0.2), rate_names: times.map((t) => `R${t}`) },
    ];
    stubApi({ 'GET /tariff_setting/': { body: aTariff({ import: full }) } });
    renderApp('/account/homeview/tariff/edit-rates/all/import');
    const add = await screen.findByRole('button', { name: 'Add a rate' });
    expect((add as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(add);
    expect(screen.getAllByLabelText('Unit name')).toHaveLength(48);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    const chosen = screen.getAllByLabelText('Start time').map((s) => (s as HTMLSelectElement).value);
    expect(chosen[47]).toBe('23:30');
  }, 30_000); // 48 rows of 48 choices is a large render for happy-dom on a busy machine
});

describe('standing charge form (spec §4, §8)', () => {
  it("saves and says 'Standing charge saved'", async () => {
    logIn();
    const posts: URLSearchParams[] = [];
    stubApi({
      'GET /tariff_setting/': { body: aTariff() },
      'POST /tariff_setting/': tariffPost((call) => {
        posts.push(call.body);
        return {
          body: aTariff({
            standing_charge: [{ days: 'all', prices: [0.61], times: [0], rate_names: ['fix'] }],
          }),
        };
      }),
    });
    renderApp('/account/homeview/tariff/standing-charge');
    const input = (await screen.findByLabelText('Standing Charge (pence per day)')) as HTMLInputElement;
    expect(input.value).toBe(''); // none set
    fireEvent.change(input, { target: { value: '57.21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toContain(messages.standingChargeSaved);
    expect(JSON.parse(posts[0]?.get('tariff') ?? '')).toEqual({
      standing_charge: [{ days: 'all', prices: [0.5721], times: [0], rate_names: ['fix'] }],
    });
  });

  it('starts from the saved charge in pence', async () => {
    logIn();
    stubApi({
      'GET /tariff_setting/': {
        body: aTariff({
          standing_charge: [{ days: 'all', prices: [0.29], times: [0], rate_names: ['fix'] }],
        }),
      },
    });
    renderApp('/account/homeview/tariff/standing-charge');
    const input = (await screen.findByLabelText('Standing Charge (pence per day)')) as HTMLInputElement;
    expect(input.value).toBe('29.00'); // 0.29 × 100 would be 28.999999999999996
  });

  it('hides the form behind the failure banner when the answer has a status field', async () => {
    logIn();
    stubApi({
      'GET /tariff_setting/': { body: aTariff() },
      'POST /tariff_setting/': { body: { ...aTariff(), status: 'failed' } },
    });
    renderApp('/account/homeview/tariff/standing-charge');
    fireEvent.change(await screen.findByLabelText('Standing Charge (pence per day)'), {
      target: { value: '50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.standingChargeNotSaved);
    expect(screen.queryByLabelText('Standing Charge (pence per day)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('hides the form behind the failure banner when the call fails, and checks before sending', async () => {
    logIn();
    const calls = stubApi({
      'GET /tariff_setting/': { body: aTariff() },
      'POST /tariff_setting/': { status: 500 },
    });
    renderApp('/account/homeview/tariff/standing-charge');
    const input = await screen.findByLabelText('Standing Charge (pence per day)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter the standing charge in pence per day')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.standingChargeNotSaved);
  });
});

describe('tariff info (spec §2.4)', () => {
  it('explains the charge types, the kinds and dynamic prices', async () => {
    logIn();
    stubApi({});
    renderApp('/account/tariff/info');
    expect(await screen.findByRole('heading', { name: 'How do tariffs work?' })).toBeTruthy();
    for (const term of [
      'Standing charge (pence per day)',
      'Export rate (pence per kWh)',
      'Fixed',
      'Weekday and weekend',
      'Time of day',
      'Time of day and week',
    ])
      expect(screen.getByText(term)).toBeTruthy();
    // The §9 kinds' abbreviations are the API's, not words a person reads (issue 33 item 13).
    for (const jargon of ['TOU (time of use)', 'Day-TOU']) expect(screen.queryByText(jargon)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dynamic prices (Agile-style)' })).toBeTruthy();
  });
});
