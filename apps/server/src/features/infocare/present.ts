import type { Alert } from '@homeview/contract';
import type { Queryable } from '../../db/types';

// Stored alerts as the contract's Alert (§3), with their viewings and assessments, oldest first.

export interface AlertRow {
  id: number;
  raised_at: number;
  level: string;
  name: string;
  text: string;
  icon: string;
  type: 'On' | 'Off';
  activity_id: number;
  kind: string;
  feedback: string | null;
  /** The uses the alert rests on were estimated from the whole-house meter (evidence.estimated). */
  estimated: boolean;
}

export const ALERT_COLUMNS =
  "a.id, a.raised_at, a.level, a.name, a.text, a.icon, a.type, a.activity_id, a.kind, a.feedback, coalesce((a.evidence->>'estimated')::boolean, false) as estimated";

export async function presentAlerts(db: Queryable, rows: readonly AlertRow[]): Promise<Alert[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id).join(',');
  const [viewings, assessments] = await Promise.all([
    db.query<{ alert_id: number; viewed_at: number }>(
      `select alert_id, viewed_at from infocare_alert_viewings
        where alert_id = any(string_to_array($1, ',')::int[]) order by viewed_at, id`,
      [ids],
    ),
    db.query<{ alert_id: number; correct: boolean; assessed_at: number }>(
      `select alert_id, correct, assessed_at from infocare_alert_assessments
        where alert_id = any(string_to_array($1, ',')::int[]) order by assessed_at, id`,
      [ids],
    ),
  ]);
  return rows.map((r) => {
    const own = assessments.rows.filter((a) => a.alert_id === r.id);
    return {
      id: r.id,
      timestamp: r.raised_at,
      level: r.level,
      name: r.name,
      text: r.text,
      icon: r.icon,
      type: r.type,
      viewings: viewings.rows.filter((v) => v.alert_id === r.id).map((v) => ({ timestamp: v.viewed_at })),
      assessments: own.map((a) => ({ correct: a.correct, timestamp: a.assessed_at })),
      feedback: r.feedback !== null,
      correct: own.at(-1)?.correct ?? null,
      ...(r.estimated ? { estimated: true as const } : {}),
    };
  });
}
