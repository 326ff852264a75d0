import { Link, useLocation, useSearchParams } from 'react-router';
import { loginReturningTo } from '../../auth/session';
import { errorMessage } from '../../../shared/api';
import { useStoredUser } from '../../../shared/useStoredUser';
import { Alert } from '../../../shared/ui/Alert';
import { useAcceptInvite } from '../carers/queries';
import { AccountLayout } from '../components/AccountLayout';

/**
 * /account/infocare/carers/accept?token=… (issue 25): the emailed invitation. Public, so a visitor who is
 * not signed in is asked to sign in first, and comes back here, token and all (/login's `next`).
 * Joining is a button (a link opened by a mail scanner must not accept it); used or expired links say so.
 */
export function AcceptInvitePage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvite();
  const user = useStoredUser();
  if (!user) {
    return (
      <AccountLayout title="Join as a carer" dashboards={false}>
        <Alert tone="info">
          Sign in to your HomeView &amp; InfoCare account first: you will come back to this invitation.
        </Alert>
        <p>
          <Link
            to={loginReturningTo(`${location.pathname}${location.search}`)}
            className="button button--primary"
          >
            Sign in
          </Link>
        </p>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Join as a carer" back={{ to: '/account', label: 'Account' }}>
      {accept.isSuccess ? (
        <>
          <Alert tone="info">{accept.data.detail}</Alert>
          {/* Sent to another address: it waits for its sender, and the home is not open yet (issue 34.7). */}
          {accept.data.joined ? (
            <p>
              <Link to="/" className="button button--primary">
                See {accept.data.dependant}'s home
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p>
            You were invited to share looking after someone's home with InfoCare: you will see their alerts,
            and the other carers will see when you are on one.
          </p>
          {token === '' ? (
            <Alert tone="danger">
              This link has no invitation in it. Open the link from the email again.
            </Alert>
          ) : null}
          {accept.isError ? <Alert tone="danger">{errorMessage(accept.error)}</Alert> : null}
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={token === '' || accept.isPending}
              onClick={() => accept.mutate(token)}
            >
              Join as a carer
            </button>
          </p>
        </>
      )}
    </AccountLayout>
  );
}
