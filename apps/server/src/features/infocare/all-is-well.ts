import {
  addDays,
  allIsWell,
  dayWords,
  instantOfLocal,
  isDayLate,
  localParts,
  type QuietModes,
  type YesterdayJudged,
  yesterdayIsWell,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { loadSituation } from './engine';
import { bandedDays } from './half-hour-days';
import type { InfocareHouse } from './repository';
import type { Senders } from './notify';
import { routineCacheOf } from './routine-cache';

// The daily "all is well" (issue 25): for each carer who asked (shared/all-is-well.ts, set through the
// settings), from their chosen local time in the dependant's zone, every timer run judges the day (domain
// allIsWell) until it is sent: once per carer, dependant and local day, even across restarts and processes.
// The day is claimed first (infocare_all_is_well_days, one statement), then sent with no transaction open
// through the one mail, SMS and push modules, and the claim forgotten when nothing went, so a later run tries again.
// A day that cannot have one (an alert, a morning later than usual) is recorded as such and not judged again.
// A home known only from its meter's half-hours, a day late (issue 36), gets yesterday instead, in words,
// once the day-late judgement (day-late.ts) found it an ordinary day.

interface Subscriber extends QuietModes {
  carer_user_id: number;
  dependant_user_id: number;
  channels: number;
  at_minute: number;
  email: string | null;
  phone: string | null;
  house_id: number;
  time_zone: string;
  house_name: string;
  has_modes: boolean;
}

/** Sends every all-is-well message due at `now`; returns how many went. */
export async function sendAllIsWell(db: Queryable, senders: Senders, now: number): Promise<number> {
  const { rows } = await db.query<Subscriber>(
    `select p.carer_user_id, p.dependant_user_id, p.channels, p.at_minute, u.email, u.phone,
            h.id as house_id, h.time_zone, h.name as house_name, m.user_id is not null as has_modes,
            m.holiday_status, m.holiday_start, m.holiday_end, m.dnd_status, m.dnd_start, m.dnd_end
       from infocare_all_is_well p
       join carer_links l on l.carer_user_id = p.carer_user_id and l.dependant_user_id = p.dependant_user_id
                         and l.accepted_at is not null
       join users u on u.id = p.carer_user_id and not u.disabled
       join houses h on h.owner_user_id = p.dependant_user_id
       left join user_modes m on m.user_id = p.carer_user_id
      where p.channels > 0
      order by p.carer_user_id, p.dependant_user_id`,
  );
  let sent = 0;
  for (const s of rows) {
    const local = localParts(now, s.time_zone);
    if (local.minuteOfDay < s.at_minute) continue;
    const midnight = instantOfLocal(local.date, 0, s.time_zone);
    // An alert made today a day with an alert when it was raised today, or was still open at midnight
    // (neither cleared by the engine nor resolved by a carer before then).
    const { rows: known } = await db.query<{ judged: boolean; alert: boolean }>(
      `select exists (select 1 from infocare_all_is_well_days where carer_user_id = $1
                        and dependant_user_id = $2 and day = $3::date) as judged,
              exists (select 1 from infocare_alerts where house_id = $4 and raised_at <= $5
                        and (raised_at >= $6 or (cleared_at is null and resolved_at is null)
                             or cleared_at >= $6 or resolved_at >= $6)) as alert`,
      [s.carer_user_id, s.dependant_user_id, local.date, s.house_id, now, midnight],
    );
    if (known[0]?.judged) continue;
    const house = { id: s.house_id, owner_user_id: s.dependant_user_id, time_zone: s.time_zone };
    const situation = await loadSituation(db, house, now, routineCacheOf(db));
    const alertToday = known[0]?.alert ?? true;
    const modes = s.has_modes ? s : null;
    const dayLate = isDayLate(situation);
    const outcome = dayLate
      ? yesterdayIsWell({
          now,
          zone: s.time_zone,
          ...(await yesterdayJudged(db, house, local.date)),
          alertToday,
          modes,
        })
      : allIsWell({ ...situation, alertToday, modes });
    const record = (outcome: 'sent' | 'alert' | 'not_as_usual', text: string | null) =>
      db.query(
        `insert into infocare_all_is_well_days (carer_user_id, dependant_user_id, day, judged_at, outcome, text)
         values ($1, $2, $3::date, $4, $5, $6) on conflict do nothing`,
        [s.carer_user_id, s.dependant_user_id, local.date, now, outcome, text],
      );
    if (!outcome.send) {
      // Nothing later today changes these: an alert was open, or the morning started later than usual.
      if (outcome.why === 'alert' || outcome.why === 'not_as_usual') await record(outcome.why, null);
      continue;
    }
    const text = `${outcome.sentence}.`;
    const claimed = await record('sent', text);
    if (claimed.rowCount === 0) continue;
    const title = dayLate
      ? `InfoCare: yesterday at ${s.house_name}`
      : `InfoCare: all is well at ${s.house_name}`;
    if (await deliver(s, title, text, senders, now)) sent += 1;
    else
      await db.query(
        'delete from infocare_all_is_well_days where carer_user_id = $1 and dependant_user_id = $2 and day = $3::date',
        [s.carer_user_id, s.dependant_user_id, local.date],
      );
  }
  return sent;
}

/** How the day-late judgement found the day before `today`, and that day in words when it was ordinary. */
async function yesterdayJudged(
  db: Queryable,
  house: InfocareHouse,
  today: string,
): Promise<{ judged: YesterdayJudged; words: string[] }> {
  const yesterday = addDays(today, -1);
  const { rows } = await db.query<{ outcome: Exclude<YesterdayJudged, null> }>(
    'select outcome from infocare_day_judgements where house_id = $1 and day = $2::date',
    [house.id, yesterday],
  );
  const judged = rows[0]?.outcome ?? null;
  if (judged !== 'ordinary') return { judged, words: [] };
  const [banded] = await bandedDays(db, house, yesterday, yesterday);
  const words = banded?.day && banded.bands ? dayWords(banded.day, banded.bands, banded.before) : [];
  return { judged, words };
}

/** A day's message may wait on an offline phone until the evening, no later (s). */
const ALL_IS_WELL_PUSH_TTL_S = 12 * 3600;

/** Sends by each channel asked (a push that reaches no browser goes by email instead); true when one went. */
async function deliver(
  s: Subscriber,
  title: string,
  text: string,
  senders: Senders,
  now: number,
): Promise<boolean> {
  let went = false;
  let pushMissed = false;
  if (s.channels & 4) {
    const outcome = await senders.push
      ?.send(
        s.carer_user_id,
        {
          title,
          body: text,
          url: '/parents-home',
          // Today's replaces yesterday's on the phone.
          topic: `well-${s.dependant_user_id}`,
          ttlS: ALL_IS_WELL_PUSH_TTL_S,
          urgency: 'normal',
        },
        now,
      )
      .catch(() => null);
    if (outcome && outcome.delivered > 0) went = true;
    else pushMissed = true;
  }
  if ((s.channels & 1 || pushMissed) && s.email) {
    try {
      await senders.mailer.send({
        to: s.email,
        subject: title,
        text: `${text}\n\nThe daily message you asked for in InfoCare's alert settings.`,
      });
      went = true;
    } catch {
      // Not sent: another channel may still go; with none, the claim is forgotten.
    }
  }
  if (s.channels & 2 && s.phone) {
    try {
      await senders.sms.send(s.phone, `${title}. ${text}`);
      went = true;
    } catch {
      // As above.
    }
  }
  return went;
}
