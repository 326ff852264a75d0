import type { DashboardResponse } from '@homeview/contract/web';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api';

export const dashboardQueryKey = ['dashboard'] as const;

export function useDashboards() {
  return useQuery<DashboardResponse>({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => call('dashboard', { signal }),
  });
}
