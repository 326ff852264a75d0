// @homeview/domain: pure energy-engine logic. Units: energy integer Wh; unit prices integer µ£/kWh;
// standing charge integer µ£/day; money integer n£ (Wh × µ£/kWh); instants epoch seconds (UTC).

export * from './appliances/catalogue';
export * from './cost/balance';
export * from './cost/compare';
export * from './cost/format';
export * from './cost/period';
export * from './cost/slot';
export * from './gas/volume';
export * from './summary/navigation';
export * from './summary/day';
export * from './summary/summarize';
export * from './summary/totals';
export * from './tariff/book';
export * from './tariff/decimal';
export * from './tariff/default-change';
export * from './tariff/defaults';
export * from './tariff/json';
export * from './tariff/model';
export * from './tariff/published';
export * from './tariff/storage';
export * from '@homeview/contract/calendar';
export * from './time/periods';
export * from './time/same-point';
export * from './time/slots';
export * from './time/zone';
export * from './infocare/index';
export * from './meter-activity/index';
