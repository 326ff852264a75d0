import type { EndpointRequest } from '@homeview/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api';
import { dashboardQueryKey } from '../../chooser/queries';

// The carers of the dependant's home and their check-in setting (issue 25), keyed by the dependant.

export const carersKey = (dependantId: number | null) => ['account', 'carers', dependantId] as const;
export const checkInKey = (dependantId: number | null) => ['account', 'checkIn', dependantId] as const;

export function useCarers(dependantId: number | null) {
  return useQuery({
    queryKey: carersKey(dependantId),
    queryFn: ({ signal }) => call('carers', { fields: { dependant_user_id: dependantId as number }, signal }),
    enabled: dependantId !== null,
  });
}

export function useInvite(dependantId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      call('carerInvite', { fields: { dependant_user_id: dependantId as number, email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carersKey(dependantId) }),
  });
}

/** The sender's answer to an invitation opened from another address (issue 34.7). */
export function useDecideHeld(dependantId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inviteId, confirm }: { inviteId: number; confirm: boolean }) =>
      call('carerConfirm', {
        fields: { dependant_user_id: dependantId as number, invite_id: inviteId, confirm },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carersKey(dependantId) }),
  });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call('carerAccept', { fields: { token } }),
    // The chooser's tiles now include the home just joined.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

export function useCheckIn(dependantId: number | null) {
  return useQuery({
    queryKey: checkInKey(dependantId),
    queryFn: ({ signal }) =>
      call('checkInGet', { fields: { dependant_user_id: dependantId as number }, signal }),
    enabled: dependantId !== null,
  });
}

export function useSaveCheckIn(dependantId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: EndpointRequest<'checkInPost'>) => call('checkInPost', { fields }),
    onSuccess: (answer) => queryClient.setQueryData(checkInKey(dependantId), answer),
  });
}
