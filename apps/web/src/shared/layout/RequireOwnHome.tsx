import { Link, Outlet, useParams } from 'react-router';
import { getHouseId } from '../storage';
import { useStoredUser } from '../useStoredUser';
import { Page } from './Page';
import { SiteHeader } from './SiteHeader';

// HomeView's screens and settings are for the account's own home (the login answer's type 1 item). An
// account without one (a carer who only looks in on someone) is told so here, once for every such
// screen, instead of a "user_id must be a positive number" from a call made with no id (issue 33).

/** Whether the signed-in account has a home of its own in HomeView. */
export function useHasOwnHome(): boolean {
  const user = useStoredUser();
  return user?.user_id != null && getHouseId() !== null;
}

/**
 * Routes of the account's own home: their screen, or what to do without one. `level` guards the
 * /account/:level settings, which are the own home's only for `homeview` (InfoCare's are the dependant's).
 */
export function RequireOwnHome({ level = false }: { level?: boolean }) {
  const params = useParams();
  const own = useHasOwnHome();
  if (own || (level && params.level !== 'homeview')) return <Outlet />;
  return <NoOwnHome />;
}

function NoOwnHome() {
  const user = useStoredUser();
  const dependant =
    user?.dependant_user_id != null ? (user.dependant_title ?? 'the home you look after') : null;
  return (
    <>
      <SiteHeader>
        <Link to="/" className="header-link">
          Dashboards
        </Link>
      </SiteHeader>
      <Page width="narrow" className="no-home stack">
        <h1 className="no-home__title">You have no home of your own in HomeView</h1>
        <p>
          HomeView shows the energy of your own home. This account has none: ask whoever runs this HomeView to
          add a home for your account, then sign out and in again to see it here.
        </p>
        <p className="no-home__links">
          {dependant ? (
            <Link to="/parents-home" className="button button--primary">
              Look in on {dependant}
            </Link>
          ) : null}
          <Link to="/" className="button button--secondary">
            Your Dashboards
          </Link>
        </p>
      </Page>
    </>
  );
}
