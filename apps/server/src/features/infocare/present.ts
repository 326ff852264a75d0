import type { Alert } from '@homeview/contract';
import type { Queryable } from '../../db/types';
import { DISPLAY_NAME } from './notification-text';

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

/** `viewerId`: the signed-in user, so a taken alert says whether they are the one on it (`taken.by_you`). */
export async function presentAlerts(
  db: Queryable,
  rows: readonly AlertRow[],
  viewerId: number,
): Promise<Alert[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id).join(',');
  const [viewings, assessments, handling] = await Promise.all([
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
    // Who is on it and who resolved it (issue 25), by display name; the dependant's own "OK" resolves
    // with no carer (their check-in name then).
    db.query<Handling>(
      `select a.id, a.taken_at, a.taken_by, ${DISPLAY_NAME('t')} as taken_name, a.resolved_at, a.resolved_note,
              case when a.resolved_by is null then c.name else ${DISPLAY_NAME('r')} end as resolved_name
         from infocare_alerts a
         left join users t on t.id = a.taken_by left join user_settings ts on ts.user_id = a.taken_by
         left join users r on r.id = a.resolved_by left join user_settings rs on rs.user_id = a.resolved_by
         left join infocare_check_ins c on c.alert_id = a.id
        where a.id = any(string_to_array($1, ',')::int[])
          and (a.taken_at is not null or a.resolved_at is not null)`,
      [ids],
    ),
  ]);
  const handled = new Map(handling.rows.map((h) => [h.id, h]));
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
      ...takenAndResolved(handled.get(r.id), viewerId),
      ...(r.estimated ? { estimated: true as const } : {}),
    };
  });
}

interface Handling {
  id: number;
  taken_at: number | null;
  taken_by: number | null;
  taken_name: string | null;
  resolved_at: number | null;
  resolved_note: string | null;
  resolved_name: string | null;
}

const FORMER = 'A former carer';

function takenAndResolved(h: Handling | undefined, viewerId: number): Pick<Alert, 'taken' | 'resolved'> {
  return {
    taken:
      h?.taken_at == null
        ? null
        : {
            by: h.taken_name ?? FORMER,
            at: Number(h.taken_at),
            by_you: h.taken_by !== null && Number(h.taken_by) === viewerId,
          },
    resolved:
      h?.resolved_at == null
        ? null
        : { by: h.resolved_name ?? FORMER, at: Number(h.resolved_at), note: h.resolved_note },
  };
}
