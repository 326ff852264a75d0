import { type ApplianceSetting, messages } from '@homeview/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { AccountLayout } from '../components/AccountLayout';
import { CountField } from '../../setup/components/Steppers';
import { isLevel, levelUserId } from '../ids';

/** /account/{level}/appliance/{id} (spec §2.4): the count; above 0 a label, an icon and Hide/Show. */
export function ApplianceEditPage() {
  const { level, applianceId } = useParams();
  const id = Number(applianceId);
  const userId = isLevel(level) ? levelUserId(level) : null;
  const setting = useQuery({
    queryKey: ['account', 'applianceSettingsGet', userId, id],
    queryFn: ({ signal }) =>
      call('applianceSettingsGet', { fields: { user_id: userId ?? 0, appliance_type_id: id }, signal }),
    enabled: userId !== null && Number.isSafeInteger(id) && id > 0,
  });
  if (!isLevel(level)) return <Navigate to="/account" replace />;
  return (
    <AccountLayout
      title={setting.data?.appliance_label ?? 'Appliance'}
      back={{ to: `/account/${level}/appliances`, label: 'Appliances' }}
    >
      {setting.isPending ? <LoadingState title="Loading appliance" /> : null}
      {setting.isError ? <Alert tone="danger">{errorMessage(setting.error)}</Alert> : null}
      {setting.data && userId !== null ? <ApplianceForm userId={userId} saved={setting.data} /> : null}
    </AccountLayout>
  );
}

function ApplianceForm({ userId, saved }: { userId: number; saved: ApplianceSetting }) {
  const queryClient = useQueryClient();
  const [count, setCount] = useState(saved.number_of_appliances);
  const [label, setLabel] = useState(saved.appliance_label);
  const [icon, setIcon] = useState(saved.appliance_icon);
  const [shown, setShown] = useState(saved.show_appliance);
  const [result, setResult] = useState<{ ok: string } | { error: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (count > 0 && label.trim() === '') return setResult({ error: 'Give the appliance a label.' });
    setSaving(true);
    try {
      const answer = await call('applianceSettingsPost', {
        fields: {
          user_id: userId,
          appliance_type_id: saved.appliance_type_id,
          number_of_appliances: count,
          ...(count > 0
            ? { appliance_label: label.trim(), appliance_icon: icon, show_appliance: shown }
            : {}),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['account'] });
      setResult({ ok: messages.applianceSaved(answer.appliance_label) });
    } catch (error) {
      setResult({ error: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="stack" onSubmit={submit} aria-busy={saving}>
      <CountField label="How many do you have?" value={count} onChange={setCount} />
      {count > 0 ? (
        <>
          <TextField label="Label" value={label} maxLength={50} onChange={(e) => setLabel(e.target.value)} />
          <div className="field">
            <label className="field__label" htmlFor="appliance-icon">
              Icon
            </label>
            <div className="field__control">
              <select
                id="appliance-icon"
                className="field__input"
                value={icon}
                onChange={(e) => setIcon(e.target.value)}
              >
                {saved.available_icons.map((name) => (
                  <option key={name} value={name}>
                    {name.replace(/[_-]/g, ' ')}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label className="choice">
            <input
              type="checkbox"
              role="switch"
              aria-checked={shown}
              checked={shown}
              onChange={(e) => setShown(e.target.checked)}
            />
            {shown ? 'Show' : 'Hide'} in HomeView and InfoCare lists
          </label>
        </>
      ) : null}
      {result && 'ok' in result ? <Alert tone="info">{result.ok}</Alert> : null}
      {result && 'error' in result ? <Alert tone="danger">{result.error}</Alert> : null}
      <p>
        <button type="submit" className="button button--primary" disabled={saving}>
          Save
        </button>
      </p>
    </form>
  );
}
