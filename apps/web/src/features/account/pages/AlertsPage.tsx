import { type AlertNotificationCode, messages, type Settings } from '@homeview/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { AccountLayout } from '../components/AccountLayout';
import { AutosaveNote } from '../components/AutosaveNote';
import { levelUserId } from '../ids';
import { accountKey, useAccountRead } from '../queries';
import { useAutosave } from '../useAutosave';

// §3 alert_notification: 0 none, 1 email only, 2 SMS only, 3 both.
const toChannels = (code: number) => ({ email: code === 1 || code === 3, sms: code === 2 || code === 3 });
const toCode = (c: { email: boolean; sms: boolean }) =>
  ((c.email ? 1 : 0) + (c.sms ? 2 : 0)) as AlertNotificationCode;

/** /account/infocare/alerts (spec §2.4, §5.2): Email and SMS, autosaved; at least one must stay ticked. */
export function AlertsPage() {
  const userId = levelUserId('infocare');
  const settings = useAccountRead('settingsGet', userId);
  return (
    <AccountLayout title="Alerts" back={{ to: '/account/infocare', label: 'InfoCare' }}>
      <p>How should alerts about the home you care for reach you?</p>
      {settings.isPending ? <LoadingState title="Loading preferences" /> : null}
      {settings.isError ? <Alert tone="danger">{errorMessage(settings.error)}</Alert> : null}
      {settings.data && userId !== null ? <AlertChannels userId={userId} saved={settings.data} /> : null}
    </AccountLayout>
  );
}

function AlertChannels({ userId, saved }: { userId: number; saved: Settings }) {
  const queryClient = useQueryClient();
  const [channels, setChannels] = useState(() => toChannels(saved.alert_notification));
  const autosave = useAutosave(async (code: AlertNotificationCode) => {
    const answer = await call('settingsPost', { fields: { user_id: userId, alert_notification: code } });
    queryClient.setQueryData(accountKey('settingsGet', userId), answer);
  });
  const none = !channels.email && !channels.sms;

  const toggle = (name: 'email' | 'sms') => {
    const next = { ...channels, [name]: !channels[name] };
    setChannels(next);
    if (!next.email && !next.sms) autosave.cancel();
    else autosave.schedule(toCode(next));
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
      </fieldset>
      {none ? (
        <Alert tone="danger">{messages.alertChannelRequired}</Alert>
      ) : (
        <AutosaveNote status={autosave.status} />
      )}
    </div>
  );
}
