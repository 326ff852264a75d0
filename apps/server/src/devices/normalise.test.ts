import { describe, expect, it } from 'vitest';
import { integratePower, MAX_POWER_GAP_S } from './normalise';

const T = 1_700_000_040;
/** What ten seconds from T of import come to. */
const imported = (mwh: number) => ({ kind: 'energy', from: T, to: T + 10, mwh, direction: 'import' });

describe('a power-only channel integrated', () => {
  it('holds each power until the next sample: 600 W for 10 s is 1,667 mWh of import', () => {
    expect(integratePower({ t: T, w: 600 }, T + 10, 900, 20_000)).toEqual(imported(1667));
  });

  it('0 W held is 0 mWh over a known time (minutes of nothing), not unknown', () => {
    expect(integratePower({ t: T, w: 0 }, T + 10, 0, 20_000)).toEqual(imported(0));
  });

  it('negative power is export; a silence past the gap is unknown', () => {
    expect(integratePower({ t: T, w: -360 }, T + 10, 0, 20_000)).toMatchObject({
      mwh: 1000,
      direction: 'export',
    });
    expect(integratePower({ t: T, w: 0 }, T + MAX_POWER_GAP_S + 1, 0, 20_000)).toEqual({ kind: 'none' });
  });
});
