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
      <p>
        While Do Not Disturb is on, notifications are held (Urgent ones too, unless you let them through
        below). Alerts are still recorded.
      </p>
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
  const [urgentThrough, setUrgentThrough] = useState(saved.urgent_through === true);
  const save = useAccountWrite('noDisturbModePost', 'noDisturbModeGet', userId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      status === 'SCHEDULED'
        ? { user_id: userId, status, start_time: start, end_time: end, urgent_through: urgentThrough }
        : { user_id: userId, status, urgent_through: urgentThrough },
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
      {/* Issue 33 item 12: the carer chooses whether Do Not Disturb silences Urgent alerts too. */}
      <label className="choice">
        <input
          type="checkbox"
          checked={urgentThrough}
          onChange={(e) => {
            setUrgentThrough(e.target.checked);
            save.reset();
          }}
        />
        Let Urgent alerts through (an appliance left on, a long silence)
      </label>
      <p className="muted">
        {urgentThrough
          ? 'Urgent alerts are sent even while Do Not Disturb is on.'
          : 'Urgent alerts are held too while Do Not Disturb is on: you would see them only on the Alerts page.'}
      </p>
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
