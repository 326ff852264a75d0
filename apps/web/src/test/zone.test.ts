import { expect, it } from 'vitest';

// The project's TZ (vitest.config.ts) is the browser's zone the tests see: never the machine's.
it("runs in the browser zone its project names, not the machine's", () => {
  const zone = process.env.TZ;
  expect(['Australia/Sydney', 'America/Los_Angeles']).toContain(zone);
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
  // 2024-11-05 12:00 UTC is the 6th in Sydney (UTC+11) and still the 5th in Los Angeles (UTC−8).
  const noon = new Date(Date.UTC(2024, 10, 5, 12));
  expect(noon.getHours()).toBe(zone === 'Australia/Sydney' ? 23 : 4);
});
