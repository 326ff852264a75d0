import {
  SUPPLIER_KIND_TEXT,
  SUPPLIER_KINDS,
  type SupplierKind,
  type SuppliersResponse,
} from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { ApiError, call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { TextField } from '../../../shared/ui/TextField';

interface ConnectFormProps {
  userId: number;
  onConnected: (answer: SuppliersResponse, kind: SupplierKind) => void;
}

type Field = 'api_key' | 'account_number' | 'email' | 'password';

/** The fields each kind sends, in order, and what is said when one is left empty. */
const FIELDS: Record<SupplierKind, readonly { name: Field; empty: string }[]> = {
  octopus: [
    { name: 'api_key', empty: 'Type the API key from your Octopus account.' },
    { name: 'account_number', empty: 'Type your Octopus account number.' },
  ],
  bright: [
    { name: 'email', empty: 'Type the email you sign in to the Bright app with.' },
    { name: 'password', empty: 'Type your Bright app password.' },
  ],
};

const EMPTY: Record<Field, string> = { api_key: '', account_number: '', email: '', password: '' };

/**
 * Connects Octopus Energy (API key and account number) or Bright (the app's email and password). The
 * server checks them with the supplier before it answers, which takes a few seconds: the form says so.
 */
export function ConnectForm({ userId, onConnected }: ConnectFormProps) {
  const [kind, setKind] = useState<SupplierKind>('octopus');
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = FIELDS[kind];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = fields.find((f) => values[f.name].trim() === '');
    if (missing) return setError({ field: missing.name, message: missing.empty });
    setBusy(true);
    setError(null);
    try {
      const sent = Object.fromEntries(
        fields.map((f) => [f.name, f.name === 'password' ? values[f.name] : values[f.name].trim()]),
      );
      const answer = await call('suppliersConnect', { fields: { user_id: userId, kind, ...sent } });
      setValues(EMPTY); // the secrets leave the page once sent
      onConnected(answer, kind);
    } catch (e) {
      setError({ field: e instanceof ApiError ? e.field : null, message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: Field) => (error?.field === field ? error.message : null);
  const set = (field: Field) => (e: { currentTarget: HTMLInputElement }) =>
    setValues((v) => ({ ...v, [field]: e.currentTarget.value }));
  const shown = new Set<string>(fields.map((f) => f.name));

  return (
    <form className="stack supplier-form" onSubmit={submit} aria-busy={busy} noValidate>
      <fieldset className="choice-group">
        <legend className="field__label">Supplier</legend>
        {SUPPLIER_KINDS.map((k) => (
          <label key={k} className="choice">
            <input
              type="radio"
              name="supplier-kind"
              value={k}
              checked={kind === k}
              disabled={busy}
              onChange={() => {
                setKind(k);
                setError(null);
              }}
            />
            {SUPPLIER_KIND_TEXT[k]}
          </label>
        ))}
      </fieldset>
      {kind === 'octopus' ? (
        <>
          <TextField
            label="API key"
            hint="On octopus.energy, signed in: Personal details → API access. It starts sk_live_."
            value={values.api_key}
            required
            maxLength={100}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={fieldError('api_key')}
            onChange={set('api_key')}
          />
          <TextField
            label="Account number"
            hint="At the top of your Octopus account and on your bills: A- then 8 letters or digits."
            value={values.account_number}
            required
            maxLength={20}
            placeholder="A-1234ABCD"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={fieldError('account_number')}
            onChange={set('account_number')}
          />
        </>
      ) : (
        <>
          <p className="supplier-form__hint">
            Bright works for homes on any supplier whose smart meter is on the national network (the DCC). Use
            the email and password you sign in to the Bright app with.
          </p>
          <TextField
            label="Email of your Bright app"
            type="email"
            value={values.email}
            required
            maxLength={254}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={fieldError('email')}
            onChange={set('email')}
          />
          <PasswordField
            label="Password of your Bright app"
            value={values.password}
            required
            maxLength={200}
            autoComplete="off"
            error={fieldError('password')}
            onChange={set('password')}
          />
        </>
      )}
      <p className="supplier-form__hint">
        HomeView keeps these encrypted, uses them only to fetch this home’s readings, and never shows them
        again.
      </p>
      {error && !shown.has(error.field ?? '') ? <Alert tone="danger">{error.message}</Alert> : null}
      {busy ? (
        <p role="status" className="supplier-form__busy">
          Checking with {SUPPLIER_KIND_TEXT[kind]}… this can take a few seconds.
        </p>
      ) : null}
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Checking…' : `Connect ${SUPPLIER_KIND_TEXT[kind]}`}
        </button>
      </p>
    </form>
  );
}
