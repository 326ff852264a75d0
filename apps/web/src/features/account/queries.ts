import type { EndpointName, EndpointRequest, EndpointResponse } from '@homeview/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';

// Reads and writes of the account screens, keyed by call and user id, so a save refreshes what it changed.

type ReadName =
  | 'settingsGet'
  | 'holidayModeGet'
  | 'noDisturbModeGet'
  | 'setupGet'
  | 'listAppliances'
  | 'tariffGet';

export const accountKey = (name: EndpointName, userId: number | null, extra?: number) =>
  ['account', name, userId, extra] as const;

export function useAccountRead<K extends ReadName>(name: K, userId: number | null) {
  return useQuery({
    queryKey: accountKey(name, userId),
    queryFn: ({ signal }) =>
      call(name, { fields: { user_id: userId } as EndpointRequest<K>, signal }) as Promise<
        EndpointResponse<K>
      >,
    enabled: userId !== null,
  });
}

/** A write whose answer is the new state of `readName` (the server answers with it). */
export function useAccountWrite<K extends EndpointName>(name: K, readName: ReadName, userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation<EndpointResponse<K>, Error, EndpointRequest<K>>({
    mutationFn: (fields) => call(name, { fields }),
    onSuccess: (answer) => queryClient.setQueryData(accountKey(readName, userId), answer),
  });
}

/** The home's supplier accounts (the Supplier data screen's read), asked only when `enabled`. */
export const suppliersQuery = (userId: number | null, enabled = true) =>
  queryOptions({
    queryKey: accountKey('suppliersGet', userId),
    queryFn: ({ signal }) => call('suppliersGet', { fields: { user_id: userId ?? 0 }, signal }),
    enabled: enabled && userId !== null,
  });

/**
 * The zone (IANA name) of the home `userId` names, so a screen types and shows its times on that home's
 * clock whatever the browser's: the Supplier data answer is the lightest that says it (same cache).
 */
export function useHomeZone(userId: number | null) {
  return useQuery({ ...suppliersQuery(userId), select: (answer) => answer.time_zone });
}

/** The server's push key (null: push is off there, VAPID_SUBJECT unset); it changes only at a restart. */
export const pushKeyQuery = queryOptions({
  queryKey: ['push', 'key'] as const,
  queryFn: ({ signal }) => call('pushKey', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Whether this server sends push at all: false only once it has said so (unknown is not "off"). */
export function usePushOff(): boolean {
  return useQuery({ ...pushKeyQuery, select: (answer) => answer.public_key === null }).data === true;
}
