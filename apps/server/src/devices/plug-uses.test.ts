import { describe, expect, it } from 'vitest';
import { PlugUses, WAIT_S } from './plug-uses';

const T = 1_700_000_040;

describe('PlugUses', () => {
  it('turns a kettle plug reporting on change into one use, with the plug counter as its energy', () => {
    const plug = new PlugUses('shelly-k', 'kettle');
    plug.power(T, 0);
    plug.energy(T - 60, T, 0);
    plug.power(T + 60, 2950); // on for 150 s
    plug.power(T + 210, 0);
    plug.energy(T, T + 240, 123_000); // the counter's next minute report: 123 Wh
    // Not closed yet: the kettle may come back within 60 s (the clock feeds the detector 60 s behind).
    expect(plug.take(T + 300)).toEqual([]);
    expect(plug.take(T + 360)).toEqual([{ start: T + 60, end: T + 210, energy_wh: 123 }]);
    expect(plug.take(T + 900)).toEqual([]);
  });

  it('drops a blip shorter than the minimum and merges short gaps', () => {
    const plug = new PlugUses('p', 'kettle');
    plug.power(T, 3000); // 20 s: shorter than the kettle's 60 s minimum
    plug.power(T + 20, 0);
    plug.power(T + 200, 3000); // 60 s on, 30 s off, 60 s on: one use
    plug.power(T + 260, 0);
    plug.power(T + 290, 3000);
    plug.power(T + 350, 0);
    const uses = plug.take(T + 2000);
    expect(uses.map((u) => [u.start - T, u.end - T])).toEqual([[200, 350]]);
    // No counter: Σ W × t of the detector, pause included (3000 W × 120 s = 100 Wh).
    expect(uses[0]?.energy_wh).toBe(100);
  });

  it('holds the last power of a plug that does not repeat unchanged values, and waits for the counter', () => {
    const plug = new PlugUses('p', 'kettle');
    plug.energy(T - 10, T, 0);
    plug.power(T, 2000);
    plug.power(T + 120, 0);
    expect(plug.take(T + 260)).toEqual([]); // closed, but the counter has not reported past its end
    expect(plug.take(T + 120 + WAIT_S)).toEqual([{ start: T, end: T + 120, energy_wh: 67 }]);
  });

  it('finds the uses of messages that arrive late (queued by the broker while the server was down)', () => {
    const plug = new PlugUses('p', 'kettle');
    const late = 2 * 86_400; // device time two days behind the server clock as the queue drains
    plug.energy(T - 10, T, 0);
    plug.power(T, 0, T + late);
    expect(plug.take(T + late + 1)).toEqual([]);
    plug.power(T + 30, 2000, T + late + 1);
    plug.power(T + 150, 0, T + late + 1);
    plug.energy(T, T + 160, 66_000);
    expect(plug.take(T + late + 2)).toEqual([]);
    expect(plug.take(T + late + 200)).toEqual([{ start: T + 30, end: T + 150, energy_wh: 66 }]);
  });

  it('goes on from its stored state (JSON) as if never stopped: a use in progress is not lost or cut', () => {
    const steps: ((plug: PlugUses) => void)[] = [
      (plug) => plug.energy(T - 60, T, 0),
      (plug) => plug.power(T, 0),
      (plug) => plug.power(T + 60, 2950),
      (plug) => plug.energy(T, T + 120, 49_000),
      // The server stops here, the kettle on.
      (plug) => plug.power(T + 210, 0),
      (plug) => plug.energy(T + 120, T + 240, 74_000),
    ];
    const whole = new PlugUses('k', 'kettle');
    for (const step of steps) step(whole);
    const expected = whole.take(T + 400);
    expect(expected).toEqual([{ start: T + 60, end: T + 210, energy_wh: 123 }]);

    const before = new PlugUses('k', 'kettle');
    for (const step of steps.slice(0, 4)) step(before);
    expect(before.take(T + 130)).toEqual([]);
    const after = new PlugUses('k', 'kettle', JSON.parse(JSON.stringify(before.state())));
    for (const step of steps.slice(4)) step(after);
    expect(after.take(T + 400)).toEqual(expected);
    expect(after.take(T + 2000)).toEqual([]);
    // Without it, the use is lost (its start was never seen).
    const fresh = new PlugUses('k', 'kettle');
    for (const step of steps.slice(4)) step(fresh);
    expect(fresh.take(T + 400)).toEqual([]);
  });
});
