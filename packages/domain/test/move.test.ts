import { describe, expect, it } from 'vitest';
import {
  compileTariffs,
  DEFAULT_TARIFFS,
  dayHalvesOf,
  GO_TARIFFS,
  moveEveningUse,
  periodContaining,
} from '../src';

// The moved-load column's rewrite (issue 37) on the long clock-change day, Sunday 25 October 2026 in
// London (01:00–02:00 twice): Go's night 00:30–05:30 on the home's clock is 12 half-hours that day, not 10:
// 23:30Z (00:30 BST), 00:00Z, 00:30Z (01:00, 01:30 BST), 01:00Z … 05:00Z (01:00 GMT … 05:00 GMT).
// 1000 Wh moved over 12: 83 each and the remainder 4 Wh to the earliest four. Expectations typed by hand.

const ZONE = 'Europe/London';
const at = (iso: string) => Date.parse(iso) / 1000;
const slot = (iso: string, wh: number) => ({
  slot_start: at(iso),
  import_wh: wh,
  export_wh: 0,
  generation_wh: 0,
});

describe('moveEveningUse', () => {
  const go = compileTariffs(GO_TARIFFS, ZONE, DEFAULT_TARIFFS);
  const october = dayHalvesOf([periodContaining('month', at('2026-10-15T12:00:00Z'), ZONE)], ZONE);
  const slots = [
    slot('2026-10-25T03:00:00Z', 200), // 03:00 GMT, in the night window: the share adds to it
    slot('2026-10-25T12:00:00Z', 400), // midday: untouched
    slot('2026-10-25T16:00:00Z', 700), // 16:00 GMT: evening
    slot('2026-10-25T18:30:00Z', 500), // 18:30 GMT: evening
  ];

  it('moves min(N, the evening’s use) into the cheapest half-hours of that local day, evenly', () => {
    const moved = moveEveningUse(go, slots, october, 1000);
    expect(moved.movedWh).toBe(1000);
    expect(
      moved.slots.map((s) => [new Date(s.slot_start * 1000).toISOString().slice(0, 16), s.import_wh]),
    ).toEqual([
      ['2026-10-24T23:30', 84],
      ['2026-10-25T00:00', 84],
      ['2026-10-25T00:30', 84],
      ['2026-10-25T01:00', 84],
      ['2026-10-25T01:30', 83],
      ['2026-10-25T02:00', 83],
      ['2026-10-25T02:30', 83],
      ['2026-10-25T03:00', 283],
      ['2026-10-25T03:30', 83],
      ['2026-10-25T04:00', 83],
      ['2026-10-25T04:30', 83],
      ['2026-10-25T05:00', 83],
      ['2026-10-25T12:00', 400],
      ['2026-10-25T16:00', 0],
      ['2026-10-25T18:30', 200],
    ]);
  });

  it('moves no more than the evening used', () => {
    const moved = moveEveningUse(go, slots, october, 5000);
    expect(moved.movedWh).toBe(1200);
    expect(
      moved.slots.filter((s) => s.slot_start >= at('2026-10-25T16:00:00Z')).map((s) => s.import_wh),
    ).toEqual([0, 0]);
  });

  it('refuses a fractional or negative Wh', () => {
    expect(() => moveEveningUse(go, slots, october, 1.5)).toThrow(RangeError);
    expect(() => moveEveningUse(go, slots, october, -1)).toThrow(RangeError);
  });

  it('lays out the long day as 50 half-hours with six in the evening', () => {
    const day = october[24];
    expect([day?.starts.length, day?.evening.filter(Boolean).length, day?.starts[0]]).toEqual([
      50,
      6,
      at('2026-10-24T23:00:00Z'),
    ]);
  });
});
