/** The time source for sessions, throttling and everything dated; tests inject a fake one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A Date as epoch seconds (UTC), the unit of every instant the server stores. */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
