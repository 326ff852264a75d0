import { createReadStream, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { type AppliancePowerOptions, openAppliancePowerCsv, parseAppliancePowerCsv } from './appliance-power';
import type { ApplianceType } from './appliances';
import { type ApplianceEvent, detectApplianceEvents, EventDetector } from './detect-events';
import { describeReal, realFile } from './real-data.test-support';
import { WholeHouseMeter, wholeHouseReadings } from './whole-house';

// REFIT (Murray, Stankovic & Stankovic, CC BY 4.0), UK-DALE (Kelly & Knottenbelt, CC BY 4.0) and IDEAL
// (Goddard, Pullinger et al., CC BY 4.0), resampled by DeviceScope; see each folder's SOURCE.md.
const REFIT_20_APR = 'refit-house20-1min/REFIT_House20_2014-04.csv';
const REFIT_20_OCT = 'refit-house20-1min/REFIT_House20_2014-10.csv';
const REFIT_20_HALF_HOURLY = 'refit-house20-halfhourly/refit_house20_halfhourly_kwh.csv';
const UKDALE_JUL = 'ukdale-house2-1min/UKDALE_House2_2013-07.csv';
const UKDALE_DAY = 'ukdale-house2-2min-all-appliances/ukdale_house2_2013-06-08_2min.csv';
const IDEAL_JUN = 'ideal-house65-1min/IDEAL_House65_2017-06.csv';

const LONDON: AppliancePowerOptions = { interval_s: 60, naiveTimeZone: 'Europe/London' };
const text = (relative: string): string => readFileSync(realFile(relative), 'utf8');

function load(relative: string, options: AppliancePowerOptions) {
  const r = parseAppliancePowerCsv(text(relative), options);
  if (!r.ok) throw r.error;
  return { ...r.value, events: detectApplianceEvents(r.value.samples, r.value.columns) };
}

/** Independent of the parser: Σ W and the count of Aggregate == 0 rows, read with a plain split. */
function rawAggregate(relative: string): { wattMinutes: number; zeros: number } {
  let wattMinutes = 0;
  let zeros = 0;
  for (const line of text(relative).trim().split('\n').slice(1)) {
    const w = Number(line.split(',')[1]);
    wattMinutes += w;
    if (w === 0) zeros++;
  }
  return { wattMinutes, zeros };
}

const localLabel = (zone: string) => {
  const f = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' });
  return (t: number): string => f.format(new Date(t * 1000));
};
const of = (events: ApplianceEvent[], type: ApplianceType) => events.filter((e) => e.appliance === type);
function perDay(events: ApplianceEvent[], zone: string): Map<string, number> {
  const label = localLabel(zone);
  const days = new Map<string, number>();
  for (const e of events) {
    const day = label(e.start).slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
}
const minutes = (e: ApplianceEvent): number => (e.end - e.start) / 60;

describeReal('real appliance power files', () => {
  it('REFIT House 20, April 2014: kettle, washing machine and dishwasher events are plausible', () => {
    const started = performance.now();
    const { columns, samples, events } = load(REFIT_20_APR, LONDON);
    console.info(`REFIT 2 MB parse + detect: ${Math.round(performance.now() - started)} ms`);
    expect(columns.appliances.map((a) => a.appliance)).toEqual([
      'kettle',
      'dishwasher',
      'washing_machine',
      'microwave',
    ]);
    expect(samples).toHaveLength(43_200);
    expect(new Date(samples[0]!.t * 1000).toISOString()).toBe('2014-03-31T23:00:00.000Z'); // naive 00:00 BST

    const kettles = of(events, 'kettle');
    const days = perDay(kettles, 'Europe/London');
    expect(days.size).toBeGreaterThanOrEqual(25); // a kettle on nearly every day of 30
    expect(Math.max(...days.values())).toBeLessThanOrEqual(15);
    for (const k of kettles) {
      expect(k.energy_wh).toBeGreaterThanOrEqual(5);
      expect(k.energy_wh).toBeLessThanOrEqual(300); // 3 kW for 6 min
      expect(k.peak_w).toBeLessThanOrEqual(3500);
    }
    const washes = of(events, 'washing_machine');
    expect(washes.length).toBeGreaterThanOrEqual(4);
    expect(washes.length).toBeLessThanOrEqual(30);
    for (const w of washes) {
      expect(w.energy_wh).toBeGreaterThanOrEqual(150); // a quick 30° wash
      expect(w.energy_wh).toBeLessThanOrEqual(2500);
      expect(minutes(w)).toBeGreaterThanOrEqual(30);
      expect(minutes(w)).toBeLessThanOrEqual(240);
    }
    for (const d of of(events, 'dishwasher')) {
      expect(d.energy_wh).toBeGreaterThanOrEqual(500);
      expect(d.energy_wh).toBeLessThanOrEqual(2000);
    }
  });

  it('REFIT House 20: whole-house Wh total equals Σ(W)/60 within 1 Wh', () => {
    for (const file of [REFIT_20_APR, REFIT_20_OCT]) {
      const { samples } = load(file, LONDON);
      const readings = wholeHouseReadings(samples, 60);
      const raw = rawAggregate(file);
      expect(readings).toHaveLength(samples.length - raw.zeros); // missing minutes are gaps, not zeros
      const total = readings.reduce((s, r) => s + r.import_wh, 0);
      expect(Math.abs(total - raw.wattMinutes / 60)).toBeLessThanOrEqual(1);
    }
  });

  it('REFIT House 20: half-hour sums match the half-hourly file, clock changes included', () => {
    const reference = new Map<string, number>();
    for (const line of text(REFIT_20_HALF_HOURLY).trim().split('\n').slice(1)) {
      const [label = '', kwh = ''] = line.split(',');
      reference.set(label, Number(kwh) * 1000);
    }
    const label = localLabel('Europe/London');
    for (const file of [REFIT_20_APR, REFIT_20_OCT]) {
      const sums = new Map<string, number>();
      for (const r of wholeHouseReadings(load(file, LONDON).samples, 60)) {
        const local = label(r.start);
        const bin = `${local.slice(0, 14)}${Number(local.slice(14, 16)) < 30 ? '00' : '30'}`;
        sums.set(bin, (sums.get(bin) ?? 0) + r.import_wh);
      }
      let compared = 0;
      for (const [bin, wh] of sums) {
        const expected = reference.get(bin);
        if (expected === undefined) continue;
        expect(Math.abs(wh - expected), bin).toBeLessThanOrEqual(1.1);
        compared++;
      }
      expect(compared).toBeGreaterThan(1400); // ~30 days × 48
    }
  });

  it('REFIT House 20, October 2014: the once-shown repeated hour is read as BST, leaving one gap', () => {
    const { samples } = load(REFIT_20_OCT, LONDON);
    const steps = samples
      .slice(1)
      .flatMap((s, i) => (s.t - samples[i]!.t === 60 ? [] : [[samples[i]!.t, s.t - samples[i]!.t]]));
    expect(steps).toEqual([[Date.UTC(2014, 9, 26, 0, 59) / 1000, 3660]]);
  });

  it('streams a REFIT file in 64 KiB byte chunks to the same events and readings, keeping no samples', async () => {
    const whole = load(REFIT_20_APR, LONDON);
    const { columns, samples } = await openAppliancePowerCsv(
      createReadStream(realFile(REFIT_20_APR)),
      LONDON,
    );
    const detector = new EventDetector(columns);
    const meter = new WholeHouseMeter(60);
    const events: ApplianceEvent[] = [];
    let total = 0;
    for await (const s of samples) {
      events.push(...detector.push(s));
      total += meter.push(s)?.import_wh ?? 0;
    }
    events.push(...detector.finish());
    expect(events.sort((a, b) => a.start - b.start || a.column.localeCompare(b.column))).toEqual(
      whole.events,
    );
    expect(total).toBe(wholeHouseReadings(whole.samples, 60).reduce((s, r) => s + r.import_wh, 0));
  });

  it('UK-DALE House 2, July 2013 (UTC clock): kettle and washing machine plausible, totals exact', () => {
    const { samples, events } = load(UKDALE_JUL, { interval_s: 60, naiveTimeZone: 'UTC' });
    expect(new Date(samples[0]!.t * 1000).toISOString()).toBe('2013-07-01T00:00:00.000Z');
    const days = perDay(of(events, 'kettle'), 'UTC');
    expect(days.size).toBeGreaterThanOrEqual(28);
    expect(Math.max(...days.values())).toBeLessThanOrEqual(15);
    for (const k of of(events, 'kettle')) expect(k.energy_wh).toBeLessThanOrEqual(300);
    const washes = of(events, 'washing_machine');
    expect(washes.length).toBeGreaterThanOrEqual(4);
    for (const w of washes) {
      expect(w.energy_wh).toBeGreaterThanOrEqual(150);
      expect(w.energy_wh).toBeLessThanOrEqual(2500);
    }
    const total = wholeHouseReadings(samples, 60).reduce((s, r) => s + r.import_wh, 0);
    expect(Math.abs(total - rawAggregate(UKDALE_JUL).wattMinutes / 60)).toBeLessThanOrEqual(1);
  });

  it('UK-DALE one day, all channels: reports unmapped columns; the kettle boils at 07:26 UTC', () => {
    const strict = parseAppliancePowerCsv(text(UKDALE_DAY), { interval_s: 120 });
    expect(!strict.ok && strict.error.field).toBe('timestamp_local');
    const { columns, events } = load(UKDALE_DAY, { interval_s: 120, onUnmapped: 'skip' });
    expect(columns.aggregate).toBe('mains_W');
    expect(columns.unmapped).toContain('synthetic_mains_W');
    expect(columns.unmapped).toContain('rice_cooker_W');
    // SOURCE.md: the morning kettle spike is 07:25 UTC = 08:26 BST.
    expect(of(events, 'kettle').map((e) => new Date(e.start * 1000).toISOString().slice(11, 16))).toContain(
      '07:26',
    );
    const fridge = of(events, 'fridge');
    expect(fridge.length).toBeGreaterThanOrEqual(20); // a compressor cycling every ~40 min
    expect(fridge.length).toBeLessThanOrEqual(60);
  });

  it('IDEAL House 65, June 2017: electric shower events at 7 kW or more; missing minutes are gaps', () => {
    const { samples, events } = load(IDEAL_JUN, LONDON);
    const showers = of(events, 'electric_shower');
    expect(showers.length).toBeGreaterThanOrEqual(10);
    for (const s of showers) {
      expect(s.peak_w).toBeGreaterThanOrEqual(7000);
      expect(minutes(s)).toBeGreaterThanOrEqual(2);
      expect(minutes(s)).toBeLessThanOrEqual(30);
      expect(s.energy_wh).toBeGreaterThanOrEqual(200);
      expect(s.energy_wh).toBeLessThanOrEqual(2500);
    }
    const raw = rawAggregate(IDEAL_JUN);
    expect(raw.zeros).toBeGreaterThan(0);
    expect(wholeHouseReadings(samples, 60)).toHaveLength(samples.length - raw.zeros);
  });
});
