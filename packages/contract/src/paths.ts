// Every call of spec §7, once: its method and path (with /api/v3 and the trailing slash; `:id` for path
// parameters), other paths that give the same answer, and whether it works without a session. Free of
// zod, so the web imports it without the schemas; endpoints.ts adds each call's schemas for the server
// and the tests.

export const API_BASE = '/api/v3';

export interface EndpointPath {
  readonly method: 'GET' | 'POST';
  readonly path: `/api/v3/${string}/`;
  /** Other paths that give the same answer (spec-decisions "Activities paths"). */
  readonly aliases?: readonly `/api/v3/${string}/`[];
  /** Reachable without a session (login, forgot password, and the emailed-link reset). */
  readonly public?: true;
}

export const endpointPaths = {
  login: { method: 'POST', path: '/api/v3/accounts/login/', public: true },
  logout: { method: 'POST', path: '/api/v3/accounts/logout/', public: true },
  resetPassword: { method: 'POST', path: '/api/v3/accounts/reset_password/', public: true },
  /** The change form (session) and the emailed-link reset (token, no session) share this path. */
  changePassword: { method: 'POST', path: '/api/v3/accounts/change_password/', public: true },
  dashboard: { method: 'GET', path: '/api/v3/dashboard/' },
  alerts: { method: 'GET', path: '/api/v3/assisted_living/alerts/' },
  alertFeedback: { method: 'POST', path: '/api/v3/assisted_living/alerts/' },
  dailyActivities: {
    method: 'GET',
    path: '/api/v3/assisted_living/daily_activities/',
    aliases: ['/api/v3/daily_activities/'],
  },
  weeklyActivities: { method: 'GET', path: '/api/v3/weekly_activities/' },
  activity: { method: 'GET', path: '/api/v3/assisted_living/activities/:id/' },
  /** Additive (issue 25): the dependant's weeks. */
  trends: { method: 'GET', path: '/api/v3/assisted_living/trends/' },
  days: { method: 'GET', path: '/api/v3/assisted_living/days/' },
  energyToday: { method: 'GET', path: '/api/v3/energy_info/today/' },
  energyTimes: { method: 'GET', path: '/api/v3/energy_info/times/' },
  energyDetail: { method: 'GET', path: '/api/v3/energy_info/detail/' },
  userRankings: { method: 'GET', path: '/api/v3/energy_info/user_rankings/' },
  /** Additive (issue 37): the home's last complete months on its own and on candidate tariffs. */
  energyCompare: { method: 'GET', path: '/api/v3/energy_info/compare/' },
  usedAppliances: { method: 'GET', path: '/api/v3/common/used_appliances/' },
  applianceTimeline: { method: 'GET', path: '/api/v3/common/appliances/timeline/' },
  appliances: { method: 'GET', path: '/api/v3/common/appliances/' },
  appliance: { method: 'GET', path: '/api/v3/common/appliances/:id/' },
  settingsGet: { method: 'GET', path: '/api/v3/common/settings/' },
  settingsPost: { method: 'POST', path: '/api/v3/common/settings/' },
  setupGet: { method: 'GET', path: '/api/v3/common/set_up/' },
  setupPost: { method: 'POST', path: '/api/v3/common/set_up/' },
  feedback: { method: 'POST', path: '/api/v3/common/feedback/' },
  popupsGet: { method: 'GET', path: '/api/v3/common/popup/' },
  popupsPost: { method: 'POST', path: '/api/v3/common/popup/' },
  listAppliances: { method: 'GET', path: '/api/v3/list_appliances/' },
  applianceSettingsGet: { method: 'GET', path: '/api/v3/appliance_settings/' },
  applianceSettingsPost: { method: 'POST', path: '/api/v3/appliance_settings/' },
  holidayModeGet: { method: 'GET', path: '/api/v3/holiday_mode/' },
  holidayModePost: { method: 'POST', path: '/api/v3/holiday_mode/' },
  noDisturbModeGet: { method: 'GET', path: '/api/v3/no_disturb_mode/' },
  noDisturbModePost: { method: 'POST', path: '/api/v3/no_disturb_mode/' },
  tariffGet: { method: 'GET', path: '/api/v3/tariff_setting/' },
  tariffPost: { method: 'POST', path: '/api/v3/tariff_setting/' },
  // Additive, not in §7 (issue 23): a home's live devices, and claiming one that belongs to no home.
  devicesGet: { method: 'GET', path: '/api/v3/devices/' },
  devicesAdd: { method: 'POST', path: '/api/v3/devices/' },
  devicesRemove: { method: 'POST', path: '/api/v3/devices/remove/' },
  devicesUnclaimed: { method: 'GET', path: '/api/v3/devices/unclaimed/' },
  devicesClaim: { method: 'POST', path: '/api/v3/devices/claim/' },
  // Additive, not in §7 (issue 35): a home's supplier accounts, whose smart-meter half-hours it fetches.
  suppliersGet: { method: 'GET', path: '/api/v3/suppliers/' },
  suppliersConnect: { method: 'POST', path: '/api/v3/suppliers/' },
  suppliersDisconnect: { method: 'POST', path: '/api/v3/suppliers/remove/' },
  suppliersMeterUnit: { method: 'POST', path: '/api/v3/suppliers/meter/' },
  calorificValuesGet: { method: 'GET', path: '/api/v3/suppliers/calorific_values/' },
  calorificValueSet: { method: 'POST', path: '/api/v3/suppliers/calorific_values/' },
  // Additive, not in §7 (issue 25): a home's carers, inviting another, and a word with the dependant first.
  carers: { method: 'GET', path: '/api/v3/assisted_living/carers/' },
  carerInvite: { method: 'POST', path: '/api/v3/assisted_living/carers/invite/' },
  carerAccept: { method: 'POST', path: '/api/v3/assisted_living/carers/accept/' },
  // Issue 34.7: an invitation opened from another address waits for its sender to confirm.
  carerConfirm: { method: 'POST', path: '/api/v3/assisted_living/carers/confirm/' },
  checkInGet: { method: 'GET', path: '/api/v3/assisted_living/check_in/' },
  checkInPost: { method: 'POST', path: '/api/v3/assisted_living/check_in/' },
  // Additive, not in §7 (issue 27): the account's sessions, and signing out everywhere else.
  sessions: { method: 'GET', path: '/api/v3/accounts/sessions/' },
  endOtherSessions: { method: 'POST', path: '/api/v3/accounts/sessions/end_others/' },
  // Additive, not in §7 (issue 36): Web Push for carers, the signed-in person's own browsers only.
  pushKey: { method: 'GET', path: '/api/v3/push/key/' },
  pushSubscriptions: { method: 'GET', path: '/api/v3/push/subscriptions/' },
  pushSubscribe: { method: 'POST', path: '/api/v3/push/subscriptions/' },
  pushUnsubscribe: { method: 'POST', path: '/api/v3/push/subscriptions/remove/' },
} as const satisfies Record<string, EndpointPath>;

export type EndpointName = keyof typeof endpointPaths;

/** Fills the `:name` segments of a path: pathFor('activity', {id: 4}) → '/api/v3/assisted_living/activities/4/'. */
export function pathFor(name: EndpointName, params: Readonly<Record<string, string | number>>): string {
  return endpointPaths[name].path.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`pathFor(${name}): missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
