import type { Reading } from '../features/readings/ingest';
import type { Live, PendingGap } from './live';
import { addEnergy, closeMinutes, type MinuteState } from './minutes';
import type { EmHistorySource } from './parsers/sample';
import type { EmRecord } from './parsers/shelly-em-history';

// A Shelly EM back after a silence: the energy of the gap is placed by the device's own records of it
// (EM1Data/EMData.GetData, asked by DeviceMqtt) instead of spread evenly, or spread after HISTORY_WAIT_S.

/**
 * A Shelly EM channel silent longer than this has its gap's energy placed by its own 1- or 5-minute
 * records (EM1Data/EMData.GetData) instead of spread evenly; if the records do not come within
 * HISTORY_WAIT_S, it is spread as any counter's.
 */
export const EM_GAP_S = 300;
export const HISTORY_WAIT_S = 30;

/** A request for a Shelly EM's records of a gap (DeviceMqtt sends it over RPC, see historyRequests). */
export interface HistoryRequest {
  /** Names the channel when the answer is handed back (receiveHistory). */
  key: string;
  deviceId: string;
  source: EmHistorySource;
  from: number;
  to: number;
}

/** Gaps of Shelly EMs not yet asked for (each is asked once; see receiveHistory and HISTORY_WAIT_S). */
export function historyRequests(lives: ReadonlyMap<string, Live>, now: number): HistoryRequest[] {
  const requests: HistoryRequest[] = [];
  for (const [key, live] of lives) {
    const gap = live.counter.gap;
    if (!gap || gap.askedAt !== null || live.history === null) continue;
    gap.askedAt = now;
    const { deviceId } = live.device;
    requests.push({ key, deviceId, source: live.history, from: gap.from, to: gap.to });
  }
  return requests;
}

/**
 * A Shelly EM's records of a gap: each record wholly inside the gap gets its own energy, the rest of the
 * counter's difference over the gap (the parts no record covers) is spread over those parts, so the
 * gap's readings still add up to the counter exactly. Records that do not fit are ignored. Returns the
 * readings the gap closed.
 */
export function placeHistory(live: Live | undefined, records: readonly EmRecord[]): Reading[] {
  const gap = live?.counter.gap;
  if (live === undefined || !gap) return [];
  live.counter.gap = null;
  live.dirty = true;
  const inside = records
    .filter((r) => r.ts >= gap.from && r.ts + r.period <= gap.to)
    .sort((a, b) => a.ts - b.ts)
    .filter((r, i, all) => i === 0 || r.ts >= (all[i - 1] as EmRecord).ts + (all[i - 1] as EmRecord).period);
  const minutes = live.counter.minutes;
  const uncovered: [number, number][] = [];
  let at = gap.from;
  for (const r of inside) {
    if (r.ts > at) uncovered.push([at, r.ts]);
    at = r.ts + r.period;
  }
  if (gap.to > at) uncovered.push([at, gap.to]);
  for (const direction of ['import', 'export'] as const) {
    const total = direction === 'import' ? gap.importMwh : gap.exportMwh;
    let recorded = 0;
    for (const r of inside) {
      const mwh = direction === 'import' ? r.importMwh : r.exportMwh;
      // Never more than the counter says was used over the whole gap.
      const take = Math.min(mwh, total - recorded);
      addEnergy(minutes, r.ts, r.ts + r.period, take, direction);
      recorded += take;
    }
    spread(
      minutes,
      uncovered.length > 0 ? uncovered : inside.map((r) => [r.ts, r.ts + r.period]),
      total - recorded,
      direction,
    );
  }
  return closeGap(live, gap);
}

/** Gaps whose records did not come in time: their energy spread evenly, as any counter's. */
export function expireGaps(
  lives: Iterable<Live>,
  now: number,
  closed: (live: Live, r: Reading[]) => void,
): void {
  for (const live of lives) {
    const gap = live.counter.gap;
    if (!gap || now - gap.since < HISTORY_WAIT_S) continue;
    live.counter.gap = null;
    live.dirty = true;
    spread(live.counter.minutes, [[gap.from, gap.to]], gap.importMwh, 'import');
    spread(live.counter.minutes, [[gap.from, gap.to]], gap.exportMwh, 'export');
    const readings = closeGap(live, gap);
    if (readings.length > 0) closed(live, readings);
  }
}

function closeGap(live: Live, gap: PendingGap): Reading[] {
  const upTo = Math.max(gap.to, live.counter.import?.t ?? 0, live.counter.export?.t ?? 0);
  return closeMinutes(live.counter.minutes, upTo);
}

/** `mwh` spread over these intervals in proportion to their lengths, exactly (integer mWh). */
function spread(
  minutes: MinuteState,
  intervals: readonly (readonly [number, number])[],
  mwh: number,
  direction: 'import' | 'export',
): void {
  const length = intervals.reduce((sum, [a, b]) => sum + (b - a), 0);
  if (mwh <= 0 || length <= 0) return;
  let seen = 0;
  let given = 0;
  for (const [a, b] of intervals) {
    seen += b - a;
    const share = Math.round((mwh * seen) / length) - given;
    given += share;
    addEnergy(minutes, a, b, share, direction);
  }
}
