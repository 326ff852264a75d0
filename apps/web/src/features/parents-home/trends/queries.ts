import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api';
import { infoCareKey } from '../alerts/queries';

/** Weeks the Trends tab shows (issue 25). */
export const TREND_WEEKS = 12;

/** The dependant's last 12 complete weeks and the changes called out. */
export function useTrends(dependantId: number) {
  return useQuery({
    queryKey: [...infoCareKey(dependantId), 'trends', TREND_WEEKS],
    queryFn: ({ signal }) =>
      call('trends', { fields: { dependant_user_id: dependantId, weeks: TREND_WEEKS }, signal }),
  });
}
