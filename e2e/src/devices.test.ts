import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningProduct,
  withAdmin,
  startProduct,
  submitLogin,
} from './product';
import { SCRATCH_DIR } from '../../apps/server/test/support/scratch';

// Issue 23 in Chromium, end to end through the real Mosquitto: a householder (made with `npm run admin`,
// a London home with no readings, so what is stored today is the device's alone) adds a Glow on the Devices
// screen, the Glow's messages are published to the broker, the screen shows it receiving with its readings
// stored today, and it is removed, at a phone's 390 px and at 1280 px. The product runs with MQTT_URL, a
// client id and a shared-subscription group of its own, so no other server on the broker takes its
// messages and it takes none of theirs.

const BROKER = 'mqtt://127.0.0.1:1883';
const run = randomBytes(4).toString('hex');

const USER = { username: 'plugger', password: 'Plug-Home7!' };

let dataDir: string;
let product: RunningProduct;
let browser: Browser;
let publisher: MqttClient;

beforeAll(async () => {
  dataDir = mkdtempSync(join(SCRATCH_DIR, 'homeview-e2e-devices-'));
  await withAdmin(dataDir, async (admin) => {
    await admin([
      'create-user',
      '--username',
      USER.username,
      '--email',
      'plug@example.com',
      '--password',
      USER.password,
    ]);
    await admin(['create-house', '--user', USER.username, '--zone', 'Europe/London']);
  });
  product = await startProduct({
    dataDir,
    env: {
      DEMO_LIVE: 'false',
      MQTT_URL: BROKER,
      MQTT_CLIENT_ID: `e2e-devices-${run}`,
      MQTT_SHARE_GROUP: `e2e-devices-${run}`,
    },
  });
  browser = await launchBrowser();
  publisher = await connectAsync(BROKER, { clientId: `e2e-devices-pub-${run}` });
}, 300_000);

afterAll(async () => {
  await publisher?.endAsync();
  await browser?.close();
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A Glow message as the display sends it (UTC timestamp, cumulative kWh), day/week/month never read. */
const glow = (t: number, kwh: number) =>
  JSON.stringify({
    electricitymeter: {
      timestamp: new Date(t * 1000).toISOString().replace('.000Z', 'Z'),
      energy: {
        export: { cumulative: 0, units: 'kWh' },
        import: { cumulative: kwh, day: 1.5, week: 9.9, month: 40.2, units: 'kWh', mpan: '1234' },
      },
      power: { value: 3, units: 'kW' },
    },
  });

/** Minutes since the home's local midnight now. */
function minutesIntoDay(zone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return get('hour') * 60 + get('minute');
}

for (const width of [390, 1280]) {
  describe(`at ${width} px`, () => {
    it('adds a Glow, shows it receiving with readings today from real MQTT messages, and removes it', async () => {
      const page: Page = await newPage(browser, width);
      await submitLogin(page, product.url, USER);
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
      const deviceId = `E2E${run}${width}`.toUpperCase();
      await page.goto(`${product.url}/account/homeview/devices`);
      await page.getByRole('heading', { name: 'Add a device' }).waitFor();
      // The Glow is the first kind: the screen says where its id is and the topic it must publish to.
      await page.getByText('the 12-character MAC on the back of the display').waitFor();
      await page.getByLabel('Device id').fill(deviceId);
      await page.getByText(`glow/${deviceId}/SENSOR/electricitymeter`).first().waitFor();
      await expectNoAxeViolations(page, `devices ${width}`);
      await page.getByRole('button', { name: 'Add device' }).click();
      const card = page.getByRole('article', { name: new RegExp(deviceId) });
      await card.getByText('Waiting').waitFor();

      // What the home stored today so far (none, or the run at the other width's two minutes), said as
      // coming from elsewhere while the new device has sent nothing.
      const todayText =
        (await card.getByText(/^None (yet$|from it yet; \d+ readings? of the home)/).textContent()) ?? '';
      const before = Number(/(\d+) readings?/.exec(todayText)?.[1] ?? 0);
      expect(Number.isInteger(before)).toBe(true);

      // Readings must land on today in the home's zone: just after midnight, the minutes before it would
      // be yesterday's, so wait those minutes out.
      const zone = await page.evaluate(async () => {
        const userId = localStorage.getItem('hv.user_id');
        const res = await fetch(`/api/v3/devices/?user_id=${userId}`);
        return ((await res.json()) as { time_zone: string }).time_zone;
      });
      while (minutesIntoDay(zone) < 12) await page.waitForTimeout(10_000);

      // Two minutes of 3 kW, a message a minute: two readings (the first from the second its energy
      // starts). The Glow's clock is the message's (UTC): at 1280 px they are minutes 10 to 8 before now,
      // clear of the other run's, so the count grows by two either way.
      const now = Math.floor(Date.now() / 1000);
      const end = width === 390 ? now : now - 480;
      for (const [i, t] of [end - 120, end - 60, end].entries())
        await publisher.publishAsync(`glow/${deviceId}/SENSOR/electricitymeter`, glow(t, 1000 + i * 0.05), {
          qos: 1,
        });

      await expect
        .poll(
          async () => {
            await page.reload();
            await card.waitFor();
            return (await card.textContent()) ?? '';
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toMatch(new RegExp(`Receiving[\\s\\S]*Today${before + 2} readings of the home stored today`));
      expect(await card.getByText(/^just now \(\d\d:\d\d \d\d-\d\d-\d\d\)$/).count()).toBe(1);
      await expectNoAxeViolations(page, `devices receiving ${width}`);

      await card.getByRole('button', { name: `Remove ${deviceId}` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${deviceId}?` });
      await dialog.getByText('The readings it already sent stay stored.').waitFor();
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByText(`Removed ${deviceId}. Its readings stay stored.`).waitFor();
      expect(await card.count()).toBe(0);
      await page.context().close();
    });
  });
}
