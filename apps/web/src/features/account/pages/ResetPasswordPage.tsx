import { messages, type PasswordResponse, validatePasswordReset } from '@homeview/contract/web';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { BrandMark } from '../../../shared/ui/icons';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { Spinner } from '../../../shared/ui/Spinner';
import { useLogin } from '../../auth/queries';
import { fromLoginState } from '../../auth/session';

// The link's token is read once and taken out of the address bar (RST-07), so it is not left in the
// history or shown over someone's shoulder. Kept here so a second render (StrictMode) still has it.
let taken: { token: string; expDate: number | null } = { token: '', expDate: null };

function takeLinkParams(): { token: string; expDate: number | null } {
  const params = new URLSearchParams(window.location.search);
  if (params.has('token')) {
    const exp = Number(params.get('exp_date'));
    taken = {
      token: params.get('token') ?? '',
      expDate: Number.isSafeInteger(exp) && exp > 0 ? exp : null,
    };
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return taken;
}

function Expired() {
  return (
    <Alert tone="danger">
      {messages.tokenExpired}. <Link to="/forgot-password">Reset your password</Link>
    </Alert>
  );
}

/** /accounts/change_password/?token&exp_date (spec §2.1, §4): set a new password from the emailed link. */
export function ResetPasswordPage() {
  const [link] = useState(takeLinkParams);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attempted, setAttempted] = useState(false);
  const navigate = useNavigate();
  const login = useLogin();
  const reset = useMutation<PasswordResponse, Error, string>({
    mutationFn: (newPassword) =>
      call('changePassword', {
        fields: {
          token: link.token,
          exp_date: link.expDate ?? undefined,
          new_password: newPassword,
          confirm_password: newPassword,
        },
      }),
    onSuccess: (answer, newPassword) => {
      // Code 0: the product signs in with the returned username and the new password (§4).
      if (answer.detail.code === 0)
        login.mutate(
          { username: answer.detail.username, password: newPassword },
          { onSuccess: () => navigate('/', { replace: true, state: fromLoginState }) },
        );
    },
  });

  const expired =
    link.token === '' ||
    link.expDate === null ||
    link.expDate * 1000 < Date.now() ||
    reset.data?.detail.code === 1;
  const errors = attempted
    ? validatePasswordReset({ new_password: password, confirm_password: confirm })
    : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const found = validatePasswordReset({ new_password: password, confirm_password: confirm });
    if (Object.keys(found).length === 0 && !reset.isPending) reset.mutate(password);
  };

  return (
    <main id="main" tabIndex={-1} className="login">
      <div className="login__card">
        <div className="login__brand">
          <BrandMark className="login__mark" />
          <h1 className="login__title">Choose a new password</h1>
        </div>
        {expired ? (
          <Expired />
        ) : (
          <form className="stack" noValidate onSubmit={submit} aria-busy={reset.isPending || login.isPending}>
            {reset.isError ? <Alert tone="danger">{errorMessage(reset.error)}</Alert> : null}
            {login.isError ? <Alert tone="danger">{errorMessage(login.error)}</Alert> : null}
            {reset.data?.detail.code === 2 ? (
              <Alert tone="danger">
                <ul className="plain-list">
                  {reset.data.detail.message.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            <PasswordField
              label="New password"
              name="new_password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.new_password ?? null}
            />
            <PasswordField
              label="Confirm new password"
              name="verify_password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={errors.confirm_password ?? null}
            />
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={reset.isPending || login.isPending}
            >
              {reset.isPending || login.isPending ? (
                <>
                  <Spinner size="sm" /> Saving…
                </>
              ) : (
                'Save new password'
              )}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
