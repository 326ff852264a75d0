import type { EndpointRequest, Tariff } from '@homeview/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { accountKey } from '../account/queries';

/**
 * POST /tariff_setting/. The answer is the tariff now in force, so the overview shows it at once; every
 * other cached figure (HomeView's costs, InfoCare's) is refetched, since the server repriced them.
 */
export function useSaveTariff(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation<Tariff, Error, EndpointRequest<'tariffPost'>>({
    mutationFn: (fields) => call('tariffPost', { fields }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(accountKey('tariffGet', userId), answer);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'account' });
    },
  });
}
