import { type AlertCandidate, ENGINE_KINDS, levelRank } from '@homeview/domain';
import type { Queryable } from '../../db/types';

// Keeping alerts in step with the domain's judgement: a new cause is inserted (once: house + cause is
// unique), a lasting one may escalate, and an open alert whose cause no longer holds is cleared (of the
// kinds the engine judges: ENGINE_KINDS). The caller
// holds the house's engine lock, so two processes evaluating the same home take turns.

export interface StoreResult {
  /** Ids of alerts raised by this evaluation (to notify). */
  raised: number[];
  /** Those of them raised as a Warning (the only ones a check-in asks about, check-in.ts). */
  warnings: number[];
  /** Ids of open alerts this evaluation raised to a higher level (to notify again). */
  escalated: number[];
  cleared: number;
}

export async function storeCandidates(
  tx: Queryable,
  houseId: number,
  candidates: readonly AlertCandidate[],
  now: number,
): Promise<StoreResult> {
  const raised: number[] = [];
  const warnings: number[] = [];
  const escalated: number[] = [];
  for (const c of candidates) {
    const row = await insertCandidate(tx, houseId, c);
    if (row.inserted) {
      raised.push(row.id);
      if (row.level === 'Warning') warnings.push(row.id);
    } else if (levelRank(c.level) > levelRank(row.level)) {
      // Escalation (Warning → Urgent) keeps the alert and its history (its text stays as true when raised).
      const updated = await tx.query(
        `update infocare_alerts set level = $2, text = $3, evidence = $4::jsonb,
                urgent_at = case when $2::text = 'Urgent' then coalesce(urgent_at, $5::bigint) else urgent_at end
          where id = $1 and cleared_at is null`,
        [row.id, c.level, c.text, JSON.stringify(c.evidence), now],
      );
      if (updated.rowCount > 0) escalated.push(row.id);
    }
  }
  // Only the kinds the engine judges at each instant end by themselves (a day's Warning stays).
  const open = candidates.filter((c) => !c.instant).map((c) => c.cause);
  const cleared = await tx.query(
    `update infocare_alerts set cleared_at = $2
      where house_id = $1 and cleared_at is null and not (cause = any(string_to_array($3, E'\\x1f')))
        and kind = any(string_to_array($4, ','))`,
    [houseId, now, open.join('\x1f'), ENGINE_KINDS.join(',')],
  );
  return { raised, warnings, escalated, cleared: cleared.rowCount };
}

/** Inserts the candidate unless its cause is stored already (house + cause is unique): the row either way. */
export async function insertCandidate(
  tx: Queryable,
  houseId: number,
  c: AlertCandidate,
): Promise<{ id: number; inserted: boolean; level: string }> {
  const { rows } = await tx.query<{ id: number; inserted: boolean; level: string }>(
    `insert into infocare_alerts
       (house_id, cause, kind, type, level, activity_id, name, text, icon, raised_at, cleared_at, evidence,
        urgent_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb,
             case when $5::text = 'Urgent' then $10::bigint end)
     on conflict (house_id, cause) do update set house_id = infocare_alerts.house_id
     returning id, (xmax = 0) as inserted, level`,
    [
      houseId,
      c.cause,
      c.kind,
      c.type,
      c.level,
      c.activityId,
      c.name,
      c.text,
      c.icon,
      c.raisedAt,
      c.instant ? c.raisedAt : null,
      JSON.stringify(c.evidence),
    ],
  );
  return rows[0]!;
}
