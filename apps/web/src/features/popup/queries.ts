import type { Popup } from '@homeview/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';

export const popupsQueryKey = ['popups'] as const;

/** Unread notices. A failure is not worth an alert on the chooser: the notice simply waits for next time. */
export function usePopups() {
  return useQuery<Popup[]>({
    queryKey: popupsQueryKey,
    queryFn: ({ signal }) => call('popupsGet', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Marks a notice read for good (spec §4 Popup; spec-decisions "Popups"). */
export function useMarkPopupRead() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, number>({
    mutationFn: (popupId) =>
      call('popupsPost', { fields: { popups_read: [{ popup_id: popupId, show_again: false }] } }),
    onSuccess: (_data, popupId) => {
      queryClient.setQueryData<Popup[]>(popupsQueryKey, (popups) =>
        popups?.filter((p) => p.popup_id !== popupId),
      );
    },
  });
}
