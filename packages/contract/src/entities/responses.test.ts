import { describe, expect, it } from 'vitest';
import { type EndpointName, endpoints } from '../endpoints';

// One realistic answer per call, as documentation for both sides and a check that the response schemas
// accept it. Removing any required top-level field must make it fail.

const balance = { income: 0.42, cost: 1.87, profit_loss: -1.45 };
const applianceEntry = {
  name: 'Kettle',
  appliance_type_id: 3,
  icon: 'kettle',
  status: { state: 'on' },
  duration: { value: 12, unit: 'mins' },
  cost: 0.06,
  consumed: 0.4,
};
const energy = {
  subtitle: 'Today',
  latest_updated: 1_700_003_600,
  period: { time_unit: 'hour', start_timestamp: 1_700_000_000 },
  balance,
  energy_balance: { generated: 1.2, consumed: 6.8 },
  currency_unit: '£',
  energy_unit: 'kWh',
  energy_unit_desc: 'kilowatt hours',
  details: [
    {
      period: { start_timestamp: 1_700_000_000 },
      balance,
      energy_balance: { generated: 0.6, consumed: 3.4 },
    },
  ],
  available: [null, 1_699_920_000, 1_700_000_000],
  previous: 1_699_920_000,
  next: null,
  used_appliances: [applianceEntry],
  most_used_appliances: [applianceEntry],
  most_costly_appliances: [],
};
const alert = {
  id: 9,
  timestamp: 1_700_000_000,
  level: 'Warning',
  name: 'Kettle not used',
  text: 'The kettle has not been used this morning',
  icon: 'kettle',
  type: 'Off',
  viewings: [{ timestamp: 1_700_000_100 }],
  assessments: [{ correct: true, timestamp: 1_700_000_200 }],
  feedback: false,
  correct: true,
};
const event = { appliance_type_id: 3, icon: 'kettle', name: 'Kettle', start_timestamp: 1_700_000_000 };
const activityDetail = {
  activities: [
    {
      activity_id: 1,
      activity_type: 'Breakfast',
      icon: 'toaster',
      level: 'Warning',
      patterns: [
        {
          on: 1_700_000_000,
          off: 1_700_001_800,
          duration: { on: 50, off: 750 },
          inactivity: { on: 0, off: 0 },
          level: 'Normal',
        },
      ],
    },
  ],
  inactivities: [{ activity_id: 1, activity_type: 'Breakfast', num_inac_alerts: 0 }],
  available: [null, 1_700_000_000],
  previous: null,
  next: null,
  num_alerts: 0,
  events: [event],
};
const rates = {
  import: [{ days: 'all', prices: [0.28, 0.075], times: [0, 2330], rate_names: ['Day', 'Night'] }],
  export: null,
  generation: null,
  standing_charge: [{ days: 'all', prices: [0.5353], times: [0], rate_names: ['fix'] }],
};
const dashboardItem = {
  dashboard_type: 2,
  title: "Mum's home",
  user_id: 1,
  dependant_user_id: 2,
  num_alerts: 3,
  sp_id: null,
  user_house_id: 5,
  icon: null,
  messages: [{ currency_unit: '£', value: -1.45 }],
  demo_user: false,
};
const applianceSetting = {
  appliance_type_id: 3,
  appliance_label: 'Kettle',
  appliance_icon: 'kettle',
  show_appliance: true,
  number_of_appliances: 1,
  available_icons: ['kettle', 'kettle_2'],
};
const settings = { name: 'Mum', alert_notification: 1, email_report: 2 };
const setup = {
  age_groups: { under10: 0, range10_17: 0, range18_64: 2, range65_74: 0, over74: 0 },
  employment_statuses: { full_time: 1, part_time: 1, unemployed: 0, pensioner: 0 },
  travel: { commuting: 1, stay_at_home: 1 },
  appliances: { '3': { name: 'Kettle', number: 1 } },
  property_type: 'End_of_terrace',
  postcode: 'LE11',
};
const holiday = { status: 'SCHEDULED', start_timestamp: 1_700_000_000, end_timestamp: 1_701_209_600 };
const dnd = { status: 'SCHEDULED', start_time: '22:00', end_time: '07:00' };
const ok = { detail: 'ok' };
const suppliers = {
  time_zone: 'Europe/London',
  connections: [
    {
      id: 1,
      kind: 'octopus',
      account_end: 'ABCD',
      state: 'filling',
      progress: 40,
      problem: null,
      created_at: 1_700_000_000,
      last_fetch_at: 1_700_000_100,
      next_fetch_at: 1_700_000_160,
      meters: [
        {
          id: 3,
          fuel: 'electricity',
          direction: 'import',
          point_end: '4567',
          serial_end: '0A1B',
          unit: 'kWh',
          unit_set_by: 'supplier',
          rejected: 0,
          data_through: 1_699_920_000,
          stored: true,
        },
      ],
    },
  ],
};

const devices = {
  time_zone: 'Europe/London',
  devices: [
    {
      id: 1,
      kind: 'glow',
      device_id: 'AABBCCDDEEFF',
      appliance: null,
      created_at: 1_700_000_000,
      last_message_at: 1_700_000_600,
      readings_today: 10,
      state: 'receiving',
      state_since: 1_700_000_600,
      last_reject_reason: null,
      rejects: 0,
    },
    {
      id: 2,
      kind: 'tasmota',
      device_id: 'kettle_plug',
      appliance: { key: 'kettle', name: 'Kettle' },
      created_at: 1_700_000_000,
      last_message_at: null,
      readings_today: 0,
      state: 'waiting',
      state_since: null,
      last_reject_reason: null,
      rejects: 0,
    },
  ],
  appliances: [{ key: 'kettle', name: 'Kettle' }],
  mqtt: true,
};

const samples: Record<EndpointName, unknown> = {
  login: { already_set_up: true, csrftoken: 'tok', dashboard: [dashboardItem] },
  logout: ok,
  resetPassword: { detail: 'If your email is registered on our system…' },
  changePassword: {
    detail: { code: 2, message: ['Your password must contain an uppercase letter.'], username: 'joe' },
  },
  dashboard: [dashboardItem],
  alerts: { alerts: [alert] },
  alertFeedback: alert,
  dailyActivities: activityDetail,
  weeklyActivities: activityDetail,
  activity: {
    activity: {
      activity_type: 'Breakfast',
      appliances: [{ name: 'Toaster', appliance_type_id: 4, icon: 'toaster' }],
    },
    alerts: [alert],
  },
  days: {
    days: [
      {
        date: '2026-11-30',
        complete: true,
        active_half_hours: 7,
        night_active_half_hours: 0,
        began_minute: 450,
        ended_minute: 1320,
        findings: ['little_activity'],
        words: ['A quiet day: active 3½ h against the usual 7–9 h.'],
      },
      {
        date: '2026-11-29',
        complete: false,
        active_half_hours: null,
        night_active_half_hours: null,
        began_minute: null,
        ended_minute: null,
        findings: [],
        words: [],
      },
    ],
    time_zone: 'Europe/London',
    yesterday: {
      date: '2026-11-30',
      state: 'complete',
      usual_by: 1796117400,
      overdue_from: 1796128200,
      learned_days: 28,
    },
    day_late: true,
  },
  trends: {
    weeks: [
      {
        week_start: '2026-11-16',
        ordinary_days: 7,
        day_start_minute: 465,
        day_end_minute: 1260,
        active_hours: 5.4,
        meals_per_day: 1,
        night_activity_minutes: 17,
        no_data_days: 0,
        change: {
          day_start_minute: 45,
          day_end_minute: 0,
          active_hours: -0.6,
          meals_per_day: -1,
          night_activity_minutes: 17,
          no_data_days: -0.3,
        },
      },
    ],
    changes: ['Getting up 45 minutes later than in early November.'],
    time_zone: 'Europe/London',
  },
  energyToday: energy,
  energyDetail: { ...energy, period: { time_unit: 'week', start_timestamp: 1_699_833_600 } },
  energyCompare: {
    months_asked: 12,
    months: [{ month: '2026-10', slots: 1490, data_slots: { electricity: 1490 } }],
    tariffs: [
      {
        name: 'Your tariff',
        current: true,
        total: 61.2,
        monthly: [{ month: '2026-10', cost: 61.2 }],
        rates: [
          {
            fuel: 'electricity',
            from: '2026-10-01',
            to: '2026-11-01',
            source: 'price cap',
            clock: 'local',
            unit_rates: [{ name: 'fix', start: '00:00', price: 0.2611 }],
            standing_charge: 0.5719,
          },
        ],
      },
    ],
    notes: ['Your home has 1 complete month of data, not 12.'],
    fuels: ['electricity'],
    currency_unit: '£',
    time_zone: 'Europe/London',
  },
  energyTimes: {
    now: 1_792_850_400,
    tariff: 'time_of_use',
    price_unit: 'µ£/kWh',
    carbon_unit: 'gCO2/kWh',
    slots: [
      { start: 1_792_850_400, price: 245_000, carbon: 182, carbon_index: 'moderate' },
      { start: 1_792_852_200, price: 85_000, carbon: null, carbon_index: null },
    ],
    cheapest: { start: 1_792_852_200, end: 1_792_863_000, hours: 3, average: 85_000 },
    greenest: null,
    appliance: {
      appliance_type_id: 6,
      name: 'Dishwasher',
      uses: 5,
      duration_minutes: 120,
      energy_wh: 1100,
      now_pence: 27,
      best_start: 1_792_852_200,
      best_pence: 9,
    },
    carbon: { status: 'unavailable', region: 'London', postcode: 'SW1A', source: 'Carbon Intensity API' },
    time_zone: 'Europe/London',
  },
  userRankings: {
    period: { time_unit: 'month', start_timestamp: 1_698_796_800 },
    summary: 'You used 12% less than similar homes',
    cost: { you: 40.1, similar: 45.2, all: 51 },
    consumption: { you: 150, similar: 170, all: 190 },
    generation: null,
    currency_unit: '£',
    energy_unit: 'kWh',
  },
  usedAppliances: { used_appliances: [applianceEntry] },
  applianceTimeline: { events: [event] },
  appliances: {
    subtitle: 'This week',
    appliances: [
      {
        name: 'Kettle',
        appliance_type_id: 3,
        icon: 'kettle',
        status: { state: 'off' },
        cost: { unit: '£', value: 0.5 },
        duration: { value: 70, unit: 'mins' },
      },
    ],
  },
  appliance: {
    name: 'Kettle',
    currency_unit: '£',
    time_unit: 'day',
    energy_unit: 'kWh',
    appliance_rankings: { cost: 2, duration: 3, consumption: 2, out_of: 10 },
    comparable_rankings: { cost: 0.4, duration: 60, consumption: 2.1 },
    time_series: [
      {
        timestamp: 1_700_000_000,
        appliance: { cost: 0.1, duration: 12, consumed: 0.4 },
        comparable: { cost: 0.12, duration: 14, consumed: 0.5 },
      },
    ],
  },
  settingsGet: settings,
  settingsPost: settings,
  setupGet: setup,
  setupPost: setup,
  feedback: { detail: 'Thanks for your feedback' },
  popupsGet: [{ popup_id: 1, title: 'New', message: 'Rankings are here' }],
  popupsPost: ok,
  listAppliances: {
    appliances: [
      {
        appliance_type_id: 3,
        name: 'Kettle',
        appliance_label: 'Kettle',
        appliance_icon: 'kettle',
        show_appliance: false,
        number_of_appliances: 1,
      },
    ],
  },
  applianceSettingsGet: applianceSetting,
  applianceSettingsPost: applianceSetting,
  holidayModeGet: holiday,
  holidayModePost: { status: 'DISABLED', start_timestamp: null, end_timestamp: null },
  noDisturbModeGet: dnd,
  noDisturbModePost: { status: 'DISABLED', start_time: '00:00', end_time: '00:00' },
  tariffGet: { ...rates, used_tariff: rates, tariffs_msg: '' },
  tariffPost: { ...rates, used_tariff: rates, tariffs_msg: '', status: 'error' },
  devicesGet: devices,
  devicesAdd: devices,
  devicesRemove: devices,
  devicesUnclaimed: {
    devices: [
      {
        kind: 'glow',
        device_id: 'AABBCCDDEEFF',
        first_seen: 1_700_000_000,
        last_seen: 1_700_000_600,
        messages: 61,
      },
    ],
  },
  devicesClaim: devices,
  suppliersGet: suppliers,
  suppliersConnect: suppliers,
  suppliersDisconnect: suppliers,
  suppliersMeterUnit: suppliers,
  calorificValuesGet: {
    time_zone: 'Europe/London',
    default_mj_per_m3: 39.5,
    values: [{ from_date: '2022-04-01', mj_per_m3: 40.1 }],
  },
  calorificValueSet: { time_zone: 'Europe/London', default_mj_per_m3: 39.5, values: [] },
  carers: {
    dependant: 'Mum',
    carers: [{ name: 'Ann', you: true, since: 1_700_000_000 }],
    invites: [{ email: 'bob@example.com', expires_at: 1_700_600_000 }],
    held: [
      {
        id: 7,
        email: 'bob@example.com',
        name: 'Eve',
        username: 'eve',
        account_email: 'eve@example.com',
        inviter: 'Ann',
        yours: true,
      },
    ],
  },
  carerInvite: { detail: 'Invitation sent to bob@example.com.', expires_at: 1_700_600_000 },
  carerAccept: {
    dependant_user_id: 2,
    dependant: 'Mum',
    joined: true,
    detail: "You are now one of Mum's carers.",
  },
  carerConfirm: { detail: "Eve is now one of Mum's carers." },
  checkInGet: { enabled: false, phone: null, name: 'Mum', window_start: '08:00', window_end: '21:00' },
  checkInPost: {
    enabled: true,
    phone: '+447700900456',
    name: 'Joan',
    window_start: '08:00',
    window_end: '21:00',
  },
  sessions: {
    sessions: [
      { created_at: 1_700_000_100, last_seen_at: 1_700_000_160, current: true },
      { created_at: 1_700_000_000, last_seen_at: 1_700_000_000, current: false },
    ],
  },
  endOtherSessions: { ended: 2 },
  pushKey: {
    public_key: 'BB-geXw7aXgY0qrwanQioiEBn4mllpeR6Wa0zBUUxYKb3KdZhUW1g8_1VzGMm2II6L9anYS149EFI19mT5P1vaQ',
  },
  pushSubscriptions: {
    subscriptions: [{ endpoint: 'https://push.example/send/abc', created_at: 1_700_000_000 }],
  },
  pushSubscribe: {
    subscriptions: [{ endpoint: 'https://push.example/send/abc', created_at: 1_700_000_000 }],
  },
  pushUnsubscribe: { subscriptions: [] },
};

const optionalTopLevel = new Set(['status']);

describe.each(Object.keys(endpoints) as EndpointName[])('%s response', (name) => {
  const { response } = endpoints[name];
  const sample = samples[name];

  it('accepts the sample', () => {
    const result = response.safeParse(sample);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  const required =
    typeof sample === 'object' && sample !== null && !Array.isArray(sample)
      ? Object.keys(sample).filter((key) => !optionalTopLevel.has(key))
      : [];
  if (required.length > 0) {
    it.each(required)('needs %s', (key) => {
      const { [key]: _, ...rest } = sample as Record<string, unknown>;
      expect(response.safeParse(rest).success).toBe(false);
    });
  }
});

describe('response details', () => {
  it('refuse codes outside their range', () => {
    expect(endpoints.settingsGet.response.safeParse({ ...settings, email_report: 4 }).success).toBe(false);
    // §3: alert_notification is 0–3; push is the additive alert_push, never a code above 3.
    expect(endpoints.settingsGet.response.safeParse({ ...settings, alert_notification: 5 }).success).toBe(
      false,
    );
    expect(endpoints.settingsGet.response.safeParse({ ...settings, alert_push: true }).success).toBe(true);
    expect(
      endpoints.changePassword.response.safeParse({ detail: { code: 4, message: [], username: '' } }).success,
    ).toBe(false);
    expect(endpoints.dashboard.response.safeParse([{ ...dashboardItem, dashboard_type: 3 }]).success).toBe(
      false,
    );
  });

  it('allow null in available (Last 7 days) but no other non-number', () => {
    expect(endpoints.energyToday.response.safeParse({ ...energy, available: [null] }).success).toBe(true);
    expect(endpoints.energyToday.response.safeParse({ ...energy, available: ['x'] }).success).toBe(false);
  });

  it("take a year's answer (issue 38): time_unit 'year', one entry per month, nothing else new", () => {
    const month = (start: number) => ({
      period: { start_timestamp: start },
      balance,
      energy_balance: energy.energy_balance,
    });
    const year = {
      ...energy,
      subtitle: '2026',
      period: { time_unit: 'year', start_timestamp: 1_767_225_600 },
      details: [month(1_767_225_600), month(1_769_904_000)],
      previous_so_far: { start_timestamp: 1_735_689_600, end_timestamp: 1_764_590_400, cost: 512.3 },
    };
    expect(endpoints.energyDetail.response.safeParse(year).success).toBe(true);
    const decade = { ...year, period: { time_unit: 'decade', start_timestamp: 1_767_225_600 } };
    expect(endpoints.energyDetail.response.safeParse(decade).success).toBe(false);
  });

  it('hold the standing charge to its fixed shape', () => {
    const bad = {
      ...rates,
      standing_charge: [{ days: 'all', prices: [0.5], times: [730], rate_names: ['fix'] }],
    };
    expect(
      endpoints.tariffGet.response.safeParse({ ...bad, used_tariff: rates, tariffs_msg: '' }).success,
    ).toBe(false);
  });

  it('accept only the spec property types and mode statuses', () => {
    expect(endpoints.setupGet.response.safeParse({ ...setup, property_type: 'Castle' }).success).toBe(false);
    expect(endpoints.setupGet.response.safeParse({ ...setup, postcode: null }).success).toBe(true);
    expect(endpoints.setupGet.response.safeParse({ ...setup, property_type: null }).success).toBe(true);
    expect(endpoints.holidayModeGet.response.safeParse({ ...holiday, status: 'ON' }).success).toBe(false);
  });
});
