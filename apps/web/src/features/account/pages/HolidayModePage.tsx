import { type HolidayMode, messages, type ModeStatus } from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { fromDateTimeInput, toDateTimeInput } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { AccountLayout } from '../components/AccountLayout';
import { ModeStatusRadios } from '../components/ModeStatusRadios';
import { isLevel, levelUserId, personalUserId } from '../ids';
import { useAccountRead, useAccountWrite, useHomeZone } from '../queries';

const DAY_S = 86_400;

/** /account/{level}/holiday-mode (spec §2.4, §4, §9): schedule shown only when SCHEDULED; now → +14 days. */
export function HolidayModePage() {
  const { level } = useParams();
  const userId = personalUserId();
  const mode = useAccountRead('holidayModeGet', userId);
  // The schedule is on the clock of the home the level is about (the dependant's at infocare), as the
  // alerts it quietens are, whatever the browser's zone; the browser's only when that home's is unknown.
  const zone = useHomeZone(isLevel(level) ? levelUserId(level) : null);
  if (!isLevel(level)) return <Navigate to="/account" replace />;
  return (
    <AccountLayout title="Holiday Mode" back={{ to: `/account/${level}`, label: 'Back' }}>
      <p>While holiday mode is on, no notifications are sent except 'appliance on' alerts.</p>
      {mode.isPending || zone.isLoading ? <LoadingState title="Loading holiday mode" /> : null}
      {mode.isError ? <Alert tone="danger">{errorMessage(mode.error)}</Alert> : null}
      {mode.data && userId !== null && !zone.isLoading ? (
        <HolidayForm userId={userId} saved={mode.data} zone={zone.data} />
      ) : null}
    </AccountLayout>
  );
}

function HolidayForm({ userId, saved, zone }: { userId: number; saved: HolidayMode; zone?: string }) {
  const now = Math.floor(Date.now() / 1000);
  const [status, setStatus] = useState<ModeStatus>(saved.status);
  const [start, setStart] = useState(toDateTimeInput(saved.start_timestamp ?? now, zone));
  const [end, setEnd] = useState(toDateTimeInput(saved.end_timestamp ?? now + 14 * DAY_S, zone));
  const clock = zone === undefined ? "This browser's clock" : `The home's clock (${zone})`;
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAccountWrite('holidayModePost', 'holidayModeGet', userId);

  const choose = (next: ModeStatus) => {
    setStatus(next);
    save.reset(); // §4: clicking a radio clears the success flag
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (status !== 'SCHEDULED') return save.mutate({ user_id: userId, status });
    const startTs = fromDateTimeInput(start, zone);
    const endTs = fromDateTimeInput(end, zone);
    if (startTs === null || endTs === null) return setProblem('Choose a start and an end.');
    if (endTs <= startTs) return setProblem('The end must be after the start.');
    save.mutate({ user_id: userId, status, start_timestamp: startTs, end_timestamp: endTs });
  };

  return (
    <form className="stack" onSubmit={submit} aria-busy={save.isPending}>
      <ModeStatusRadios legend="Holiday mode" value={status} onChange={choose} />
      {status === 'SCHEDULED' ? (
        <div className="field-row">
          <TextField
            label="Start"
            type="datetime-local"
            hint={clock}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            required
          />
          <TextField
            label="End"
            type="datetime-local"
            hint={clock}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            required
          />
        </div>
      ) : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {save.isError ? <Alert tone="danger">{errorMessage(save.error)}</Alert> : null}
      {save.isSuccess ? <Alert tone="info">{messages.holidayModeSaved}</Alert> : null}
      <p>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save
        </button>
      </p>
    </form>
  );
}
