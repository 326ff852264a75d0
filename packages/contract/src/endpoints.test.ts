import { describe, expect, it } from 'vitest';
import { type EndpointName, endpoints } from './endpoints';
import { endpointPaths, pathFor } from './paths';
import { messages as m } from './messages';
import { parses, rejects } from './test/expect';

// Spec §7, with the /api/v3 prefix and the alias of spec-decisions "Activities paths".
const spec: [string, string][] = [
  ['POST', '/api/v3/accounts/login/'],
  ['POST', '/api/v3/accounts/logout/'],
  ['POST', '/api/v3/accounts/reset_password/'],
  ['POST', '/api/v3/accounts/change_password/'],
  ['GET', '/api/v3/dashboard/'],
  ['GET', '/api/v3/assisted_living/alerts/'],
  ['POST', '/api/v3/assisted_living/alerts/'],
  ['GET', '/api/v3/assisted_living/daily_activities/'],
  ['GET', '/api/v3/weekly_activities/'],
  ['GET', '/api/v3/daily_activities/'],
  ['GET', '/api/v3/assisted_living/activities/:id/'],
  // Additive, outside §7: the dependant's weeks (issue 25) and recent half-hourly days (issue 36).
  ['GET', '/api/v3/assisted_living/trends/'],
  ['GET', '/api/v3/assisted_living/days/'],
  ['GET', '/api/v3/energy_info/today/'],
  // Additive, outside §7 (issue 37): the coming half-hours' prices and carbon.
  ['GET', '/api/v3/energy_info/times/'],
  ['GET', '/api/v3/energy_info/detail/'],
  ['GET', '/api/v3/energy_info/user_rankings/'],
  // Additive, outside §7 (issue 37): tariffs compared on the home's own months.
  ['GET', '/api/v3/energy_info/compare/'],
  ['GET', '/api/v3/common/used_appliances/'],
  ['GET', '/api/v3/common/appliances/timeline/'],
  ['GET', '/api/v3/common/appliances/'],
  ['GET', '/api/v3/common/appliances/:id/'],
  ['GET', '/api/v3/common/settings/'],
  ['POST', '/api/v3/common/settings/'],
  ['GET', '/api/v3/common/set_up/'],
  ['POST', '/api/v3/common/set_up/'],
  ['POST', '/api/v3/common/feedback/'],
  ['GET', '/api/v3/common/popup/'],
  ['POST', '/api/v3/common/popup/'],
  ['GET', '/api/v3/list_appliances/'],
  ['GET', '/api/v3/appliance_settings/'],
  ['POST', '/api/v3/appliance_settings/'],
  ['GET', '/api/v3/holiday_mode/'],
  ['POST', '/api/v3/holiday_mode/'],
  ['GET', '/api/v3/no_disturb_mode/'],
  ['POST', '/api/v3/no_disturb_mode/'],
  ['GET', '/api/v3/tariff_setting/'],
  ['POST', '/api/v3/tariff_setting/'],
  // Additive, outside §7 (issue 23): a home's live devices.
  ['GET', '/api/v3/devices/'],
  ['POST', '/api/v3/devices/'],
  ['POST', '/api/v3/devices/remove/'],
  ['GET', '/api/v3/devices/unclaimed/'],
  ['POST', '/api/v3/devices/claim/'],
  // Additive, outside §7 (issue 35): a home's supplier accounts.
  ['GET', '/api/v3/suppliers/'],
  ['POST', '/api/v3/suppliers/'],
  ['POST', '/api/v3/suppliers/remove/'],
  ['POST', '/api/v3/suppliers/meter/'],
  ['GET', '/api/v3/suppliers/calorific_values/'],
  ['POST', '/api/v3/suppliers/calorific_values/'],
  // Additive, outside §7 (issue 25): a home's carers and invitations, the dependant's check-in.
  ['GET', '/api/v3/assisted_living/carers/'],
  ['POST', '/api/v3/assisted_living/carers/invite/'],
  ['POST', '/api/v3/assisted_living/carers/accept/'],
  ['POST', '/api/v3/assisted_living/carers/confirm/'],
  ['GET', '/api/v3/assisted_living/check_in/'],
  ['POST', '/api/v3/assisted_living/check_in/'],
  // Additive, outside §7 (issue 27): the account's sessions.
  ['GET', '/api/v3/accounts/sessions/'],
  ['POST', '/api/v3/accounts/sessions/end_others/'],
  // Additive, outside §7 (issue 36): Web Push, the person's own browsers.
  ['GET', '/api/v3/push/key/'],
  ['GET', '/api/v3/push/subscriptions/'],
  ['POST', '/api/v3/push/subscriptions/'],
  ['POST', '/api/v3/push/subscriptions/remove/'],
];

describe('endpoints', () => {
  it('serve exactly the calls of §7, each once', () => {
    const served = Object.values(endpoints).flatMap((e) =>
      ['aliases' in e ? e.aliases : [], [e.path]].flat().map((path) => `${e.method} ${path}`),
    );
    expect([...served].sort()).toEqual(spec.map(([method, path]) => `${method} ${path}`).sort());
  });

  it('name each call as the clients do', () => {
    expect(endpoints.login).toMatchObject({ method: 'POST', path: '/api/v3/accounts/login/' });
    expect(endpoints.dailyActivities.aliases).toEqual(['/api/v3/daily_activities/']);
    expect(endpoints.tariffPost).toMatchObject({ method: 'POST', path: '/api/v3/tariff_setting/' });
  });

  it('mark only the calls that work without a session as public', () => {
    const open = Object.entries(endpoints)
      .filter(([, e]) => 'public' in e && e.public)
      .map(([name]) => name);
    expect(open.sort()).toEqual(['changePassword', 'login', 'logout', 'resetPassword']);
  });

  it('carry the zod-free paths unchanged, one entry per call', () => {
    expect(Object.keys(endpoints)).toEqual(Object.keys(endpointPaths));
    for (const [name, path] of Object.entries(endpointPaths)) {
      expect(endpoints[name as EndpointName]).toMatchObject(path);
    }
  });

  it('fill path parameters', () => {
    expect(pathFor('activity', { id: 4 })).toBe('/api/v3/assisted_living/activities/4/');
    expect(pathFor('appliance', { id: 12 })).toBe('/api/v3/common/appliances/12/');
    expect(pathFor('login', {})).toBe('/api/v3/accounts/login/');
  });

  it('parse path parameters', () => {
    expect(parses(endpoints.activity.params, { id: '4' })).toEqual({ id: 4 });
    rejects(endpoints.appliance.params, { id: 'fridge' }, 'id', 'id must be a whole number');
  });
});

// Representative requests per call: valid ones as a form or query string would carry them, and invalid ones
// with the field the 400 must name and words of its message. The Record type makes a new call without
// cases a type error.
interface Cases {
  readonly valid: readonly unknown[];
  readonly invalid: readonly (readonly [input: unknown, field: string | undefined, words: string])[];
}

const okTariff = JSON.stringify({
  import: [{ days: 'all', prices: [0.1534], times: [0], rate_names: ['fix'] }],
});

// A browser's subscription keys (RFC 8291): an uncompressed P-256 point and 16 bytes, base64url.
const PUSH_URL = 'https://push.example/send/abc';
const P256DH = 'BB-geXw7aXgY0qrwanQioiEBn4mllpeR6Wa0zBUUxYKb3KdZhUW1g8_1VzGMm2II6L9anYS149EFI19mT5P1vaQ';
const AUTH = 'ZeG4kvjj8pS3BAIjzn8twQ';

const cases: Record<EndpointName, Cases> = {
  login: {
    valid: [{ username: 'joe', password: 'secret' }],
    invalid: [
      [{ username: '', password: 'x' }, 'username', m.usernameRequired],
      [{ username: 'joe' }, 'password', m.passwordRequired],
      [{ username: 'joe', password: '' }, 'password', m.passwordRequired],
      [{ username: 'joe', password: 'x'.repeat(4097) }, 'password', 'Password must be at most 4096'],
      [{ username: 'joe', password: 'x', remember: '1' }, 'remember', 'Unknown field: remember'],
    ],
  },
  logout: { valid: [{}], invalid: [[{ next: '/' }, 'next', 'Unknown field: next']] },
  resetPassword: {
    valid: [{ email: 'joe@example.com' }, { email: ' joe@example.com ' }],
    invalid: [
      [{ email: 'joe' }, 'email', 'email must be an email address'],
      [{}, 'email', 'email is required'],
      [{ email: ['a@b.co', 'c@d.co'] }, 'email', 'email must be a single value'],
    ],
  },
  changePassword: {
    valid: [
      { current_password: 'old', new_password: 'New#pass1' },
      { current_password: 'old', new_password: 'New#pass1', confirm_password: 'New#pass1' },
      { new_password: 'New#pass1', token: 'abc-123', exp_date: '1700000000' },
    ],
    invalid: [
      [{ new_password: 'New#pass1' }, 'current_password', m.currentPasswordRequired],
      [{ current_password: 'old', new_password: '' }, 'new_password', m.newPasswordRequired],
      [{ new_password: '', token: 'abc' }, 'new_password', m.resetNewPasswordRequired],
      [{ new_password: 'x', token: 'abc', exp_date: 'tomorrow' }, 'exp_date', 'exp_date must be a time'],
      [{ current_password: 'old', new_password: 'x'.repeat(4097) }, 'new_password', m.passwordTooLong],
      [{ current_password: 'a', new_password: 'b', verify: 'b' }, 'verify', 'Unknown field: verify'],
      [{ current_password: 'a', new_password: 'b', token: '' }, 'token', 'token is required'],
    ],
  },
  dashboard: { valid: [{}], invalid: [[{ user_id: '1' }, 'user_id', 'Unknown field: user_id']] },
  sessions: { valid: [{}], invalid: [[{ user_id: '1' }, 'user_id', 'Unknown field: user_id']] },
  endOtherSessions: { valid: [{}], invalid: [[{ user_id: '1' }, 'user_id', 'Unknown field: user_id']] },
  alerts: {
    valid: [{ dependant_user_id: '2', timestamp: '1700000000' }, { dependant_user_id: 2 }],
    invalid: [
      [{}, 'dependant_user_id', 'dependant_user_id is required'],
      [{ dependant_user_id: 'me' }, 'dependant_user_id', 'dependant_user_id must be a whole number'],
    ],
  },
  alertFeedback: {
    valid: [
      { dependant_user_id: '2', id: '9', correct: 'true', assessment_timestamp: '1700000000' },
      { dependant_user_id: '2', id: '9', feedback: 'The kettle was my visit' },
      { dependant_user_id: '2', id: '9', viewed: 'true' },
      { dependant_user_id: '2', id: '9', take: 'true' },
      { dependant_user_id: '2', id: '9', resolve: 'true', note: 'Rang her: she was in the garden' },
    ],
    invalid: [
      [
        { dependant_user_id: '2', id: '9' },
        'feedback',
        'Send exactly one of feedback, correct, viewed, take, take_over or resolve',
      ],
      [{ dependant_user_id: '2', id: '9', take: 'true', resolve: 'true' }, 'feedback', 'exactly one'],
      [{ dependant_user_id: '2', id: '9', take: 'false' }, 'take', 'take must be true'],
      [{ dependant_user_id: '2', id: '9', take: 'true', note: 'x' }, 'note', 'A note goes with resolve=true'],
      [{ dependant_user_id: '2', id: '9', resolve: 'true', note: 'x'.repeat(1001) }, 'note', 'at most 1000'],
      [{ dependant_user_id: '2', id: '9', feedback: 'x', correct: '1' }, 'feedback', 'exactly one'],
      [{ dependant_user_id: '2', id: '9', viewed: 'true', correct: '1' }, 'feedback', 'exactly one'],
      [{ dependant_user_id: '2', id: '9', viewed: 'false' }, 'viewed', 'viewed must be true'],
      [{ dependant_user_id: '2', id: '9', correct: 'maybe' }, 'correct', 'correct must be true or false'],
      [{ dependant_user_id: '2', correct: 'true' }, 'id', 'id is required'],
    ],
  },
  carers: { valid: [{ dependant_user_id: '2' }], invalid: [[{}, 'dependant_user_id', 'is required']] },
  carerInvite: {
    valid: [{ dependant_user_id: '2', email: 'ann@example.com' }],
    invalid: [[{ dependant_user_id: '2', email: 'ann' }, 'email', 'email must be an email address']],
  },
  carerAccept: {
    valid: [{ token: '1-abc' }],
    invalid: [[{}, 'token', 'token is required']],
  },
  carerConfirm: {
    valid: [{ dependant_user_id: '2', invite_id: '7', confirm: 'true' }],
    invalid: [[{ dependant_user_id: '2', confirm: 'false' }, 'invite_id', 'invite_id is required']],
  },
  checkInGet: {
    valid: [{ dependant_user_id: 2 }],
    invalid: [[{ dependant_user_id: 'x' }, 'dependant_user_id', 'whole number']],
  },
  checkInPost: {
    valid: [
      { dependant_user_id: '2', enabled: 'false', window_start: '08:00', window_end: '21:00' },
      {
        dependant_user_id: '2',
        enabled: 'true',
        phone: '07700 900456',
        name: 'Joan',
        window_start: '08:00',
        window_end: '21:00',
      },
    ],
    invalid: [
      [
        { dependant_user_id: '2', enabled: 'true', window_start: '08:00', window_end: '21:00' },
        'phone',
        'phone is required',
      ],
      [
        { dependant_user_id: '2', enabled: 'false', window_start: '21:00', window_end: '08:00' },
        'window_end',
        'window_end must be later in the day than window_start',
      ],
      [
        { dependant_user_id: '2', enabled: 'true', phone: '12', window_start: '08:00', window_end: '21:00' },
        'phone',
        'Enter a mobile number',
      ],
    ],
  },
  dailyActivities: {
    valid: [
      { dependant_user_id: '2' },
      { dependant_user_id: '2', timestamp: 'null' },
      { dependant_user_id: '2', timestamp: '' },
    ],
    invalid: [[{ dependant_user_id: '2', timestamp: 'today' }, 'timestamp', 'timestamp must be a time']],
  },
  trends: {
    valid: [{ dependant_user_id: '2', weeks: '12' }, { dependant_user_id: 2 }],
    invalid: [
      [{}, 'dependant_user_id', 'dependant_user_id is required'],
      [{ dependant_user_id: '2', weeks: '0' }, 'weeks', 'weeks must be a whole number from 1 to 26'],
      [{ dependant_user_id: '2', weeks: '27' }, 'weeks', 'weeks must be a whole number from 1 to 26'],
      [{ dependant_user_id: '2', weeks: 'all' }, 'weeks', 'weeks must be a whole number'],
    ],
  },
  days: {
    valid: [{ dependant_user_id: '2', days: '7' }, { dependant_user_id: 2 }],
    invalid: [
      [{}, 'dependant_user_id', 'dependant_user_id is required'],
      [{ dependant_user_id: '2', days: '0' }, 'days', 'days must be a whole number from 1 to 28'],
      [{ dependant_user_id: '2', days: '29' }, 'days', 'days must be a whole number from 1 to 28'],
    ],
  },
  weeklyActivities: {
    valid: [{ dependant_user_id: '2', timestamp: '1700000000' }],
    invalid: [
      [{ dependant_user_id: ['2', '3'] }, 'dependant_user_id', 'dependant_user_id must be a single value'],
    ],
  },
  activity: {
    valid: [
      { dependant_user_id: '2', start_timestamp: '1700000000', end_timestamp: '1700086400' },
      {
        dependant_user_id: '2',
        activity_id: '4',
        start_timestamp: '1700000000',
        end_timestamp: '1700086400',
      },
    ],
    invalid: [
      [
        { dependant_user_id: '2', start_timestamp: '5', end_timestamp: '5' },
        'end_timestamp',
        'end_timestamp must be after',
      ],
      [{ dependant_user_id: '2', end_timestamp: '5' }, 'start_timestamp', 'start_timestamp is required'],
      [
        { dependant_user_id: '2', activity_id: 'x', start_timestamp: '1', end_timestamp: '5' },
        'activity_id',
        'activity_id must be a whole number',
      ],
    ],
  },
  energyToday: {
    valid: [{ user_id: '1' }, { user_id: '1', timestamp: '1700000000' }, { user_id: '1', fuel: 'gas' }],
    invalid: [
      [{ timestamp: '1700000000' }, 'user_id', 'user_id is required'],
      [{ user_id: '1', fuel: 'oil' }, 'fuel', 'fuel must be one of electricity, gas'],
    ],
  },
  energyDetail: {
    valid: [
      { user_id: '1', timescale: 'day' },
      { user_id: '1', timescale: 'month', timestamp: '1700000000' },
      { user_id: '1', timescale: 'hour', timestamp: '1700000000' },
      { user_id: '1', timescale: 'week', fuel: 'electricity' },
      // Additive (issue 38): a calendar year, months as details, of either fuel.
      { user_id: '1', timescale: 'year' },
      { user_id: '1', timescale: 'year', timestamp: '1700000000', fuel: 'gas' },
    ],
    invalid: [
      [{ user_id: '1', timescale: 'day', fuel: 'Gas' }, 'fuel', 'fuel must be one of electricity, gas'],
      [
        { user_id: '1', timescale: 'years' },
        'timescale',
        'timescale must be one of hour, day, week, month, year',
      ],
      [
        { user_id: '1', timescale: 'Year' },
        'timescale',
        'timescale must be one of hour, day, week, month, year',
      ],
      [{ user_id: '1' }, 'timescale', 'timescale is required'],
    ],
  },
  energyCompare: {
    valid: [
      { user_id: '1' },
      { user_id: '1', months: '12' },
      { user_id: '1', months: '1' },
      { user_id: '1', move_kwh: '0' },
      { user_id: '1', move_kwh: '2.5' },
      { user_id: '1', move_kwh: '10' },
    ],
    invalid: [
      ...['-1', '10.1', '2.55', '1e1', 'two'].map(
        (v) =>
          [
            { user_id: '1', move_kwh: v },
            'move_kwh',
            'move_kwh must be the kWh a day to move from 16:00–19:00, from 0 to 10 with at most one decimal (such as 2.5)',
          ] as const,
      ),
      [{ user_id: '1', months: '0' }, 'months', 'months must be a whole number from 1 to 12'],
      [{ user_id: '1', months: '13' }, 'months', 'months must be a whole number from 1 to 12'],
      [{ user_id: '1', months: '1.5' }, 'months', 'months must be a whole number from 1 to 12'],
    ],
  },
  energyTimes: {
    valid: [{ user_id: '1' }],
    invalid: [
      [{}, 'user_id', 'user_id is required'],
      [{ user_id: 'me' }, 'user_id', 'user_id must be a whole number'],
    ],
  },
  userRankings: {
    valid: [{ user_id: '1', timescale: 'week' }],
    invalid: [[{ user_id: '1', timescale: 'day' }, 'timescale', 'timescale must be one of week, month']],
  },
  usedAppliances: {
    valid: [{ timescale: 'hour' }, { timescale: 'week', user_id: '1' }],
    invalid: [
      [{}, 'timescale', 'timescale is required'],
      // The detail's 'year' (issue 38) is not a "used" period: this call keeps §3's four.
      [{ timescale: 'year' }, 'timescale', 'timescale must be one of hour, day, week, month'],
    ],
  },
  applianceTimeline: {
    valid: [{ user_id: '1', timestamp: '1700000000' }],
    invalid: [[{ user_id: '1.0' }, 'user_id', 'user_id must be a whole number']],
  },
  appliances: {
    valid: [{ user_id: '1' }, { user_id: '1', view_type: 'most_costly' }],
    invalid: [
      [
        { user_id: '1', view_type: 'costly' },
        'view_type',
        'view_type must be one of most_used, most_costly, all',
      ],
    ],
  },
  appliance: {
    valid: [{ user_id: '1' }],
    invalid: [[{ user_id: '-3' }, 'user_id', 'user_id must be a positive number']],
  },
  settingsGet: { valid: [{ user_id: '1' }], invalid: [[{}, 'user_id', 'user_id is required']] },
  settingsPost: {
    valid: [
      { user_id: '1', name: 'Mum' },
      { user_id: '1', alert_notification: '3' },
      { user_id: '1', alert_notification: '0' },
      { user_id: '2', alert_push: 'true' },
      { user_id: '2', alert_push: 'false' },
      { user_id: '2', alert_push: true },
      { user_id: '1', email_report: 2 },
      { user_id: '1', phone: '07700 900123' },
      { user_id: '2', all_is_well: '1', all_is_well_time: '07:30' },
      { user_id: '2', all_is_well: 0 },
      { user_id: '2', all_is_well_time: '10:00' },
      { user_id: '1', phone: '+1 (415) 555-0100' },
      { user_id: '1', phone: '' },
    ],
    invalid: [
      [
        { user_id: '1' },
        'name',
        'Send exactly one of name, alert_notification, alert_push, email_report, phone or all_is_well',
      ],
      [
        { user_id: '1', all_is_well: '1', phone: '' },
        'all_is_well',
        'Send exactly one of name, alert_notification, alert_push, email_report, phone or all_is_well',
      ],
      // Push is its own field (issue 36), one setting like the others.
      [{ user_id: '2', alert_notification: '1', alert_push: 'true' }, 'alert_push', 'Send exactly one'],
      [{ user_id: '2', alert_push: 'yes' }, 'alert_push', 'alert_push must be true or false'],
      [{ user_id: '1', all_is_well: '8' }, 'all_is_well', 'all_is_well must be a whole number from 0 to 7'],
      [
        { user_id: '1', all_is_well_time: '25:00' },
        'all_is_well_time',
        'all_is_well_time must be a time of day HH:MM, e.g. 10:00',
      ],
      [
        { user_id: '1', phone: '12345' },
        'phone',
        'Enter a mobile number like 07700 900123 or +44 7700 900123',
      ],
      [{ user_id: '1', phone: 'call me' }, 'phone', 'Enter a mobile number'],
      [{ user_id: '1', phone: '07700 900123', name: 'Mum' }, 'phone', 'Send exactly one'],
      [{ user_id: '1', name: 'Mum', email_report: '1' }, 'email_report', 'Send exactly one'],
      [
        { user_id: '1', alert_notification: '4' },
        'alert_notification',
        'alert_notification must be a whole number from 0 to 3',
      ],
      [
        { user_id: '1', email_report: 'weekly' },
        'email_report',
        'email_report must be a whole number from 0 to 3',
      ],
      [{ user_id: '1', name: 'x'.repeat(101) }, 'name', 'name must be at most 100 characters'],
    ],
  },
  setupGet: { valid: [{ user_id: '1' }], invalid: [[{ user_id: '' }, 'user_id', 'user_id is required']] },
  setupPost: {
    valid: [
      {
        user_id: '1',
        under10: '0',
        range10_17: '1',
        range18_64: '2',
        range65_74: '0',
        over74: '0',
        full_time: '1',
        part_time: '1',
        unemployed: '0',
        pensioner: '0',
        commuting: '1',
        stay_at_home: '1',
        property_type: 'Semi_detached',
      },
    ],
    invalid: [],
  },
  feedback: {
    valid: [{ user_id: '1', feedback: "I'd like to say thanks" }],
    invalid: [
      [{ user_id: '1', feedback: '  ' }, 'feedback', 'feedback is required'],
      [{ user_id: '1', feedback: 'x'.repeat(5001) }, 'feedback', 'feedback must be at most 5000 characters'],
    ],
  },
  popupsGet: { valid: [{}], invalid: [[{ all: '1' }, 'all', 'Unknown field: all']] },
  popupsPost: {
    valid: [
      { popups_read: '[{"popup_id":3,"show_again":false}]' },
      { popups_read: [{ popup_id: 3, show_again: 'false' }] },
    ],
    invalid: [
      [{ popups_read: '[{"popup_id":3}]' }, 'popups_read.0.show_again', 'show_again is required'],
      [{ popups_read: 'nope' }, 'popups_read', 'popups_read must be valid JSON'],
      [{ popups_read: '[]' }, 'popups_read', 'popups_read must list at least one popup'],
      [{ popups_read: '{"popup_id":3}' }, 'popups_read', 'popups_read must be a JSON list'],
    ],
  },
  listAppliances: {
    valid: [{ user_id: '1' }],
    invalid: [[{ user_id: 'all' }, 'user_id', 'user_id must be a whole number']],
  },
  applianceSettingsGet: {
    valid: [{ user_id: '1', appliance_type_id: '7' }],
    invalid: [[{ user_id: '1' }, 'appliance_type_id', 'appliance_type_id is required']],
  },
  applianceSettingsPost: {
    valid: [
      { user_id: '1', appliance_type_id: '7', number_of_appliances: '0' },
      {
        user_id: '1',
        appliance_type_id: '7',
        number_of_appliances: '2',
        appliance_label: 'Upstairs kettle',
        appliance_icon: 'kettle_2',
        show_appliance: 'true',
      },
    ],
    invalid: [
      [
        { user_id: '1', appliance_type_id: '7', number_of_appliances: '51' },
        'number_of_appliances',
        'number_of_appliances must be a whole number from 0 to 50',
      ],
      [
        { user_id: '1', appliance_type_id: '7', number_of_appliances: '1', appliance_icon: '../x' },
        'appliance_icon',
        'appliance_icon must be an icon name',
      ],
      [
        { user_id: '1', appliance_type_id: '7', number_of_appliances: '1', appliance_label: 'x'.repeat(51) },
        'appliance_label',
        'appliance_label must be at most 50',
      ],
      [
        { user_id: '1', appliance_type_id: '7', number_of_appliances: '1', show_appliance: 'hide' },
        'show_appliance',
        'show_appliance must be true or false',
      ],
    ],
  },
  holidayModeGet: {
    valid: [{ user_id: '1' }],
    invalid: [[{ user_id: '1', status: 'ENABLED' }, 'status', 'Unknown field: status']],
  },
  holidayModePost: {
    valid: [
      { user_id: '1', status: 'DISABLED' },
      { user_id: '1', status: 'ENABLED', start_timestamp: '', end_timestamp: '' },
      { user_id: '1', status: 'SCHEDULED', start_timestamp: '1700000000', end_timestamp: '1701209600' },
    ],
    invalid: [
      [
        { user_id: '1', status: 'SCHEDULED', end_timestamp: '1701209600' },
        'start_timestamp',
        'start_timestamp is required when SCHEDULED',
      ],
      [
        { user_id: '1', status: 'SCHEDULED', start_timestamp: '1700000000' },
        'end_timestamp',
        'end_timestamp is required when SCHEDULED',
      ],
      [
        { user_id: '1', status: 'SCHEDULED', start_timestamp: '1700000000', end_timestamp: '1700000000' },
        'end_timestamp',
        'end_timestamp must be after start_timestamp',
      ],
      [{ user_id: '1', status: 'enabled' }, 'status', 'status must be one of DISABLED, ENABLED, SCHEDULED'],
    ],
  },
  noDisturbModeGet: { valid: [{ user_id: '1' }], invalid: [[{}, 'user_id', 'user_id is required']] },
  noDisturbModePost: {
    valid: [
      { user_id: '1', status: 'ENABLED' },
      { user_id: '1', status: 'SCHEDULED', start_time: '22:00', end_time: '07:00' },
      { user_id: '1', status: 'SCHEDULED', start_time: '00:00', end_time: '00:00' },
    ],
    invalid: [
      [
        { user_id: '1', status: 'SCHEDULED', start_time: '22:00' },
        'end_time',
        'end_time is required when SCHEDULED',
      ],
      [
        { user_id: '1', status: 'SCHEDULED', start_time: '25:00', end_time: '07:00' },
        'start_time',
        'start_time must be a time HH:MM',
      ],
      [{ user_id: '1' }, 'status', 'status is required'],
    ],
  },
  tariffGet: {
    valid: [{ user_id: '1' }],
    invalid: [[{ user_id: '1', kind: 'import' }, 'kind', 'Unknown field: kind']],
  },
  tariffPost: {
    valid: [
      { user_id: '1', tariff: okTariff },
      { user_id: '1', tariff: okTariff, start_date: '2025-01-01' },
    ],
    invalid: [
      [{ user_id: '1' }, 'tariff', 'tariff is required'],
      [
        { user_id: '1', tariff: okTariff, start_date: '01/01/2025' },
        'start_date',
        'start_date must be a date YYYY-MM-DD',
      ],
    ],
  },
  devicesGet: { valid: [{ user_id: '2' }], invalid: [[{}, 'user_id', 'user_id is required']] },
  devicesAdd: {
    valid: [
      { user_id: '2', kind: 'glow', device_id: 'AABBCCDDEEFF' },
      { user_id: '2', kind: 'tasmota', device_id: 'kettle_plug', appliance: 'kettle' },
      { user_id: '2', kind: 'shelly', device_id: 'shellyplusplugs-a8032ab1c2d4', appliance: '' },
    ],
    invalid: [
      [{ user_id: '2', kind: 'nest', device_id: 'x' }, 'kind', 'kind must be one of glow, shelly'],
      [{ user_id: '2', kind: 'glow' }, 'device_id', 'device_id is required'],
      [{ user_id: '2', kind: 'glow', device_id: 'a/b' }, 'device_id', 'cannot contain /, + or #'],
      [{ user_id: '2', kind: 'glow', device_id: '#' }, 'device_id', 'one level of an MQTT topic'],
      [{ user_id: '2', kind: 'glow', device_id: 'x'.repeat(201) }, 'device_id', 'at most 200'],
      [{ user_id: '2', kind: 'glow', device_id: 'x', appliance: 'kettle' }, 'appliance', 'whole house'],
    ],
  },
  devicesRemove: {
    valid: [{ user_id: '2', id: '7' }],
    invalid: [[{ user_id: '2', id: 'all' }, 'id', 'id must be a whole number']],
  },
  devicesUnclaimed: {
    valid: [{ user_id: '2', device_id: 'AABBCCDDEEFF' }],
    invalid: [
      [{ user_id: '2' }, 'device_id', 'device_id is required'],
      [{ user_id: '2', device_id: '+' }, 'device_id', 'cannot contain'],
    ],
  },
  devicesClaim: {
    valid: [{ user_id: '2', kind: 'zigbee2mqtt', device_id: 'Kettle plug', appliance: 'Kettle' }],
    invalid: [
      [{ user_id: '2', kind: 'emon', device_id: 'emontx4', appliance: 'kettle' }, 'appliance', 'whole'],
    ],
  },
  suppliersGet: { valid: [{ user_id: '2' }], invalid: [[{}, 'user_id', 'required']] },
  suppliersConnect: {
    valid: [
      { user_id: '2', kind: 'octopus', api_key: 'sk_live_abc', account_number: 'A-1234ABCD' },
      { user_id: '2', kind: 'bright', email: 'ann@example.com', password: 'pw' },
    ],
    invalid: [
      [{ user_id: '2', kind: 'octopus', account_number: 'A-1234ABCD' }, 'api_key', 'required for Octopus'],
      [{ user_id: '2', kind: 'bright', email: 'ann@example.com' }, 'password', 'required for Bright'],
      [{ user_id: '2', kind: 'ovo', email: 'a@b.c', password: 'pw' }, 'kind', ''],
      [
        { user_id: '2', kind: 'octopus', api_key: 'sk_live_abc', account_number: '1234' },
        'account_number',
        'A-1234ABCD',
      ],
      [
        { user_id: '2', kind: 'octopus', api_key: 'key\u001b[2J', account_number: 'A-1234ABCD' },
        'api_key',
        'sk_live_',
      ],
      [
        { user_id: '2', kind: 'bright', email: 'ann\u0007@example.com', password: 'pw' },
        'email',
        'email address',
      ],
    ],
  },
  suppliersDisconnect: {
    valid: [{ user_id: '2', id: '1' }],
    invalid: [[{ user_id: '2' }, 'id', 'required']],
  },
  suppliersMeterUnit: {
    valid: [{ user_id: '2', id: '3', unit: 'kWh' }],
    invalid: [[{ user_id: '2', id: '3', unit: 'ft3' }, 'unit', 'one of kWh, m3']],
  },
  calorificValuesGet: { valid: [{ user_id: '2' }], invalid: [[{}, 'user_id', 'required']] },
  calorificValueSet: {
    valid: [
      { user_id: '2', from_date: '2022-04-01', mj_per_m3: '39.5' },
      { user_id: '2', from_date: '2022-04-01', mj_per_m3: 40 },
    ],
    invalid: [
      [{ user_id: '2', from_date: '2022-04-01', mj_per_m3: '29.9' }, 'mj_per_m3', 'from 30.0 to 50.0'],
      [{ user_id: '2', from_date: '2022-04-01', mj_per_m3: '50.1' }, 'mj_per_m3', 'from 30.0 to 50.0'],
      [{ user_id: '2', from_date: '2022-04-01', mj_per_m3: '39.55' }, 'mj_per_m3', 'one decimal'],
      [{ user_id: '2', from_date: '2022-04-01', mj_per_m3: 'NaN' }, 'mj_per_m3', 'calorific value'],
      [{ user_id: '2', from_date: '2022-02-30', mj_per_m3: '39.5' }, 'from_date', 'calendar date'],
    ],
  },
  pushKey: { valid: [{}], invalid: [[{ user_id: '1' }, 'user_id', 'Unknown field: user_id']] },
  pushSubscriptions: { valid: [{}], invalid: [[{ user_id: '1' }, 'user_id', 'Unknown field: user_id']] },
  pushSubscribe: {
    valid: [
      { endpoint: PUSH_URL, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } },
      { endpoint: PUSH_URL, keys: JSON.stringify({ p256dh: P256DH, auth: AUTH }) },
    ],
    invalid: [
      [{ endpoint: 'http://push.example/x', keys: { p256dh: P256DH, auth: AUTH } }, 'endpoint', 'https://'],
      [{ endpoint: 'push.example/x', keys: { p256dh: P256DH, auth: AUTH } }, 'endpoint', 'https://'],
      [{ endpoint: PUSH_URL }, 'keys', 'keys is required'],
      // A compressed point (33 bytes) is not what browsers send.
      [
        { endpoint: PUSH_URL, keys: { p256dh: 'Ah-geXw7aXgY0qrwanQioiEBn4mllpeR6Wa0zBUUxYKb', auth: AUTH } },
        'keys.p256dh',
        '65 bytes',
      ],
      [{ endpoint: PUSH_URL, keys: { p256dh: P256DH, auth: `${AUTH}A` } }, 'keys.auth', '16 bytes'],
      [
        { endpoint: PUSH_URL, keys: { p256dh: P256DH.replace('B', 'B+'), auth: AUTH } },
        'keys.p256dh',
        'base64url',
      ],
      [
        { endpoint: PUSH_URL, keys: { p256dh: P256DH, auth: AUTH, extra: 'x' } },
        'keys.extra',
        'p256dh and auth only',
      ],
    ],
  },
  pushUnsubscribe: {
    valid: [{ endpoint: PUSH_URL }],
    invalid: [[{}, 'endpoint', 'endpoint is required']],
  },
};

// Each count of the setup form, missing, negative and too large.
const setupValid = cases.setupPost.valid[0] as Record<string, string>;
const setupInvalid = Object.keys(setupValid)
  .filter((field) => field !== 'user_id' && field !== 'property_type')
  .flatMap((field) => [
    [{ ...setupValid, [field]: '-1' }, field, `${field} must be a whole number from 0 to 20`] as const,
    [{ ...setupValid, [field]: '21' }, field, `${field} must be a whole number from 0 to 20`] as const,
    [{ ...setupValid, [field]: undefined }, field, `${field} is required`] as const,
  ]);
const setupCases: Cases = {
  valid: cases.setupPost.valid,
  invalid: [
    ...setupInvalid,
    [
      { ...setupValid, property_type: 'Semi Detached' },
      'property_type',
      'property_type must be one of Flat, Detached',
    ],
    [{ ...setupValid, appliances: '{}' }, 'appliances', 'Unknown field: appliances'],
    [{ ...setupValid, postcode: 'LONDON' }, 'postcode', 'postcode must be a UK postcode such as SW1A 1AA'],
    [{ ...setupValid, postcode: 'SW1A 1A' }, 'postcode', 'or its first half such as SW1A'],
    [{ ...setupValid, postcode: ['SW1A', 'RG41'] }, 'postcode', 'postcode must be a single value'],
    [{ ...setupValid, postcode: 41 }, 'postcode', 'postcode must be a UK postcode'],
  ],
};

describe.each(Object.keys(endpoints) as EndpointName[])('%s request', (name) => {
  const { request } = endpoints[name];
  const { valid, invalid } = name === 'setupPost' ? setupCases : cases[name];

  it.each(valid.map((input) => [JSON.stringify(input), input]))('accepts %s', (_, input) => {
    parses(request, input);
  });

  if (invalid.length > 0) {
    it.each(invalid.map(([input, field, words]) => [field, words, input]))(
      'refuses, naming %s: %s',
      (field, words, input) => {
        rejects(request, input, field, words);
      },
    );
  }

  it('refuses an unknown field', () => {
    const base = valid[0] as Record<string, unknown>;
    rejects(request, { ...base, zz_unknown: '1' }, 'zz_unknown', 'Unknown field: zz_unknown');
  });
});

describe('parsed requests', () => {
  it('coerce form strings to numbers and booleans', () => {
    expect(parses(endpoints.alertFeedback.request, cases.alertFeedback.valid[0])).toEqual({
      dependant_user_id: 2,
      id: 9,
      correct: true,
      assessment_timestamp: 1_700_000_000,
    });
    expect(parses(endpoints.settingsPost.request, { user_id: '1', alert_notification: '3' })).toEqual({
      user_id: 1,
      alert_notification: 3,
    });
    expect(parses(endpoints.settingsPost.request, { user_id: '2', alert_push: 'false' })).toEqual({
      user_id: 2,
      alert_push: false,
    });
  });

  it('keep only a postcode’s outward code, clear it when blank, and leave it alone when absent', () => {
    const setup = endpoints.setupPost.request;
    expect(parses(setup, { ...setupValid, postcode: ' sw1a 1aa ' })).toMatchObject({ postcode: 'SW1A' });
    expect(parses(setup, { ...setupValid, postcode: 'rg41' })).toMatchObject({ postcode: 'RG41' });
    expect(parses(setup, { ...setupValid, postcode: '  ' })).toMatchObject({ postcode: null });
    expect(parses(setup, { ...setupValid, postcode: null })).toMatchObject({ postcode: null });
    expect('postcode' in (parses(setup, setupValid) as object)).toBe(false);
  });

  it('tell a reset from a change by its token', () => {
    const reset = parses(endpoints.changePassword.request, cases.changePassword.valid[2]);
    expect(reset).toEqual({ new_password: 'New#pass1', token: 'abc-123', exp_date: 1_700_000_000 });
    expect('token' in reset).toBe(true);
  });

  it('never trim a password', () => {
    const body = parses(endpoints.changePassword.request, { current_password: ' a ', new_password: ' b ' });
    expect(body).toEqual({ current_password: ' a ', new_password: ' b ' });
  });
});
