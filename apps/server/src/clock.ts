/** The time source for sessions, throttling and everything dated; tests inject a fake one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
