import { messages, type PasswordResponse, validatePasswordChange } from '@homeview/contract/web';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { Spinner } from '../../../shared/ui/Spinner';
import { AccountLayout } from '../components/AccountLayout';
import { SessionsSection } from '../components/SessionsSection';

interface Fields {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/**
 * /account/password (spec §2.4, §4, §5.1): code 0 replaces the form with 'New password saved'. Below it,
 * the account's sessions and "Sign out everywhere else" (additive, issue 27).
 */
export function PasswordPage() {
  const [fields, setFields] = useState<Fields>({
    current_password: '',
    new_password: '',
    confirm_password: '',
  });
  const [attempted, setAttempted] = useState(false);
  const change = useMutation<PasswordResponse, Error, Fields>({
    mutationFn: ({ current_password, new_password }) =>
      call('changePassword', { fields: { current_password, new_password } }),
  });
  const errors = attempted ? validatePasswordChange(fields) : {};
  const set = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(validatePasswordChange(fields)).length === 0 && !change.isPending) change.mutate(fields);
  };

  const code = change.data?.detail.code;
  return (
    <AccountLayout title="Password" back={{ to: '/account', label: 'Account' }}>
      {code === 0 ? (
        <Alert tone="info">{messages.newPasswordSaved}</Alert>
      ) : (
        <form className="stack" noValidate onSubmit={submit} aria-busy={change.isPending}>
          {change.isError ? <Alert tone="danger">{errorMessage(change.error)}</Alert> : null}
          {code === 3 ? <Alert tone="danger">{messages.currentPasswordIncorrect}</Alert> : null}
          {code === 2 ? (
            <Alert tone="danger">
              <ul className="plain-list">
                {change.data?.detail.message.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <PasswordField
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            required
            value={fields.current_password}
            onChange={set('current_password')}
            error={errors.current_password ?? null}
          />
          <PasswordField
            label="New password"
            name="new_password"
            autoComplete="new-password"
            required
            value={fields.new_password}
            onChange={set('new_password')}
            error={errors.new_password ?? null}
          />
          <PasswordField
            label="Confirm new password"
            name="confirm_password"
            autoComplete="new-password"
            required
            value={fields.confirm_password}
            onChange={set('confirm_password')}
            error={errors.confirm_password ?? null}
          />
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? (
              <>
                <Spinner size="sm" /> Saving…
              </>
            ) : (
              'Save password'
            )}
          </button>
        </form>
      )}
      <SessionsSection />
    </AccountLayout>
  );
}
