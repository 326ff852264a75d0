import { messages } from '@homeview/contract/web';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { BrandMark } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextField } from '../../../shared/ui/TextField';

/** /forgot-password (spec §2.1, §8): the same confirmation whether or not the address is registered. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: (address: string) => call('resetPassword', { fields: { email: address } }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!send.isPending && email.trim() !== '') send.mutate(email.trim());
  };

  return (
    <main id="main" tabIndex={-1} className="login">
      <div className="login__card">
        <div className="login__brand">
          <BrandMark className="login__mark" />
          <h1 className="login__title">Forgotten your password?</h1>
          <p className="login__tagline">
            Type the email address of your account and we will send you a link.
          </p>
        </div>
        {send.isSuccess ? (
          <Alert tone="info">{messages.forgotPasswordConfirmation(send.variables)}</Alert>
        ) : (
          <form className="stack" onSubmit={submit} aria-busy={send.isPending}>
            {send.isError ? <Alert tone="danger">{errorMessage(send.error)}</Alert> : null}
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setTouched(true);
              }}
            />
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={!touched || send.isPending}
            >
              {send.isPending ? (
                <>
                  <Spinner size="sm" /> Sending…
                </>
              ) : (
                'Send reset link'
              )}
            </button>
          </form>
        )}
        <p className="login__forgot">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
