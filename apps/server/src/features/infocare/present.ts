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
  const [viewings, assessments, handling, closed] = await Promise.all([
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
    closedOf(db, ids),
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
      closed: closed.get(r.id) ?? null,
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

/**
 * Alerts whose situation ended by itself (issue 33: "the oven went off at 21:52"), by id. The engine marks
 * an alert cleared when it next looks (up to 15 minutes late after a stop), so the time is the situation's
 * own where the uses tell it: the end of the appliance's last use in the run that raised a long-on alert,
 * the first use after a silence or a morning without one (a fridge-freezer's day-long event is nobody's
 * use); else when the engine saw it end.
 */
async function closedOf(db: Queryable, ids: string): Promise<Map<number, { at: number; reason: string }>> {
  const { rows } = await db.query<{ id: number; kind: string; name: string; at: number; used: boolean }>(
    `select a.id, a.kind, a.name, u.at is not null as used, least(a.cleared_at, coalesce(u.at, a.cleared_at)) as at
       from infocare_alerts a
       cross join lateral (select case
              when a.kind = 'long_on' then
                (select max(e.end_ts)
                   from uses_between(a.house_id, (a.evidence->>'on_since')::bigint, a.cleared_at) e
                  where e.appliance_type_id = split_part(a.cause, ':', 2)::int)
              when a.kind in ('inactivity', 'morning') then
                (select min(e.start_ts)
                   from uses_between(a.house_id,
                                     coalesce((a.evidence->>'last_seen_at')::bigint, a.raised_at - 86400) + 1,
                                     a.cleared_at + 1) e
                   join appliance_types t on t.id = e.appliance_type_id and not t.continuous)
              end as at) u
      where a.id = any(string_to_array($1, ',')::int[]) and a.cleared_at is not null`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { at: Number(r.at), reason: closedReason(r.kind, r.name, r.used) }]));
}

/** `used`: a use ended the situation; else the engine stopped watching it (a silence at the day's end). */
function closedReason(kind: string, name: string, used: boolean): string {
  if (kind === 'long_on') return `the ${name.replace(/ left on$/, '').toLowerCase()} went off`;
  if ((kind === 'inactivity' || kind === 'morning') && !used) return 'the day ended with nothing used';
  if (kind === 'morning') return 'the day started';
  if (kind === 'inactivity') return 'something was used again';
  if (kind === 'no_data') return 'readings came again';
  // An unusual hour is one use: nothing lasts to end.
  return 'a single use';
}
