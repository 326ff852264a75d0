import { addDays, DEFAULT_TIME_ZONE, instantOfLocal, localParts, weekdayOfDate } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { energySummary } from './report-energy';

// Email reports by `email_report` (1 daily, 2 weekly, 3 monthly), at 07:00 in the home's zone, about the
// period just ended: the energy summary against the period before (report-energy.ts: electricity, and gas
// beside it where the home has gas) and, for a carer, the dependant's alerts and activity. Sent once per user and period (email_reports_sent), retried next run on failure.

export const REPORT_HOUR = 7;

interface Recipient {
  user_id: number;
  email: string | null;
  code: number;
  house_id: number | null;
  time_zone: string | null;
  dependant_house_id: number | null;
  dependant_zone: string | null;
  dependant_name: string | null;
}

/** [first, next) local dates of the period a report sent on `today` covers, or null if none is due. */
export function reportPeriod(
  code: number,
  today: string,
): { key: string; from: string; to: string; prevFrom: string } | null {
  if (code === 1)
    return {
      key: `daily:${addDays(today, -1)}`,
      from: addDays(today, -1),
      to: today,
      prevFrom: addDays(today, -2),
    };
  if (code === 2 && weekdayOfDate(today) === 1)
    return {
      key: `weekly:${addDays(today, -7)}`,
      from: addDays(today, -7),
      to: today,
      prevFrom: addDays(today, -14),
    };
  if (code === 3 && today.endsWith('-01')) {
    const [y, m] = today.split('-').map(Number) as [number, number];
    const from = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
    const [py, pm] = from.split('-').map(Number) as [number, number];
    const prevFrom = pm === 1 ? `${py - 1}-12-01` : `${py}-${String(pm - 1).padStart(2, '0')}-01`;
    return { key: `monthly:${from}`, from, to: today, prevFrom };
  }
  return null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends every report due at `now`; returns how many went. */
export async function sendDueReports(db: Queryable, mailer: Mailer, now: number): Promise<number> {
  const { rows } = await db.query<Recipient>(
    `select s.user_id, u.email, s.email_report::int as code, h.id as house_id, h.time_zone,
            dh.id as dependant_house_id, dh.time_zone as dependant_zone, dh.name as dependant_name
       from user_settings s join users u on u.id = s.user_id and not u.disabled
       left join houses h on h.owner_user_id = s.user_id
       left join lateral (select l.dependant_user_id from carer_links l where l.carer_user_id = s.user_id
                            and l.accepted_at is not null order by l.id limit 1) l on true
       left join houses dh on dh.owner_user_id = l.dependant_user_id
      where s.email_report > 0 and u.email is not null`,
  );
  let sent = 0;
  for (const r of rows) {
    const zone = r.time_zone ?? r.dependant_zone ?? DEFAULT_TIME_ZONE;
    const local = localParts(now, zone);
    if (local.hour < REPORT_HOUR) continue;
    const period = reportPeriod(r.code, local.date);
    if (!period || !r.email) continue;
    if (now < instantOfLocal(local.date, REPORT_HOUR * 3600, zone)) continue;
    const claimed = await db.query(
      'insert into email_reports_sent (user_id, period_key, sent_at) values ($1, $2, $3) on conflict do nothing',
      [r.user_id, period.key, now],
    );
    if (claimed.rowCount === 0) continue;
    try {
      await mailer.send(await composeReport(db, r, period, now));
      sent += 1;
    } catch {
      // Not sent: forget the claim so the next run tries again.
      await db.query('delete from email_reports_sent where user_id = $1 and period_key = $2', [
        r.user_id,
        period.key,
      ]);
    }
  }
  return sent;
}

async function composeReport(
  db: Queryable,
  r: Recipient,
  period: { key: string; from: string; to: string; prevFrom: string },
  now: number,
): Promise<{ to: string; subject: string; text: string; html: string }> {
  const kind = period.key.split(':')[0] as string;
  const lines: string[] = [];
  const html: string[] = [];
  const houseId = r.house_id ?? r.dependant_house_id;
  if (houseId !== null) {
    for (const line of await energySummary(db, houseId, period, now)) {
      lines.push(line);
      html.push(`<p>${escapeHtml(line)}</p>`);
    }
  }
  if (r.dependant_house_id !== null) {
    const zone = r.dependant_zone ?? DEFAULT_TIME_ZONE;
    const from = instantOfLocal(period.from, 0, zone);
    const to = instantOfLocal(period.to, 0, zone);
    const { rows: alerts } = await db.query<{ name: string; level: string; raised_at: number }>(
      `select name, level, raised_at from infocare_alerts where house_id = $1 and raised_at >= $2 and raised_at < $3
        order by raised_at`,
      [r.dependant_house_id, from, to],
    );
    const { rows: uses } = await db.query<{ n: number }>(
      `select count(*)::int as n from uses_between($1, $2, $3) e join appliance_types t on t.id = e.appliance_type_id
        where not t.continuous`,
      [r.dependant_house_id, from, to],
    );
    const head = `${r.dependant_name ?? 'Your dependant'}: ${uses[0]?.n ?? 0} appliance uses, ${alerts.length} alert${alerts.length === 1 ? '' : 's'}.`;
    lines.push(head, ...alerts.map((a) => `- ${a.level}: ${a.name}`));
    html.push(`<p>${escapeHtml(head)}</p>`);
    if (alerts.length > 0)
      html.push(`<ul>${alerts.map((a) => `<li>${escapeHtml(`${a.level}: ${a.name}`)}</li>`).join('')}</ul>`);
  }
  return {
    to: r.email as string,
    subject: `Your ${kind} HomeView & InfoCare report`,
    text: lines.join('\n'),
    html: `<!doctype html><html><body>${html.join('')}</body></html>`,
  };
}
