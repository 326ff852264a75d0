import { type LoginRequest, messages } from '@homeview/contract/web';
import { type FormEvent, useRef, useState } from 'react';
import { Spinner } from '../../../shared/ui/Spinner';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { TextField } from '../../../shared/ui/TextField';

interface LoginFormProps {
  pending: boolean;
  onSubmit: (credentials: LoginRequest) => void;
}

/**
 * Username and password (spec §5.2): each empty field shows its "required" message once the user has tried
 * to submit, and the login call is made only when both are filled.
 */
export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const usernameError = attempted && username.trim() === '' ? messages.usernameRequired : null;
  const passwordError = attempted && password === '' ? messages.passwordRequired : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (username.trim() === '') return usernameRef.current?.focus();
    if (password === '') return passwordRef.current?.focus();
    if (!pending) onSubmit({ username: username.trim(), password });
  };

  return (
    <form className="stack" noValidate onSubmit={submit} aria-busy={pending}>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={usernameError}
        inputRef={usernameRef}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
        inputRef={passwordRef}
      />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? (
          <>
            <Spinner size="sm" /> Signing in…
          </>
        ) : (
          'Sign in'
        )}
      </button>
      <p className="visually-hidden" role="status">
        {pending ? 'Signing in' : ''}
      </p>
    </form>
  );
}
