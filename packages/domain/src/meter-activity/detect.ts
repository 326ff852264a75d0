import { findSteps, type Pair, pairSteps, type Step } from './edges';
import { minuteSeries } from './series';
import type { MeterSample, MeterUse, MeterUseKind } from './types';

// Appliance uses found in the whole-house power alone (issue 24). Pure and deterministic: the minute
// power (series.ts) → its steps, each rise paired with the fall of the same size (edges.ts) → loads,
// named here by their power, how long they stay on and whether they repeat like a thermostat:
//   - kettle: a 2–3.4 kW load on for 0.6–4.5 minutes at full power, not a thermostat's, with little
//     else of its power switched on around it (up to 5 kW when something came on with it: a toaster);
//   - electric shower: 5.5–11 kW for 3–45 minutes (some meters clip at 6 kW);
//   - oven and hob: a load of about the same power switching on and off again and again (a thermostat),
//     the oven with a long first heat;
//   - dishwasher: two 1.7–2.7 kW heats of 5.5–45 minutes, 15–60 minutes apart (a washing machine's
//     single heat is not told apart from other heaters: it is an activity);
//   - activity: any other load over ACTIVITY_MIN_W that starts and stops.
// Background loads (fridge, freezer, standby) move the power by less than a step (STEP_MIN_W) and are
// never paired. Every decision looks a bounded way either side (a load's fall at most PAIR_MAX_MIN = 4 h
// ahead, thermostat neighbours within about an hour, a session at most 3 h), inside METER_CONTEXT_S, so
// a window read with that context gives the uses found over the whole history.

/** The smallest load counted as activity (someone switched something on: a microwave's minute
 * counts; a fridge's 100 W never reaches it). */
export const ACTIVITY_MIN_W = 600;

const KETTLE = {
  minW: 2000,
  maxW: 3400,
  maxWithOther: 5000,
  minMin: 0.6,
  // A full 1.7 l kettle at 2.2 kW is on about 4.5 minutes (4 fitted the tuning homes' 2.75–3 kW
  // kettles best, but would miss such a kettle's full boils).
  maxMin: 4.5,
  quietMin: 5,
  busyRiseW: 900,
  busyShare: 0.5,
  otherPower: 0.25,
};
const SHOWER = { minW: 5500, maxW: 11000, minMin: 3, maxMin: 45 };
const HEAT = { minW: 1700, maxW: 2700, minMin: 5.5, maxMin: 45 };
/** Thermostat cycling: loads within `share` of each other's power, several within `windowMin`; a
 * session of them joins those `gapMin` apart. */
const CYCLE = { share: 0.15, windowMin: 15, minOthers: 3, gapMin: 20, sessionMaxMin: 3 * 60, minCycles: 3 };

interface Load extends Pair {
  cycling: boolean;
  taken: boolean;
}

export function detectMeterUses(samples: readonly MeterSample[]): MeterUse[] {
  const { t0, watts } = minuteSeries(samples);
  const steps = findSteps(watts);
  const loads: Load[] = pairSteps(watts, steps)
    .sort((a, b) => a.on - b.on || a.off - b.off)
    .map((p) => ({ ...p, cycling: false, taken: false }));
  markCycling(loads);
  // What makes a kettle look busy: other rises of about its power around it, except a thermostat's
  // cycles of another power (a kettle on top of an oven is still a kettle; one among a hob's cycles of
  // its power is not).
  const thermostat = new Map(loads.filter((l) => l.cycling).map((l) => [l.on, l.watts]));
  const rises = steps.filter((s) => s.delta >= KETTLE.busyRiseW);

  const uses: MeterUse[] = [];
  // A use has a length: an excursion that fell back below its floor in the minute it rose (a rise back
  // from a dip, never above the level before it) is no use, and priced it would be 0 Wh over 0 s.
  const use = (kind: MeterUseKind, from: Load, to: Load, power: number, wh: number, confidence: number) => {
    if (to.off <= from.on) return;
    uses.push({
      kind,
      start: t0 + from.on * 60,
      end: t0 + to.off * 60,
      watts: Math.round(power),
      wh: Math.round(wh),
      confidence,
    });
  };

  for (const s of sessions(loads)) {
    if (s.length < CYCLE.minCycles) continue; // its loads are named one by one below
    const first = s[0] as Load;
    const last = s[s.length - 1] as Load;
    for (const l of s) l.taken = true;
    const wh = s.reduce((sum, l) => sum + l.wh, 0);
    const power = median(s.map((l) => l.watts));
    const kind: MeterUseKind = power < 1200 ? 'activity' : first.onMinutes >= 5 ? 'oven' : 'hob';
    use(kind, first, last, power, wh, kind === 'activity' ? 0.6 : 0.55);
  }

  for (const l of loads) {
    if (l.taken) continue;
    if (l.watts >= SHOWER.minW && l.watts <= SHOWER.maxW && l.onMinutes >= SHOWER.minMin) {
      if (l.onMinutes <= SHOWER.maxMin) use('electric_shower', l, l, l.watts, l.wh, 0.9);
      else use('activity', l, l, l.watts, l.wh, 0.6);
    } else if (isKettle(l, rises, thermostat)) {
      use('kettle', l, l, l.watts, l.wh, l.matched && l.watts <= KETTLE.maxW ? 0.85 : 0.6);
    } else if (isHeat(l)) {
      const heats = dishwasherHeats(loads, l);
      if (heats.length >= 2) {
        for (const h of heats) h.taken = true;
        const wh = heats.reduce((sum, h) => sum + h.wh, 0);
        use('dishwasher', l, heats[heats.length - 1] as Load, median(heats.map((h) => h.watts)), wh, 0.5);
      } else {
        // One heat: a washing machine's, a dishwasher's whose other heat was not seen, an immersion
        // heater, a tumble dryer… not told apart from the meter (a drum's movement after the heat was
        // tried: 0.58 precision at best on the tuning months), so an activity.
        use('activity', l, l, l.watts, l.wh, 0.6);
      }
    } else if (l.watts >= ACTIVITY_MIN_W) {
      use('activity', l, l, l.watts, l.wh, 0.6);
    }
    l.taken = true;
  }
  return oneKettleAtATime(uses).sort(
    (a, b) => a.start - b.start || a.end - b.end || a.kind.localeCompare(b.kind),
  );
}

/** A home boils one kettle at a time: of kettle uses that overlap (an excursion around a kettle and
 * the kettle inside it), the surer one stays, the shorter when as sure. */
function oneKettleAtATime(uses: MeterUse[]): MeterUse[] {
  const kettles = uses.filter((u) => u.kind === 'kettle');
  const better = (a: MeterUse, b: MeterUse) =>
    a.confidence > b.confidence ||
    (a.confidence === b.confidence &&
      (a.end - a.start < b.end - b.start || (a.end - a.start === b.end - b.start && a.start < b.start)));
  return uses.filter(
    (u) =>
      u.kind !== 'kettle' ||
      !kettles.some((k) => k !== u && k.start < u.end && u.start < k.end && better(k, u)),
  );
}

/** A kettle: 2–3.4 kW for KETTLE.minMin to KETTLE.maxMin at full power, not a thermostat's, with at
 * most one other rise of about its power within KETTLE.quietMin (a thermostat's of clearly another
 * power aside); up to KETTLE.maxWithOther when another short load came on with it (a kettle and a
 * toaster at breakfast). */
function isKettle(l: Load, rises: readonly Step[], thermostat: ReadonlyMap<number, number>): boolean {
  if (
    l.cycling ||
    l.onMinutes < KETTLE.minMin ||
    l.onMinutes > KETTLE.maxMin ||
    l.watts < KETTLE.minW ||
    l.watts > KETTLE.maxWithOther
  )
    return false;
  let others = 0;
  for (const { first: r, delta } of rises) {
    if (r < l.on - KETTLE.quietMin || r > l.off + KETTLE.quietMin || r === l.on) continue;
    // Only loads of about its power make it look like one of a series (a hob's spikes); a toaster or
    // a microwave after the kettle does not.
    if (Math.abs(delta - l.watts) > KETTLE.busyShare * l.watts) continue;
    const cycle = thermostat.get(r);
    if (cycle === undefined || Math.abs(cycle - l.watts) <= KETTLE.otherPower * l.watts) others++;
  }
  return others <= 1;
}

/**
 * The uses that start in [from, to), for the write path and replays: `samples` are the readings of
 * [from − METER_CONTEXT_S, to + METER_CONTEXT_S) (fewer where the history begins or ends), and the answer
 * is what detectMeterUses over the whole history gives in that window, so the estimates stored for the
 * window are replaced by it.
 */
export function detectMeterUsesIn(samples: readonly MeterSample[], from: number, to: number): MeterUse[] {
  return detectMeterUses(samples).filter((u) => u.start >= from && u.start < to);
}

function isHeat(l: Load): boolean {
  return (
    l.watts >= HEAT.minW && l.watts <= HEAT.maxW && l.onMinutes >= HEAT.minMin && l.onMinutes <= HEAT.maxMin
  );
}

/**
 * The heats of a dishwasher's run that starts with `first`: itself and the next of about its power
 * coming on 15–60 minutes after it ends. A heat with such a heat before it starts no run (it belongs to
 * the run before), so a long series of heats (an immersion heater) gives the same answer whatever
 * window it is read in; a single heat stays alone.
 */
function dishwasherHeats(loads: readonly Load[], first: Load): Load[] {
  const i = loads.indexOf(first);
  for (let j = i - 1; j >= 0 && (loads[j] as Load).on >= first.on - 60 - HEAT.maxMin; j--) {
    if (heatFollows(loads[j] as Load, first)) return [first];
  }
  const heats = [first];
  for (let j = i + 1; j < loads.length && heats.length < 2; j++) {
    const b = loads[j] as Load;
    const last = heats[heats.length - 1] as Load;
    if (b.on - last.off > 60) break;
    if (!b.taken && heatFollows(last, b)) heats.push(b);
  }
  return heats;
}

/** `b` is a heat of about `a`'s power coming on 15–60 minutes after `a` ends. */
function heatFollows(a: Load, b: Load): boolean {
  const gap = b.on - a.off;
  return gap >= 15 && gap <= 60 && isHeat(a) && isHeat(b) && Math.abs(a.watts - b.watts) <= 0.15 * a.watts;
}

function similar(a: Load, b: Load): boolean {
  return Math.abs(a.watts - b.watts) <= CYCLE.share * Math.max(a.watts, b.watts);
}

/** A load is cycling (a thermostat) when at least CYCLE.minOthers others of about its power come on
 * within CYCLE.windowMin of it (a kettle boiled two or three times in half an hour is not), or when it
 * comes within CYCLE.gapMin of such a load (the first and last cycles of a session). */
function markCycling(loads: Load[]): void {
  const near = (i: number, windowMin: number, visit: (b: Load) => void) => {
    const a = loads[i] as Load;
    for (let j = i - 1; j >= 0 && (loads[j] as Load).on >= a.on - windowMin - HEAT.maxMin; j--) {
      const b = loads[j] as Load;
      if (b.off >= a.on - windowMin && b.onMinutes <= HEAT.maxMin && similar(a, b)) visit(b);
    }
    for (let j = i + 1; j < loads.length && (loads[j] as Load).on <= a.off + windowMin; j++) {
      const b = loads[j] as Load;
      if (b.onMinutes <= HEAT.maxMin && similar(a, b)) visit(b);
    }
  };
  const core = new Set<Load>();
  loads.forEach((a, i) => {
    if (a.onMinutes > HEAT.maxMin) return;
    let others = 0;
    near(i, CYCLE.windowMin, () => others++);
    if (others >= CYCLE.minOthers) core.add(a);
  });
  loads.forEach((a, i) => {
    if (a.onMinutes > HEAT.maxMin) return;
    a.cycling = core.has(a);
    near(i, CYCLE.gapMin, (b) => {
      if (core.has(b)) a.cycling = true;
    });
  });
}

/** Runs of cycling loads of about one power, each starting within CYCLE.gapMin of the one before, at
 * most CYCLE.sessionMaxMin long (what comes after in an endless run is left out). A session starts at a
 * cycling load with no similar cycling load ending in the CYCLE.gapMin before it. */
function sessions(loads: readonly Load[]): Load[][] {
  const out: Load[][] = [];
  for (let i = 0; i < loads.length; i++) {
    const a = loads[i] as Load;
    if (!a.cycling) continue;
    let starts = true;
    for (let j = i - 1; j >= 0; j--) {
      const b = loads[j] as Load;
      if (a.on - b.on > CYCLE.gapMin + HEAT.maxMin) break;
      if (b.cycling && similar(a, b) && a.on - b.off <= CYCLE.gapMin) {
        starts = false;
        break;
      }
    }
    if (!starts) continue;
    const session = [a];
    let end = a.off;
    for (let j = i + 1; j < loads.length; j++) {
      const b = loads[j] as Load;
      if (b.on - end > CYCLE.gapMin || b.on - a.on > CYCLE.sessionMaxMin) break;
      if (b.cycling && similar(a, b)) {
        session.push(b);
        end = Math.max(end, b.off);
      }
    }
    out.push(session);
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
