// Length limits the web enforces as the server does, free of zod so the web bundle can import them.

/** §3 Feedback, general and about an alert: the spec shows no length rule; 5000 characters bounds storage. */
export const FEEDBACK_MAX = 5000;

/** The most kWh a day Compare tariffs' moved-load column moves (a dishwasher and a wash are ~2–3 kWh). */
export const COMPARE_MOVE_KWH_MAX = 10;

/**
 * kWh a day as typed ('2.5', '10') in whole Wh, or null unless it is 0 to COMPARE_MOVE_KWH_MAX with at most
 * one decimal: the one rule of the screen's check and the server's `move_kwh`.
 */
export function moveKwhWh(text: string): number | null {
  if (!/^\d{1,2}(\.\d)?$/.test(text)) return null;
  const wh = Math.round(Number(text) * 10) * 100;
  return wh <= COMPARE_MOVE_KWH_MAX * 1000 ? wh : null;
}
