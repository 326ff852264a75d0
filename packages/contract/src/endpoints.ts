import type { z } from 'zod';
import {
  LoginRequest,
  LoginResponse,
  DashboardResponse,
  PopupsReadRequest,
  PopupsResponse,
} from './entities/account';
import { ActivitiesRequest, ActivityDetail, ActivityRequest, ActivitySingle } from './entities/activities';
import { AlertFeedbackAnswer, AlertFeedbackRequest, AlertsRequest, AlertsResponse } from './entities/alerts';
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
import {
  CarerAcceptAnswer,
  CarerAcceptRequest,
  CarerConfirmAnswer,
  CarerConfirmRequest,
  CarerInviteAnswer,
  CarerInviteRequest,
  CarersResponse,
  CheckInSettings,
  CheckInWriteRequest,
  DependantRequest,
} from './entities/carers';
import { EmptyRequest, IdParams, OkResponse } from './entities/common';
import {
  EnergyDetail,
  EnergyDetailRequest,
  EnergyToday,
  EnergyTodayRequest,
  Ranking,
  UserRankingsRequest,
} from './entities/energy';
import { EnergyCompare, EnergyCompareRequest } from './entities/compare';
import { EnergyTimes, EnergyTimesRequest } from './entities/times';
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
import { TrendsRequest, TrendsResponse } from './entities/trends';
import { DaysRequest, DaysResponse } from './entities/days';
import { SetupDetail, SetupRequest, SetupWriteRequest } from './entities/setup';
import { Tariff, TariffRequest } from './entities/tariff';
import { TariffWriteRequest } from './entities/tariffWrite';
import { EndOtherSessionsResponse, SessionsResponse } from './entities/sessions';
import {
  DeviceAddRequest,
  DeviceClaimRequest,
  DeviceRemoveRequest,
  DevicesRequest,
  DevicesResponse,
  UnclaimedDevicesRequest,
  UnclaimedDevicesResponse,
} from './entities/devices';
import {
  CalorificValueSetRequest,
  CalorificValuesRequest,
  CalorificValuesResponse,
  SupplierConnectRequest,
  SupplierDisconnectRequest,
  SupplierMeterUnitRequest,
  SuppliersRequest,
  SuppliersResponse,
} from './entities/suppliers';

import {
  PushKeyResponse,
  PushSubscribeRequest,
  PushSubscriptionsResponse,
  PushUnsubscribeRequest,
} from './entities/push';

import { type EndpointName, type EndpointPath, endpointPaths } from './paths';

// Each call of paths.ts with its schemas: `request` is the query of a GET or the (form-encoded) body of a
// POST, `params` the `:id` of the path. The server registers `path` and any `aliases` and validates with
// the schemas; the web imports only the paths and, from here, the types (its tests check answers against
// the schemas).

export interface Endpoint extends EndpointPath {
  readonly params?: z.ZodType;
  readonly request: z.ZodType;
  readonly response: z.ZodType;
}

export const endpoints = {
  login: { ...endpointPaths.login, request: LoginRequest, response: LoginResponse },
  logout: { ...endpointPaths.logout, request: EmptyRequest, response: OkResponse },
  resetPassword: { ...endpointPaths.resetPassword, request: ResetPasswordRequest, response: OkResponse },
  changePassword: {
    ...endpointPaths.changePassword,
    request: PasswordChangeOrResetRequest,
    response: PasswordResponse,
  },
  dashboard: { ...endpointPaths.dashboard, request: EmptyRequest, response: DashboardResponse },
  alerts: { ...endpointPaths.alerts, request: AlertsRequest, response: AlertsResponse },
  alertFeedback: {
    ...endpointPaths.alertFeedback,
    request: AlertFeedbackRequest,
    response: AlertFeedbackAnswer,
  },
  dailyActivities: { ...endpointPaths.dailyActivities, request: ActivitiesRequest, response: ActivityDetail },
  weeklyActivities: {
    ...endpointPaths.weeklyActivities,
    request: ActivitiesRequest,
    response: ActivityDetail,
  },
  activity: {
    ...endpointPaths.activity,
    params: IdParams,
    request: ActivityRequest,
    response: ActivitySingle,
  },
  trends: { ...endpointPaths.trends, request: TrendsRequest, response: TrendsResponse },
  days: { ...endpointPaths.days, request: DaysRequest, response: DaysResponse },
  energyToday: { ...endpointPaths.energyToday, request: EnergyTodayRequest, response: EnergyToday },
  energyTimes: { ...endpointPaths.energyTimes, request: EnergyTimesRequest, response: EnergyTimes },
  energyDetail: { ...endpointPaths.energyDetail, request: EnergyDetailRequest, response: EnergyDetail },
  userRankings: { ...endpointPaths.userRankings, request: UserRankingsRequest, response: Ranking },
  energyCompare: { ...endpointPaths.energyCompare, request: EnergyCompareRequest, response: EnergyCompare },
  usedAppliances: {
    ...endpointPaths.usedAppliances,
    request: UsedAppliancesRequest,
    response: UsedAppliancesResponse,
  },
  applianceTimeline: {
    ...endpointPaths.applianceTimeline,
    request: ApplianceTimelineRequest,
    response: Timeline,
  },
  appliances: { ...endpointPaths.appliances, request: AppliancesRequest, response: ApplianceList },
  appliance: {
    ...endpointPaths.appliance,
    params: IdParams,
    request: ApplianceRequest,
    response: ApplianceDetail,
  },
  settingsGet: { ...endpointPaths.settingsGet, request: SettingsRequest, response: Settings },
  settingsPost: { ...endpointPaths.settingsPost, request: SettingsWriteRequest, response: Settings },
  setupGet: { ...endpointPaths.setupGet, request: SetupRequest, response: SetupDetail },
  setupPost: { ...endpointPaths.setupPost, request: SetupWriteRequest, response: SetupDetail },
  feedback: { ...endpointPaths.feedback, request: FeedbackRequest, response: OkResponse },
  popupsGet: { ...endpointPaths.popupsGet, request: EmptyRequest, response: PopupsResponse },
  popupsPost: { ...endpointPaths.popupsPost, request: PopupsReadRequest, response: OkResponse },
  listAppliances: {
    ...endpointPaths.listAppliances,
    request: ListAppliancesRequest,
    response: ListAppliancesResponse,
  },
  applianceSettingsGet: {
    ...endpointPaths.applianceSettingsGet,
    request: ApplianceSettingsRequest,
    response: ApplianceSetting,
  },
  applianceSettingsPost: {
    ...endpointPaths.applianceSettingsPost,
    request: ApplianceSettingsWriteRequest,
    response: ApplianceSetting,
  },
  holidayModeGet: { ...endpointPaths.holidayModeGet, request: ModeRequest, response: HolidayMode },
  holidayModePost: {
    ...endpointPaths.holidayModePost,
    request: HolidayModeWriteRequest,
    response: HolidayMode,
  },
  noDisturbModeGet: { ...endpointPaths.noDisturbModeGet, request: ModeRequest, response: DoNotDisturb },
  noDisturbModePost: {
    ...endpointPaths.noDisturbModePost,
    request: DoNotDisturbWriteRequest,
    response: DoNotDisturb,
  },
  tariffGet: { ...endpointPaths.tariffGet, request: TariffRequest, response: Tariff },
  tariffPost: { ...endpointPaths.tariffPost, request: TariffWriteRequest, response: Tariff },
  devicesGet: { ...endpointPaths.devicesGet, request: DevicesRequest, response: DevicesResponse },
  devicesAdd: { ...endpointPaths.devicesAdd, request: DeviceAddRequest, response: DevicesResponse },
  devicesRemove: { ...endpointPaths.devicesRemove, request: DeviceRemoveRequest, response: DevicesResponse },
  devicesUnclaimed: {
    ...endpointPaths.devicesUnclaimed,
    request: UnclaimedDevicesRequest,
    response: UnclaimedDevicesResponse,
  },
  devicesClaim: { ...endpointPaths.devicesClaim, request: DeviceClaimRequest, response: DevicesResponse },
  suppliersGet: { ...endpointPaths.suppliersGet, request: SuppliersRequest, response: SuppliersResponse },
  suppliersConnect: {
    ...endpointPaths.suppliersConnect,
    request: SupplierConnectRequest,
    response: SuppliersResponse,
  },
  suppliersDisconnect: {
    ...endpointPaths.suppliersDisconnect,
    request: SupplierDisconnectRequest,
    response: SuppliersResponse,
  },
  suppliersMeterUnit: {
    ...endpointPaths.suppliersMeterUnit,
    request: SupplierMeterUnitRequest,
    response: SuppliersResponse,
  },
  calorificValuesGet: {
    ...endpointPaths.calorificValuesGet,
    request: CalorificValuesRequest,
    response: CalorificValuesResponse,
  },
  calorificValueSet: {
    ...endpointPaths.calorificValueSet,
    request: CalorificValueSetRequest,
    response: CalorificValuesResponse,
  },
  carers: { ...endpointPaths.carers, request: DependantRequest, response: CarersResponse },
  carerInvite: { ...endpointPaths.carerInvite, request: CarerInviteRequest, response: CarerInviteAnswer },
  carerAccept: { ...endpointPaths.carerAccept, request: CarerAcceptRequest, response: CarerAcceptAnswer },
  carerConfirm: {
    ...endpointPaths.carerConfirm,
    request: CarerConfirmRequest,
    response: CarerConfirmAnswer,
  },
  checkInGet: { ...endpointPaths.checkInGet, request: DependantRequest, response: CheckInSettings },
  checkInPost: { ...endpointPaths.checkInPost, request: CheckInWriteRequest, response: CheckInSettings },
  sessions: { ...endpointPaths.sessions, request: EmptyRequest, response: SessionsResponse },
  endOtherSessions: {
    ...endpointPaths.endOtherSessions,
    request: EmptyRequest,
    response: EndOtherSessionsResponse,
  },
  pushKey: { ...endpointPaths.pushKey, request: EmptyRequest, response: PushKeyResponse },
  pushSubscriptions: {
    ...endpointPaths.pushSubscriptions,
    request: EmptyRequest,
    response: PushSubscriptionsResponse,
  },
  pushSubscribe: {
    ...endpointPaths.pushSubscribe,
    request: PushSubscribeRequest,
    response: PushSubscriptionsResponse,
  },
  pushUnsubscribe: {
    ...endpointPaths.pushUnsubscribe,
    request: PushUnsubscribeRequest,
    response: PushSubscriptionsResponse,
  },
} as const satisfies { [K in EndpointName]: Endpoint & (typeof endpointPaths)[K] };

export type Endpoints = typeof endpoints;
export type { EndpointName };

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
