import { Navigate, Outlet } from 'react-router';
import { useStoredUser } from '../useStoredUser';

/** Protected routes (spec §2, §6): without a stored user, go to /login. A 401 clears it, so it sends there too. */
export function RequireUser() {
  const user = useStoredUser();
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}
