import { type DoNotDisturb, messages, type ModeStatus } from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { AccountLayout } from '../components/AccountLayout';
import { ModeStatusRadios } from '../components/ModeStatusRadios';
import { personalUserId } from '../ids';
import { useAccountRead, useAccountWrite } from '../queries';

/** /account/do-not-disturb (spec §2.4, §9): a daily quiet window, 00:00–00:00 by default. */
export function DoNotDisturbPage() {
  const userId = personalUserId();
  const mode = useAccountRead('noDisturbModeGet', userId);
  return (
    <AccountLayout title="Do Not Disturb" back={{ to: '/account', label: 'Account' }}>
      <p>While Do Not Disturb is on, no notifications are sent. Alerts are still recorded.</p>
      {mode.isPending ? <LoadingState title="Loading Do Not Disturb" /> : null}
      {mode.isError ? <Alert tone="danger">{errorMessage(mode.error)}</Alert> : null}
      {mode.data && userId !== null ? <QuietForm userId={userId} saved={mode.data} /> : null}
    </AccountLayout>
  );
}

function QuietForm({ userId, saved }: { userId: number; saved: DoNotDisturb }) {
  const [status, setStatus] = useState<ModeStatus>(saved.status);
  const [start, setStart] = useState(saved.start_time);
  const [end, setEnd] = useState(saved.end_time);
  const save = useAccountWrite('noDisturbModePost', 'noDisturbModeGet', userId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      status === 'SCHEDULED'
        ? { user_id: userId, status, start_time: start, end_time: end }
        : { user_id: userId, status },
    );
  };

  return (
    <form className="stack" onSubmit={submit} aria-busy={save.isPending}>
      <ModeStatusRadios
        legend="Do Not Disturb"
        value={status}
        onChange={(next) => {
          setStatus(next);
          save.reset();
        }}
      />
      {status === 'SCHEDULED' ? (
        <div className="field-row">
          <TextField
            label="From"
            type="time"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            required
          />
          <TextField label="To" type="time" value={end} onChange={(e) => setEnd(e.target.value)} required />
        </div>
      ) : null}
      {save.isError ? <Alert tone="danger">{errorMessage(save.error)}</Alert> : null}
      {save.isSuccess ? <Alert tone="info">{messages.doNotDisturbSaved}</Alert> : null}
      <p>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save
        </button>
      </p>
    </form>
  );
}
