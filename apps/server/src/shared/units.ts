import { formatKwh, formatPounds } from '@homeview/domain';

// Units as answers carry them (§3): integers (Wh, n£) become decimals only here: money in pounds rounded
// half away from zero to the penny from exact n£ (each figure on its own, so profit_loss may differ from
// income − cost by 0.01), energy in kWh with 3 decimals (exact Wh). Every feature that answers with
// energy or money (energy views, rankings, appliances) uses these.

export const CURRENCY_UNIT = '£';
export const ENERGY_UNIT = 'kWh';
export const ENERGY_UNIT_DESC = 'kilowatt hours';

export const pounds = (nano: number): number => Number(formatPounds(nano));
export const kwh = (wh: number): number => Number(formatKwh(wh, 3));
