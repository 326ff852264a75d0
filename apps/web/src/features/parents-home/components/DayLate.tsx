import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../../shared/api';
import { infoCareKey } from '../alerts/queries';

// A home known only from its meter's half-hours, a day late (issue 36): half-hours show how much was used,
// not which appliance, and nothing of today. The screens that list appliance uses say so rather than
// "No appliances used", which half-hours cannot tell. The server says which kind of home it is (the days'
// answer, `day_late`), by the rule its alerts follow.

/** Days asked: enough to know whether the home has half-hours at all (a plug-only home has none). */
const DAYS_ASKED = 28;

/** The dependant's recent days from the meter's half-hours (one query, shared by every screen). */
export function useDays(dependantId: number) {
  return useQuery({
    queryKey: [...infoCareKey(dependantId), 'days', DAYS_ASKED],
    queryFn: ({ signal }) =>
      call('days', { fields: { dependant_user_id: dependantId, days: DAYS_ASKED }, signal }),
  });
}

/** True once the server has said the home is known from half-hours a day late; false until then. */
export const useDayLate = (dependantId: number): boolean => useDays(dependantId).data?.day_late === true;

/** An empty list of uses, said of a day-late home. */
export const DAY_LATE_NO_USES = "None known: the meter's half-hours do not show which appliances ran.";

/** The note at the top of Activities and Appliances for a day-late home; nothing for any other. */
export function DayLateNote({ dependantId }: { dependantId: number }) {
  if (!useDayLate(dependantId)) return null;
  return (
    <section className="routine" aria-label="How this home is known">
      <p className="routine__sentence">
        From the meter's half-hours, a day late: they show how much was used, not which appliances ran. How
        each day went is on <Link to="/parents-home">Alerts</Link> (yesterday, from the meter) and{' '}
        <Link to="/parents-home/trends">Trends</Link>.
      </p>
    </section>
  );
}
