import type { DashboardItem } from '@homeview/contract/web';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useStoredUser } from '../../shared/useStoredUser';
import { afterLoginPath, cameFromLogin } from '../auth/session';

/**
 * Spec §4 "After login": once the dashboards are loaded, a user who has just logged in goes to
 * /initial-setup (not set up) or /parents-home (alerts), or stays here. The router state is replaced either
 * way, so a reload or Back never redirects again. Returns the path being left for, or null.
 */
export function useAfterLoginRedirect(dashboard: DashboardItem[] | undefined): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useStoredUser();
  const target =
    cameFromLogin(location.state) && dashboard && user
      ? afterLoginPath(user.already_set_up, dashboard)
      : null;

  useEffect(() => {
    if (target !== null) navigate(target, { replace: true });
  }, [target, navigate]);

  return target === '/' ? null : target;
}
