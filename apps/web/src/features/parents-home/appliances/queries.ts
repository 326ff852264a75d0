import type { ViewType } from '@homeview/contract/web';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api';
import { infoCareKey } from '../alerts/queries';

/** The dependant's appliances, most used, most costly or all (spec §2.3, §7). */
export function useAppliances(dependantId: number, viewType: ViewType) {
  return useQuery({
    queryKey: [...infoCareKey(dependantId), 'appliances', viewType],
    queryFn: ({ signal }) =>
      call('appliances', { fields: { user_id: dependantId, view_type: viewType }, signal }),
  });
}

/** One appliance's cost and usage against comparable homes. */
export function useAppliance(dependantId: number, applianceId: number) {
  return useQuery({
    queryKey: [...infoCareKey(dependantId), 'appliance', applianceId],
    queryFn: ({ signal }) =>
      call('appliance', { params: { id: applianceId }, fields: { user_id: dependantId }, signal }),
  });
}
