import type { z } from 'zod';
import {
  LoginRequest,
  LoginResponse,
  DashboardResponse,
  PopupsReadRequest,
  PopupsResponse,
} from './entities/account';
import { ActivitiesRequest, ActivityDetail, ActivityRequest, ActivitySingle } from './entities/activities';
import { Alert, AlertFeedbackRequest, AlertsRequest, AlertsResponse } from './entities/alerts';
import {
  ApplianceDetail,
  ApplianceList,
  ApplianceRequest,
  AppliancesRequest,
  ApplianceTimelineRequest,
  Timeline,
  UsedAppliancesRequest,
  UsedAppliancesResponse,
} from './entities/appliances';
import {
  ApplianceSetting,
  ApplianceSettingsRequest,
  ApplianceSettingsWriteRequest,
  ListAppliancesRequest,
  ListAppliancesResponse,
} from './entities/applianceSettings';
import { EmptyRequest, IdParams, OkResponse } from './entities/common';
import {
  EnergyDetail,
  EnergyDetailRequest,
  EnergyToday,
  EnergyTodayRequest,
  Ranking,
  UserRankingsRequest,
} from './entities/energy';
import { FeedbackRequest } from './entities/feedback';
import {
  DoNotDisturb,
  DoNotDisturbWriteRequest,
  HolidayMode,
  HolidayModeWriteRequest,
  ModeRequest,
} from './entities/modes';
import { PasswordChangeOrResetRequest, PasswordResponse, ResetPasswordRequest } from './entities/password';
import { Settings, SettingsRequest, SettingsWriteRequest } from './entities/settings';
import { SetupDetail, SetupRequest, SetupWriteRequest } from './entities/setup';
import { Tariff, TariffRequest } from './entities/tariff';
import { TariffWriteRequest } from './entities/tariffWrite';

// Every call of spec §7, once. `request` is the query of a GET or the (form-encoded) body of a POST;
// `params` the `:id` of the path. The server registers `path` and any `aliases`; the web client builds
// its calls and types from the same entries.

export const API_BASE = '/api/v3';

export interface Endpoint {
  readonly method: 'GET' | 'POST';
  readonly path: `/api/v3/${string}/`;
  /** Other paths that give the same answer (spec-decisions "Activities paths"). */
  readonly aliases?: readonly `/api/v3/${string}/`[];
  readonly params?: z.ZodType;
  readonly request: z.ZodType;
  readonly response: z.ZodType;
  /** Reachable without a session (login, forgot password, and the emailed-link reset). */
  readonly public?: true;
}

export const endpoints = {
  login: {
    method: 'POST',
    path: '/api/v3/accounts/login/',
    request: LoginRequest,
    response: LoginResponse,
    public: true,
  },
  logout: {
    method: 'POST',
    path: '/api/v3/accounts/logout/',
    request: EmptyRequest,
    response: OkResponse,
    public: true,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/v3/accounts/reset_password/',
    request: ResetPasswordRequest,
    response: OkResponse,
    public: true,
  },
  /** The change form (session) and the emailed-link reset (token, no session) share this path. */
  changePassword: {
    method: 'POST',
    path: '/api/v3/accounts/change_password/',
    request: PasswordChangeOrResetRequest,
    response: PasswordResponse,
    public: true,
  },
  dashboard: {
    method: 'GET',
    path: '/api/v3/dashboard/',
    request: EmptyRequest,
    response: DashboardResponse,
  },
  alerts: {
    method: 'GET',
    path: '/api/v3/assisted_living/alerts/',
    request: AlertsRequest,
    response: AlertsResponse,
  },
  alertFeedback: {
    method: 'POST',
    path: '/api/v3/assisted_living/alerts/',
    request: AlertFeedbackRequest,
    response: Alert,
  },
  dailyActivities: {
    method: 'GET',
    path: '/api/v3/assisted_living/daily_activities/',
    aliases: ['/api/v3/daily_activities/'],
    request: ActivitiesRequest,
    response: ActivityDetail,
  },
  weeklyActivities: {
    method: 'GET',
    path: '/api/v3/weekly_activities/',
    request: ActivitiesRequest,
    response: ActivityDetail,
  },
  activity: {
    method: 'GET',
    path: '/api/v3/assisted_living/activities/:id/',
    params: IdParams,
    request: ActivityRequest,
    response: ActivitySingle,
  },
  energyToday: {
    method: 'GET',
    path: '/api/v3/energy_info/today/',
    request: EnergyTodayRequest,
    response: EnergyToday,
  },
  energyDetail: {
    method: 'GET',
    path: '/api/v3/energy_info/detail/',
    request: EnergyDetailRequest,
    response: EnergyDetail,
  },
  userRankings: {
    method: 'GET',
    path: '/api/v3/energy_info/user_rankings/',
    request: UserRankingsRequest,
    response: Ranking,
  },
  usedAppliances: {
    method: 'GET',
    path: '/api/v3/common/used_appliances/',
    request: UsedAppliancesRequest,
    response: UsedAppliancesResponse,
  },
  applianceTimeline: {
    method: 'GET',
    path: '/api/v3/common/appliances/timeline/',
    request: ApplianceTimelineRequest,
    response: Timeline,
  },
  appliances: {
    method: 'GET',
    path: '/api/v3/common/appliances/',
    request: AppliancesRequest,
    response: ApplianceList,
  },
  appliance: {
    method: 'GET',
    path: '/api/v3/common/appliances/:id/',
    params: IdParams,
    request: ApplianceRequest,
    response: ApplianceDetail,
  },
  settingsGet: {
    method: 'GET',
    path: '/api/v3/common/settings/',
    request: SettingsRequest,
    response: Settings,
  },
  settingsPost: {
    method: 'POST',
    path: '/api/v3/common/settings/',
    request: SettingsWriteRequest,
    response: Settings,
  },
  setupGet: { method: 'GET', path: '/api/v3/common/set_up/', request: SetupRequest, response: SetupDetail },
  setupPost: {
    method: 'POST',
    path: '/api/v3/common/set_up/',
    request: SetupWriteRequest,
    response: SetupDetail,
  },
  feedback: {
    method: 'POST',
    path: '/api/v3/common/feedback/',
    request: FeedbackRequest,
    response: OkResponse,
  },
  popupsGet: {
    method: 'GET',
    path: '/api/v3/common/popup/',
    request: EmptyRequest,
    response: PopupsResponse,
  },
  popupsPost: {
    method: 'POST',
    path: '/api/v3/common/popup/',
    request: PopupsReadRequest,
    response: OkResponse,
  },
  listAppliances: {
    method: 'GET',
    path: '/api/v3/list_appliances/',
    request: ListAppliancesRequest,
    response: ListAppliancesResponse,
  },
  applianceSettingsGet: {
    method: 'GET',
    path: '/api/v3/appliance_settings/',
    request: ApplianceSettingsRequest,
    response: ApplianceSetting,
  },
  applianceSettingsPost: {
    method: 'POST',
    path: '/api/v3/appliance_settings/',
    request: ApplianceSettingsWriteRequest,
    response: ApplianceSetting,
  },
  holidayModeGet: {
    method: 'GET',
    path: '/api/v3/holiday_mode/',
    request: ModeRequest,
    response: HolidayMode,
  },
  holidayModePost: {
    method: 'POST',
    path: '/api/v3/holiday_mode/',
    request: HolidayModeWriteRequest,
    response: HolidayMode,
  },
  noDisturbModeGet: {
    method: 'GET',
    path: '/api/v3/no_disturb_mode/',
    request: ModeRequest,
    response: DoNotDisturb,
  },
  noDisturbModePost: {
    method: 'POST',
    path: '/api/v3/no_disturb_mode/',
    request: DoNotDisturbWriteRequest,
    response: DoNotDisturb,
  },
  tariffGet: { method: 'GET', path: '/api/v3/tariff_setting/', request: TariffRequest, response: Tariff },
  tariffPost: {
    method: 'POST',
    path: '/api/v3/tariff_setting/',
    request: TariffWriteRequest,
    response: Tariff,
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/**
 * What a call sends, as the schema outputs it: numbers, booleans and parsed JSON (the schemas also take
 * their string forms). Named `Request`/`Response` as the callers asked; `EndpointRequest`/`EndpointResponse`
 * avoid shadowing the DOM types of the same names.
 */
export type EndpointRequest<K extends EndpointName> = z.output<Endpoints[K]['request']>;
export type EndpointResponse<K extends EndpointName> = z.output<Endpoints[K]['response']>;
export type EndpointParams<K extends EndpointName> = Endpoints[K] extends { params: z.ZodType }
  ? z.output<Endpoints[K]['params']>
  : Record<string, never>;
export type Request<K extends EndpointName> = EndpointRequest<K>;
export type Response<K extends EndpointName> = EndpointResponse<K>;

/** Fills the `:name` segments of a path: pathFor('activity', {id: 4}) → '/api/v3/assisted_living/activities/4/'. */
export function pathFor<K extends EndpointName>(name: K, params: EndpointParams<K>): string {
  const values = params as Record<string, string | number>;
  return endpoints[name].path.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`pathFor(${name}): missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
