import type { EndpointRequest, Fuel, ViewType } from '@homeview/contract/web';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call, hrefFor } from '../../shared/api';
import { nowSeconds } from '../../shared/clock';
import { LIVE_REFRESH_MS } from '../../shared/queryClient';
import { useStoredUser } from '../../shared/useStoredUser';
import { readToday, todayKey } from './todayRead';

// HomeView's calls (spec §7), always for the stored user's own home.

export function useUserId(): number {
  return useStoredUser()?.user_id ?? 0;
}

/** /my-home's read (see todayRead.ts: the app's entry may have sent it already). */
export const todayQuery = (user_id: number) =>
  queryOptions({
    queryKey: todayKey(user_id),
    queryFn: ({ signal }) => readToday(user_id, signal),
    refetchInterval: LIVE_REFRESH_MS,
  });

export function useToday() {
  return useQuery(todayQuery(useUserId()));
}

/** Today's gas (`?fuel=gas`), asked only for a home with gas, as often as today's electricity. */
export function useTodayGas(enabled: boolean) {
  const user_id = useUserId();
  return useQuery({
    queryKey: [...todayKey(user_id), 'gas'],
    queryFn: ({ signal }) =>
      call('energyToday', { fields: { user_id, timestamp: nowSeconds(), fuel: 'gas' }, signal }),
    refetchInterval: LIVE_REFRESH_MS,
    enabled,
  });
}

export type DetailScale = EndpointRequest<'energyDetail'>['timescale'];

/** A period's detail; electricity's is asked as spec §7 writes the call (no `fuel`), gas with `fuel=gas`. */
export function useDetail(
  timescale: DetailScale,
  timestamp: number | undefined,
  enabled = true,
  fuel: Fuel = 'electricity',
) {
  const user_id = useUserId();
  const gas = fuel === 'gas';
  return useQuery({
    queryKey: ['energy-detail', user_id, timescale, timestamp ?? null, ...(gas ? ['gas'] : [])],
    queryFn: ({ signal }) =>
      call('energyDetail', {
        fields: { user_id, timescale, timestamp, ...(gas ? { fuel } : {}) },
        signal,
      }),
    enabled,
  });
}

/**
 * Tariffs compared (issue 37) over the last 12 complete months, or as many as the home has; with
 * `moveKwh`, also as if that much a day had moved from 16:00–19:00. The last answer stays on screen while
 * a new move is priced, so the form keeps its place and focus.
 */
export function useCompare(moveKwh?: number) {
  const user_id = useUserId();
  return useQuery({
    queryKey: ['energy-compare', user_id, moveKwh ?? null],
    queryFn: ({ signal }) =>
      call('energyCompare', {
        // The field is sent as typed (kWh, one decimal); the contract parses it to Wh on the server.
        fields: { user_id, months: 12, ...(moveKwh === undefined ? {} : { move_kwh: moveKwh }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The coming half-hours' prices and carbon (issue 37), asked again every half-hour's worth of minutes. */
export function useTimes() {
  const user_id = useUserId();
  return useQuery({
    queryKey: ['energy-times', user_id],
    queryFn: ({ signal }) => call('energyTimes', { fields: { user_id }, signal }),
    refetchInterval: 5 * 60_000,
  });
}

/** The monthly table of /my-home/tariffs as a CSV file (`format=csv`): the same 12 months, the same pennies. */
export function useCompareCsvHref(): string {
  return hrefFor('energyCompare', { user_id: useUserId(), months: 12, format: 'csv' });
}

export function useTimeline(timestamp: number | undefined) {
  const user_id = useUserId();
  return useQuery({
    queryKey: ['timeline', user_id, timestamp ?? null],
    // Today (no timestamp) is asked as now, as spec §7 writes the call; now is taken at each fetch.
    queryFn: ({ signal }) =>
      call('applianceTimeline', { fields: { user_id, timestamp: timestamp ?? nowSeconds() }, signal }),
  });
}

export function useRanking(timescale: 'week' | 'month') {
  const user_id = useUserId();
  return useQuery({
    queryKey: ['rankings', user_id, timescale],
    queryFn: ({ signal }) => call('userRankings', { fields: { user_id, timescale }, signal }),
  });
}

export function useAppliances(view_type: ViewType) {
  const user_id = useUserId();
  return useQuery({
    queryKey: ['appliances', user_id, view_type],
    queryFn: ({ signal }) => call('appliances', { fields: { user_id, view_type }, signal }),
  });
}

export function useApplianceDetail(id: number) {
  const user_id = useUserId();
  return useQuery({
    queryKey: ['appliance', user_id, id],
    queryFn: ({ signal }) => call('appliance', { fields: { user_id }, params: { id }, signal }),
  });
}

export function useSendFeedback() {
  const user_id = useUserId();
  return useMutation({
    mutationFn: (feedback: string) => call('feedback', { fields: { user_id, feedback } }),
  });
}
