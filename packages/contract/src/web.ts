// What the web app imports: the contract without zod. Values are the calls' paths, the coded values, the
// messages and the password rules; the entities and requests come as types only (`export type`), so no
// schema reaches the browser bundle. A test (web.test.ts) keeps this module's imports free of zod.
export * from './messages';
export * from './password';
export * from './outcome';
export * from './codes';
export * from './calendar';
export * from './clock';
export * from './phone';
export * from './tariffRows';
export * from './paths';
export * from './deviceKinds';
export * from './supplierKinds';
export * from './limits';
export type * from './entities/common';
export type * from './entities/account';
export type * from './entities/password';
export type * from './entities/energy';
export type * from './entities/compare';
export type * from './entities/times';
export type * from './entities/appliances';
export type * from './entities/alerts';
export type * from './entities/carers';
export type * from './entities/activities';
export type * from './entities/tariff';
export type * from './entities/tariffWrite';
export type * from './entities/settings';
export type * from './entities/setup';
export type * from './entities/applianceSettings';
export type * from './entities/modes';
export type * from './entities/feedback';
export type * from './entities/sessions';
export type * from './entities/devices';
export type * from './entities/suppliers';
export type * from './entities/trends';
export type * from './entities/days';
export type * from './entities/push';
export type { EndpointParams, EndpointRequest, EndpointResponse } from './endpoints';
