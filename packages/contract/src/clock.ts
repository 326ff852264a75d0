// Tariff times travel as integers HHMM (0, 730, 1600: spec-decisions "Tariff write"); screens show them as
// a clock reads, HH:MM (issue 21: '0000' read as a code). These conversions are the only place that knows it.

/** 730 → '0730'. */
export const padHhmm = (hhmm: number): string => String(hhmm).padStart(4, '0');

/** 730 → '07:30'. */
export const hhmmToClock = (hhmm: number): string => {
  const padded = padHhmm(hhmm);
  return `${padded.slice(0, 2)}:${padded.slice(2)}`;
};

/** '07:30' → 730 (the colon removed, as §5.2 says); undefined when it is not a clock time HH:MM. */
export const clockToHhmm = (clock: string): number | undefined =>
  /^([01]\d|2[0-3]):[0-5]\d$/.test(clock) ? Number(clock.replace(':', '')) : undefined;

/** True for 0, 30, 100, 130 … 2330: the start times a rate may take. */
export const isHalfHourHhmm = (hhmm: number): boolean =>
  Number.isInteger(hhmm) && hhmm >= 0 && hhmm <= 2330 && (hhmm % 100 === 0 || hhmm % 100 === 30);

/** The 48 half-hour start times 0 … 2330, in order: the choices of the rate editor. */
export const HALF_HOUR_TIMES: readonly number[] = Array.from(
  { length: 48 },
  (_, i) => Math.floor(i / 2) * 100 + (i % 2) * 30,
);

/** Minutes after local midnight: 730 → 450. */
export const hhmmToMinutes = (hhmm: number): number => Math.floor(hhmm / 100) * 60 + (hhmm % 100);
