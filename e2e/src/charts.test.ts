import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openChooser,
  pinnedPage,
  type RunningProduct,
  startProduct,
  submitLogin,
} from './product';

// The charts as a person reads them on a phone (issue 21 item 9), on the real product and the demo:
// the usage chart switched to kWh from the keyboard and remembered; axis and bar labels drawn on the
// canvas never overlapping at 390 px (every fillText is recorded and its box measured); the rankings'
// bars carrying the answer's values and dates; every counted off alert drawn; the reading hint at most
// once per screen; activity and off alert in clearly different, accessible colours.

let product: RunningProduct;
let browser: Browser;

/**
 * Thursday 15 January 2026, 15:30 in London: product and browser on a pinned clock, so today already has
 * the demo's appliance uses to list (on the real clock, soon after midnight the appliance list was empty
 * and the detail page never opened: CI of 2 December 01:17).
 */
const CLOCK_AT = Date.UTC(2026, 0, 15, 15, 30);

beforeAll(async () => {
  product = await startProduct({ clockAt: CLOCK_AT, env: { DEMO_HISTORY_DAYS: '7', DEMO_NEIGHBOURS: '5' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Records every text drawn on a canvas: its box in CSS px within its canvas (unrotated text only). */
const RECORD_CANVAS_TEXT = () => {
  const drawn: Array<{
    text: string;
    canvas: number;
    left: number;
    right: number;
    top: number;
    canvasWidth: number;
  }> = [];
  (window as unknown as { drawnText: typeof drawn }).drawnText = drawn;
  const canvases = new WeakMap<HTMLCanvasElement, number>();
  let count = 0;
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number) {
    const m = this.getTransform();
    if (m.b === 0 && m.c === 0) {
      const ratio = this.canvas.width / Math.max(1, this.canvas.clientWidth);
      const w = this.measureText(text).width;
      const cx = m.a * x + m.e;
      const left = this.textAlign === 'center' ? cx - w / 2 : this.textAlign === 'right' ? cx - w : cx;
      let canvas = canvases.get(this.canvas as HTMLCanvasElement);
      if (canvas === undefined) {
        canvas = count++;
        canvases.set(this.canvas as HTMLCanvasElement, canvas);
      }
      drawn.push({
        text,
        canvas,
        left: left / ratio,
        right: (left + w) / ratio,
        top: Math.round((m.d * y + m.f) / ratio),
        canvasWidth: this.canvas.clientWidth,
      });
    }
    // biome-ignore lint/complexity/noArguments: passes maxWidth on when given.
    return fillText.apply(this, arguments as unknown as Parameters<typeof fillText>);
  };
};

type Drawn = { text: string; canvas: number; left: number; right: number; top: number; canvasWidth: number };

async function drawnText(page: Page): Promise<Drawn[]> {
  return page.evaluate(() => (window as unknown as { drawnText: Drawn[] }).drawnText);
}

/** Pairs of labels of one canvas whose boxes overlap or come within 2 px. */
function overlaps(labels: readonly Drawn[]): string[] {
  const out: string[] = [];
  labels.forEach((a, i) => {
    for (const b of labels.slice(i + 1)) {
      // 12 px text: two labels whose baselines are under 14 px apart share a line.
      if (
        a.canvas === b.canvas &&
        Math.abs(a.top - b.top) < 14 &&
        a.left < b.right + 2 &&
        b.left < a.right + 2
      )
        out.push(`${a.text} | ${b.text}`);
    }
  });
  return out;
}

async function phone(width = 390): Promise<Page> {
  const page = await pinnedPage(browser, product, width);
  await page.addInitScript(RECORD_CANVAS_TEXT);
  await submitLogin(page, product.url);
  await openChooser(page, product.url);
  return page;
}

const hints = (page: Page) => page.locator('.chart__hint').count();

describe('charts on a phone', () => {
  it('switches the usage chart to kWh from the keyboard, draws the answer’s kWh and remembers it', async () => {
    const page = await phone();
    await page.goto(`${product.url}/my-home/usage`);
    await page.getByRole('tab', { name: 'Daily' }).click();
    const pounds = page.getByRole('radio', { name: '£' });
    await pounds.waitFor();
    expect(await pounds.isChecked()).toBe(true);
    await pounds.focus();
    await page.keyboard.press('ArrowRight');
    // The demo home has gas too (issue 35): its chart shows both fuels until electricity is chosen, and
    // the answer read below is electricity's (no fuel asked).
    await page.getByRole('radio', { name: 'Electricity' }).check();
    const figure = page.getByRole('figure', { name: /^Electricity energy used/ });
    await figure.waitFor();
    expect(await page.getByRole('radio', { name: 'kWh' }).isChecked()).toBe(true);
    // The table beside the drawing says each hour's consumed kWh, as the answer gives it.
    const api = await page.evaluate(async () => {
      const id = localStorage.getItem('hv.user_id');
      const res = await fetch(`/api/v3/energy_info/detail/?user_id=${id}&timescale=day`);
      return (await res.json()) as {
        details: { energy_balance: { consumed: number }; data_slots?: number }[];
      };
    });
    await figure.getByText('Show the figures as a table').click();
    const cells = await figure.locator('tbody tr td:first-of-type').allTextContents();
    const expected = api.details.map((d) =>
      d.data_slots === 0 ? 'No data' : `${d.energy_balance.consumed.toFixed(2)} kWh`,
    );
    // Live readings may add to the current hour between the two reads: compare the hours before it.
    const done = expected.indexOf('No data');
    const upTo = Math.max(0, (done < 0 ? expected.length : done) - 1);
    expect(cells.slice(0, upTo)).toEqual(expected.slice(0, upTo));
    expect(cells.length).toBe(expected.length);

    await page.reload();
    await page.getByRole('tab', { name: 'Daily' }).click();
    await page.getByRole('figure', { name: /^Electricity energy used/ }).waitFor();
    await page.goto(`${product.url}/my-home`);
    await page.getByRole('figure', { name: /^Electricity energy used/ }).waitFor();
    expect(await hints(page)).toBe(1);
  });

  it('draws no two appliance-detail axis labels over each other at 390 px', async () => {
    const page = await phone();
    await page.goto(`${product.url}/my-home/appliances`);
    const first = page.locator('a[href^="/my-home/appliance/"]').first();
    await first.waitFor();
    await first.click();
    await page.locator('.chart__canvas canvas').first().waitFor();
    await page.waitForTimeout(300);
    const labels = (await drawnText(page)).filter((d) => /^\w{3} \d\d-\d\d-\d\d$/.test(d.text));
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(overlaps(labels)).toEqual([]);
    for (const l of labels) {
      expect(l.left, l.text).toBeGreaterThanOrEqual(0);
      expect(l.right, l.text).toBeLessThanOrEqual(l.canvasWidth);
    }
    expect(await hints(page)).toBe(1);
  });

  it('writes each rankings bar’s value, names the compared dates and leaves out the hint', async () => {
    const page = await phone();
    await page.goto(`${product.url}/my-home/rankings`);
    const weekly = page.getByRole('region', { name: 'Weekly summary' });
    await weekly.locator('.chart__canvas canvas').first().waitFor();
    await page.waitForTimeout(500);
    const ranking = await page.evaluate(async () => {
      const id = localStorage.getItem('hv.user_id');
      const res = await fetch(`/api/v3/energy_info/user_rankings/?user_id=${id}&timescale=week`);
      return (await res.json()) as { cost: { you: number; similar: number; all: number } };
    });
    const texts = (await drawnText(page)).map((d) => d.text);
    for (const v of [ranking.cost.you, ranking.cost.similar, ranking.cost.all]) {
      expect(texts).toContain(`£${v.toFixed(2)}`);
    }
    const values = (await drawnText(page)).filter((d) => /^£?\d+\.\d\d( kWh)?$/.test(d.text));
    expect(values.length).toBeGreaterThanOrEqual(12);
    expect(overlaps(values)).toEqual([]);
    expect(await weekly.getByTestId('ranking-period').textContent()).toMatch(
      /^Monday \d{1,2}\b.* 20\d\d( \(the week so far\))?$/,
    );
    expect(await hints(page)).toBe(0);
  });

  it('draws every counted off alert on its activity, in colours told apart from the activity', async () => {
    const page = await phone();
    await page.goto(`${product.url}/parents-home/activities?tab=weekly`);
    const toggle = page.getByLabel(/Show No activity alerts/);
    await page.locator('.activity-chart').first().waitFor();
    expect(await hints(page)).toBeLessThanOrEqual(1);
    if ((await toggle.count()) > 0) {
      await toggle.check();
      for (const card of await page.locator('.activity-chart').all()) {
        // An activity with no off alert in the week has no badge.
        const badges = card.locator('.activity-chart__alerts');
        const badge = (await badges.count()) > 0 ? await badges.textContent() : '';
        const counted = Number(/(\d+) No activity alert/.exec(badge ?? '')?.[1] ?? 0);
        await card.getByText('Show the figures as a table').click();
        const drawn = await card.locator('li', { hasText: /^No activity alert/ }).count();
        expect(drawn, badge ?? '').toBeGreaterThanOrEqual(counted);
      }
    }
    const colours = await page.evaluate(() => {
      const css = getComputedStyle(document.documentElement);
      return ['--chart-care', '--chart-alert', '--color-surface', '--color-surface-2'].map((n) =>
        css.getPropertyValue(n).trim(),
      );
    });
    const [care, alert, surface, band] = colours as [string, string, string, string];
    expect(
      colours.every((c) => /^#([0-9a-f]{3}){1,2}$/i.test(c)),
      colours.join(' '),
    ).toBe(true);
    for (const tone of [care, alert]) {
      expect(contrast(tone, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(tone, band)).toBeGreaterThanOrEqual(3);
    }
    // Different hues (not two reds): more than 90° apart on the colour wheel.
    expect(hueDistance(care, alert)).toBeGreaterThan(90);
    // Far apart (CIE76 ΔE) as people with each colour-vision deficiency see them (the old rose and dark
    // red: 15, 11 and 14; these: about 98, 114 and 103). 40 is an unmistakable difference.
    for (const [kind, matrix] of Object.entries(CVD)) {
      const d = deltaE(lab(seen(care, matrix)), lab(seen(alert, matrix)));
      expect(d, kind).toBeGreaterThan(40);
    }
  });
});

function rgb(hex: string): [number, number, number] {
  const short = hex.replace('#', '');
  // The built stylesheet shortens #ffffff to #fff.
  const h = short.length === 3 ? [...short].map((c) => c + c).join('') : short;
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = rgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function hueDistance(a: string, b: string): number {
  const hue = (hex: string) => {
    const [r, g, bl] = rgb(hex);
    const max = Math.max(r, g, bl);
    const d = max - Math.min(r, g, bl);
    if (d === 0) return 0;
    const h = max === r ? ((g - bl) / d) % 6 : max === g ? (bl - r) / d + 2 : (r - g) / d + 4;
    return (h * 60 + 360) % 360;
  };
  const diff = Math.abs(hue(a) - hue(b)) % 360;
  return Math.min(diff, 360 - diff);
}

type Matrix = readonly (readonly [number, number, number])[];

/** Machado, Oliveira & Fernandes (2009) full-severity simulations, on linear RGB. */
const CVD: Record<string, Matrix> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** A colour as the matrix's viewer sees it, in linear RGB clamped to the gamut. */
function seen(hex: string, m: Matrix): [number, number, number] {
  const v = rgb(hex).map(linear);
  return m.map((row) =>
    Math.min(
      1,
      Math.max(
        0,
        row.reduce((t, k, j) => t + k * (v[j] ?? 0), 0),
      ),
    ),
  ) as [number, number, number];
}

/** Linear RGB to CIELAB (D65). */
function lab([r, g, b]: [number, number, number]): [number, number, number] {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const deltaE = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(...a.map((v, i) => v - (b[i] ?? 0)));
