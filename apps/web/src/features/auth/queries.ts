import type { LoginRequest, LoginResponse } from '@homeview/contract/web';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { forgetThisBrowser } from '../../shared/push';
import { clearSession, getCsrfToken, saveSession } from '../../shared/storage';
import { dashboardQueryKey } from '../chooser/queries';
import { sessionFromLogin } from './session';

let pendingLogout: Promise<unknown> = Promise.resolve();

/**
 * Ends any existing session (spec §4: opening /login logs out). The server is told only when a CSRF token
 * is stored; its answer is ignored. Local state is cleared at once, so a second call is a no-op. This
 * browser's push subscription, if any, is removed first (issue 36).
 */
export function logOut(queryClient: QueryClient): void {
  const token = getCsrfToken();
  clearSession();
  queryClient.clear();
  if (token) {
    const remove = (endpoint: string) => call('pushUnsubscribe', { fields: { endpoint }, csrfToken: token });
    pendingLogout = forgetThisBrowser(remove)
      .catch(() => undefined)
      .then(() => call('logout', { csrfToken: token }))
      .catch(() => undefined);
  }
}

/** Logs in, stores the session (§3) and seeds the chooser's dashboard list with the login answer. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation<LoginResponse, Error, LoginRequest>({
    mutationFn: async (credentials) => {
      await pendingLogout; // never let an old logout land after the new login
      return call('login', { fields: credentials });
    },
    onSuccess: (response, credentials) => {
      saveSession(sessionFromLogin(credentials.username, response));
      queryClient.setQueryData(dashboardQueryKey, response.dashboard);
    },
  });
}
