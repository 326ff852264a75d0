import { messages } from '@homeview/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { BrandMark } from '../../../shared/ui/icons';
import { LoginForm } from '../components/LoginForm';
import { logOut, useLogin } from '../queries';
import { fromLoginState, safeNextPath } from '../session';

/**
 * /login (spec §2.1): opening it ends any session; a successful login goes to the chooser, or back to the
 * page that sent the visitor here (`?next=`, a path of this site only: see safeNextPath).
 */
export function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useLogin();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'), window.location.origin);

  useEffect(() => {
    logOut(queryClient);
  }, [queryClient]);

  const submit = (credentials: Parameters<typeof login.mutate>[0]) =>
    login.mutate(credentials, {
      onSuccess: () =>
        next === null
          ? navigate('/', { replace: true, state: fromLoginState })
          : navigate(next, { replace: true }),
    });

  return (
    <main id="main" tabIndex={-1} className="login">
      <div className="login__card">
        <div className="login__brand">
          <BrandMark className="login__mark" />
          <h1 className="login__title">HomeView &amp; InfoCare</h1>
          <p className="login__tagline">
            Your home's energy, and peace of mind about the homes you care for.
          </p>
        </div>
        {login.error ? <LoginError error={login.error} /> : null}
        <LoginForm pending={login.isPending} onSubmit={submit} />
        <p className="login__forgot">
          <Link to="/forgot-password">Forgotten your password?</Link>
        </p>
      </div>
    </main>
  );
}

function LoginError({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 401) {
    return (
      <Alert tone="danger">
        {messages.loginFailed} <Link to="/forgot-password">Reset your password</Link>
      </Alert>
    );
  }
  return <Alert tone="danger">{errorMessage(error)}</Alert>;
}
