import {
  type ActivitySingle,
  type Alert,
  type AlertsResponse,
  alertLevelLabel,
  type UnviewedCounts,
} from '@homeview/contract/web';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../../shared/api';
import { nowSeconds } from '../../../shared/clock';
import { LIVE_REFRESH_MS } from '../../../shared/queryClient';
import { dashboardQueryKey } from '../../chooser/queries';

/** spec-decisions "Alert pages": 20 alerts a page; a shorter page is the last. */
export const ALERTS_PAGE_SIZE = 20;

export const infoCareKey = (dependantId: number) => ['infocare', dependantId] as const;
export const alertsKey = (dependantId: number) => [...infoCareKey(dependantId), 'alerts'] as const;

/**
 * The alerts, newest first, a page at a time: the first page is asked with now (spec §7), the next with
 * the oldest alert's timestamp.
 */
export function useAlertPages(dependantId: number) {
  return useInfiniteQuery({
    queryKey: alertsKey(dependantId),
    queryFn: ({ pageParam, signal }) =>
      call('alerts', {
        fields: { dependant_user_id: dependantId, timestamp: pageParam ?? nowSeconds() },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: AlertsResponse) =>
      last.alerts.length < ALERTS_PAGE_SIZE ? undefined : last.alerts[last.alerts.length - 1]?.timestamp,
    // An alert raised while the carer watches the page appears on it.
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/**
 * What the carer can say about an alert: seen it, right or wrong, or a few words (one at a time); and
 * (issue 25) "I'm on it" or resolved, with an optional note.
 */
export type AlertAnswer =
  | { viewed: true }
  | { correct: boolean }
  | { feedback: string }
  | { take: true }
  | { take_over: true }
  | { resolve: true; note?: string };

/**
 * Puts the server's copy of an alert in every list that shows it (spec §4: replaced by id). A first
 * viewing takes the alert off the counters the first page carries (they count every page, loaded or not).
 */
export function replaceAlert(queryClient: QueryClient, dependantId: number, alert: Alert): void {
  const swap = (list: Alert[]) => list.map((a) => (a.id === alert.id ? alert : a));
  queryClient.setQueryData<InfiniteData<AlertsResponse>>(alertsKey(dependantId), (data) => {
    if (!data) return data;
    const before = data.pages.flatMap((p) => p.alerts).find((a) => a.id === alert.id);
    const seen = (!before || needsAttention(before)) && !needsAttention(alert);
    return {
      ...data,
      pages: data.pages.map((p, i) => ({
        ...p,
        alerts: swap(p.alerts),
        ...(i === 0 && p.unviewed && seen ? { unviewed: lessOne(p.unviewed, alert) } : {}),
      })),
    };
  });
  queryClient.setQueriesData<ActivitySingle>(
    { queryKey: [...infoCareKey(dependantId), 'activity'] },
    (data) => (data ? { ...data, alerts: swap(data.alerts) } : data),
  );
}

export function useAlertAnswer(dependantId: number, alertId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: AlertAnswer) =>
      call('alertFeedback', {
        fields: {
          dependant_user_id: dependantId,
          id: alertId,
          ...answer,
          ...('correct' in answer || 'feedback' in answer ? { assessment_timestamp: nowSeconds() } : {}),
        },
      }),
    onSuccess: (alert) => {
      replaceAlert(queryClient, dependantId, alert);
      // The chooser's tile counts alerts with no viewings.
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    },
  });
}

/** Alerts that need attention: no viewings yet (spec §2.3). */
export const needsAttention = (alert: Alert): boolean => alert.viewings.length === 0;

function lessOne(counts: UnviewedCounts, alert: Alert): UnviewedCounts {
  const label = alertLevelLabel(alert.level);
  const down = (n: number, hit: boolean) => (hit ? Math.max(0, n - 1) : n);
  return {
    total: down(counts.total, true),
    urgent: down(counts.urgent, label === 'Urgent'),
    investigate: down(counts.investigate, label === 'Investigate'),
  };
}
