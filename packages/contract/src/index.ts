// The whole contract, schemas included: for the server, the tests and the tools. The web imports web.ts.
export * from './messages';
export * from './form';
export * from './errors';
export * from './password';
export * from './outcome';
export * from './username';
export * from './codes';
// The schemas of the coded values share their types' names; naming them here resolves the two `export *`.
export {
  AlertNotificationCode,
  AlertType,
  AllIsWellCode,
  EmailReportCode,
  ModeStatus,
  PasswordResponseCode,
  PropertyType,
  RateDays,
  RateKind,
  TimeUnit,
} from './entities/codes';
export * from './calendar';
export * from './clock';
export * from './tariffRows';
export * from './phone';
export * from './entities/common';
export * from './entities/account';
export * from './entities/password';
export * from './entities/energy';
export * from './entities/compare';
export * from './entities/times';
export * from './entities/appliances';
export * from './entities/alerts';
export * from './entities/carers';
export * from './entities/smsReply';
export * from './entities/routine';
export * from './entities/activities';
export * from './entities/tariff';
export * from './entities/tariffWrite';
export * from './entities/settings';
export * from './entities/setup';
export * from './entities/applianceSettings';
export * from './entities/modes';
export * from './entities/feedback';
export * from './entities/sessions';
export * from './entities/push';
export * from './entities/devices';
export * from './entities/suppliers';
export * from './deviceKinds';
export * from './limits';
export * from './postcode';
export * from './entities/trends';
export * from './entities/days';
export * from './paths';
export * from './endpoints';
