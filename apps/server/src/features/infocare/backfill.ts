import { evaluateAlerts } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { type LoadOptions, loadSituation, marginsOf } from './engine';
import { type DayLateReplay, dayLateReplay, judgeDueDays } from './replay-day-late';
import { ReadingEnds } from './reading-ends';
import { RoutineCache } from './routine-cache';
import type { InfocareHouse } from './repository';
import { storeCandidates } from './store';

// The engine run over stored history: at each instant from `from` to `to` (every `stepS`), learning only
// from what was stored before that instant, exactly as a live run at that minute would. Used to give a
// new home (the demo's Mum) its past alerts and by the replay CLI; it never notifies.

/**
 * What a replay over fixed history carries from one instant to the next (possibly across transactions):
 * its load options, and how many alerts are open (Infinity: not known, so the next judgement is stored).
 */
export interface Replay {
  options: LoadOptions;
  open: number;
  /** A day-late home's publishing: its days judged when the live run would have (replay-day-late.ts). */
  dayLate?: DayLateReplay;
}

export async function backfillHouse(
  tx: Queryable,
  house: InfocareHouse,
  from: number,
  to: number,
  stepS: number,
  cache: RoutineCache = new RoutineCache(),
  replay?: Replay,
): Promise<number> {
  let raised = 0;
  // Once the replay has stored a judgement, only it stores any (on its instants), so it knows when one is
  // open and skips storing an empty judgement while none is (nothing to raise or clear).
  for (let at = from; at <= to; at += stepS) {
    if (replay?.dayLate) await judgeDueDays(tx, house, replay.dayLate, at);
    const input = await loadSituation(tx, house, at, cache, replay?.options);
    const candidates = evaluateAlerts(input);
    if (candidates.length === 0 && replay?.open === 0) continue;
    raised += (await storeCandidates(tx, house.id, candidates, at)).raised.length;
    if (replay) replay.open = candidates.filter((c) => !c.instant).length;
  }
  if (replay?.dayLate) await judgeDueDays(tx, house, replay.dayLate, to);
  return raised;
}

export interface ReplayedAlert {
  raised_at: number;
  cleared_at: number | null;
  type: string;
  level: string;
  name: string;
  text: string;
}

/** Replays [from, to) in a transaction that is rolled back: the stored alerts are left as they were. */
export async function replayHouse(
  db: { transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> },
  house: InfocareHouse,
  from: number,
  to: number,
  stepS = 60,
): Promise<ReplayedAlert[]> {
  let result: ReplayedAlert[] = [];
  const rollback = new Error('replay rollback');
  await db
    .transaction(async (tx) => {
      await tx.query('delete from infocare_day_judgements where house_id = $1', [house.id]);
      await tx.query('delete from infocare_alerts where house_id = $1', [house.id]);
      // Nothing is stored but by the replay itself inside this transaction: the history is fixed, no
      // alert is marked (no margins), and it starts with none open. A day-late home's half-hours are
      // seen only once published, and its days judged then (replay-day-late.ts).
      const dayLate = (await dayLateReplay(tx, house, from, to)) ?? undefined;
      await backfillHouse(tx, house, from, to, stepS, new RoutineCache(), {
        options: {
          fixedHistory: true,
          margins: await marginsOf(tx, String(house.id)),
          readingEnds: new ReadingEnds(),
          ...(dayLate ? { publishedUntil: (now: number) => dayLate.publishedUntil(now) } : {}),
        },
        open: 0,
        ...(dayLate ? { dayLate } : {}),
      });
      const { rows } = await tx.query<ReplayedAlert>(
        `select raised_at, cleared_at, type, level, name, text from infocare_alerts where house_id = $1
          order by raised_at, id`,
        [house.id],
      );
      result = rows;
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return result;
}

const csvField = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function alertsCsv(alerts: readonly ReplayedAlert[]): string {
  const lines = ['raised_at,cleared_at,type,level,name,text'];
  for (const a of alerts)
    lines.push([a.raised_at, a.cleared_at, a.type, a.level, a.name, a.text].map(csvField).join(','));
  return `${lines.join('\n')}\n`;
}
