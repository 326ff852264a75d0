import {
  type AlertChannels as Channels,
  alertChannelsFromCode,
  alertChannelsMessage,
  alertCodeFromChannels,
  messages,
  normalisePhone,
  PHONE_MESSAGE,
  type Settings,
  type SettingsWriteRequest,
} from '@homeview/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { call, errorMessage } from '../../../shared/api';
import { getUserId } from '../../../shared/storage';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { AccountLayout } from '../components/AccountLayout';
import { AllIsWellSettings } from '../components/AllIsWellSettings';
import { AutosaveNote } from '../components/AutosaveNote';
import { NotifyThisPhone } from '../components/NotifyThisPhone';
import { levelUserId } from '../ids';
import { accountKey, useAccountRead, useAccountWrite, usePushOff } from '../queries';
import { useAutosave } from '../useAutosave';

/**
 * /account/infocare/alerts (spec §2.4, §5.2): Email and SMS (§3's alert_notification) and push (issue 36,
 * its own field alert_push), autosaved; at least one must stay ticked. This browser's own push
 * subscription is set here too.
 */
export function AlertsPage() {
  const userId = levelUserId('infocare');
  const settings = useAccountRead('settingsGet', userId);
  return (
    <AccountLayout title="Alerts" back={{ to: '/account/infocare', label: 'InfoCare' }}>
      <p>How should alerts about the home you care for reach you?</p>
      {settings.isPending ? <LoadingState title="Loading preferences" /> : null}
      {settings.isError ? <Alert tone="danger">{errorMessage(settings.error)}</Alert> : null}
      {settings.data && userId !== null ? <AlertChannels userId={userId} saved={settings.data} /> : null}
      <NotifyThisPhone />
      {settings.data?.all_is_well !== undefined && userId !== null ? (
        <AllIsWellSettings userId={userId} saved={settings.data} />
      ) : null}
      <CarerPhone />
    </AccountLayout>
  );
}

type Ticks = Required<Channels>;
type AlertWrite = Pick<SettingsWriteRequest, 'alert_notification'> | Pick<SettingsWriteRequest, 'alert_push'>;

const ticksOf = (s: Settings): Ticks => ({
  ...alertChannelsFromCode(s.alert_notification),
  push: s.alert_push ?? false,
});

/**
 * The writes from what the server holds to the ticks chosen: the §3 code and push are two settings (one
 * each a request), and the one that turns a channel on goes first, so the saved choice never passes
 * through "no channel".
 */
function alertWrites(held: Ticks, next: Ticks): AlertWrite[] {
  const code = alertCodeFromChannels(next);
  const writes: AlertWrite[] = [
    ...(code !== alertCodeFromChannels(held) ? [{ alert_notification: code }] : []),
    ...(next.push !== held.push ? [{ alert_push: next.push }] : []),
  ];
  return next.push ? writes.reverse() : writes;
}

function AlertChannels({ userId, saved }: { userId: number; saved: Settings }) {
  const queryClient = useQueryClient();
  const [channels, setChannels] = useState(() => ticksOf(saved));
  // What the server holds, from its last answer: a save sends only what differs from it.
  const held = useRef(ticksOf(saved));
  const autosave = useAutosave(async (next: Ticks) => {
    for (const fields of alertWrites(held.current, next)) {
      const answer = await call('settingsPost', { fields: { user_id: userId, ...fields } });
      held.current = ticksOf(answer);
      queryClient.setQueryData(accountKey('settingsGet', userId), answer);
    }
  });
  const none = alertChannelsMessage(channels) !== undefined;
  // A server without push cannot be chosen for it; a box ticked before push was turned off can be cleared.
  const pushOff = usePushOff();

  const toggle = (name: keyof Ticks) => {
    const next = { ...channels, [name]: !channels[name] };
    setChannels(next);
    if (alertChannelsMessage(next) !== undefined) autosave.cancel();
    else autosave.schedule(next);
  };

  return (
    <div className="stack">
      <fieldset className="choice-group">
        <legend className="field__label">Send alerts by</legend>
        <label className="choice">
          <input type="checkbox" checked={channels.email} onChange={() => toggle('email')} />
          Email
        </label>
        <label className="choice">
          <input type="checkbox" checked={channels.sms} onChange={() => toggle('sms')} />
          SMS
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={channels.push}
            disabled={pushOff && !channels.push}
            onChange={() => toggle('push')}
          />
          {pushOff
            ? 'Push notification (not set up on this server)'
            : 'Push notification (to each phone set below)'}
        </label>
      </fieldset>
      {none ? (
        <Alert tone="danger">{messages.alertChannelRequired}</Alert>
      ) : (
        <AutosaveNote status={autosave.status} />
      )}
    </div>
  );
}

/** The carer's own mobile number, where SMS alerts go (users.phone); checked with the contract's rule. */
function CarerPhone() {
  const ownId = getUserId();
  const own = useAccountRead('settingsGet', ownId);
  if (ownId === null || !own.data) return null;
  return <PhoneForm userId={ownId} saved={own.data.phone ?? null} />;
}

function PhoneForm({ userId, saved }: { userId: number; saved: string | null }) {
  const [value, setValue] = useState(saved ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAccountWrite('settingsPost', 'settingsGet', userId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = normalisePhone(value);
    setProblem(phone === undefined ? PHONE_MESSAGE : null);
    if (phone === undefined) return;
    save.mutate({ user_id: userId, phone }, { onSuccess: (answer) => setValue(answer.phone ?? '') });
  };

  return (
    <form className="stack phone-form" onSubmit={submit} aria-busy={save.isPending} noValidate>
      <TextField
        label="Mobile number for SMS alerts"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          save.reset();
        }}
        hint={saved === null ? 'No number yet: SMS alerts cannot reach you until you add one.' : undefined}
        error={problem}
      />
      {save.isError ? <Alert tone="danger">{errorMessage(save.error)}</Alert> : null}
      {save.isSuccess ? (
        <Alert tone="info">{save.data.phone ? 'Mobile number saved' : 'Mobile number removed'}</Alert>
      ) : null}
      <p>
        <button type="submit" className="button button--secondary" disabled={save.isPending}>
          Save number
        </button>
      </p>
    </form>
  );
}
