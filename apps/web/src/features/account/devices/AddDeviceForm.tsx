import {
  DEVICE_KIND_TEXT,
  DEVICE_KINDS,
  type DeviceKind,
  type DevicesResponse,
} from '@homeview/contract/web';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { TextField } from '../../../shared/ui/TextField';
import { MeasuresSelect } from './MeasuresSelect';
import { proofHint, topicFor } from './words';

interface AddDeviceFormProps {
  userId: number;
  appliances: DevicesResponse['appliances'];
  onAdded: (answer: DevicesResponse, deviceId: string) => void;
}

/** Kind, where its id is found and the topic it must publish to, the id, and for a plug what it measures. */
export function AddDeviceForm({ userId, appliances, onAdded }: AddDeviceFormProps) {
  const kindId = useId();
  const [kind, setKind] = useState<DeviceKind>('glow');
  const [deviceId, setDeviceId] = useState('');
  const [appliance, setAppliance] = useState('');
  const [reading, setReading] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const text = DEVICE_KIND_TEXT[kind];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (deviceId.trim() === '') return setError({ field: 'device_id', message: 'Type the device’s id.' });
    setSaving(true);
    setError(null);
    try {
      const answer = await call('devicesAdd', {
        fields: {
          user_id: userId,
          kind,
          device_id: deviceId.trim(),
          ...(text.plug && appliance !== '' ? { appliance } : {}),
          ...(reading.trim() !== '' ? { reading: reading.trim() } : {}),
        },
      });
      onAdded(answer, deviceId.trim());
      setDeviceId('');
      setAppliance('');
      setReading('');
    } catch (e) {
      setError({ field: e instanceof ApiError ? e.field : null, message: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };
  const fieldError = (field: string) => (error?.field === field ? error.message : null);

  return (
    <form className="stack device-form" onSubmit={submit} aria-busy={saving} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={kindId}>
          Kind of device
        </label>
        <div className="field__control">
          <select
            id={kindId}
            className="field__input"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as DeviceKind);
              setError(null);
            }}
          >
            {DEVICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {DEVICE_KIND_TEXT[k].short}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="device-form__help" aria-live="polite">
        <p>
          <strong>Covers:</strong> {text.label}
        </p>
        <p>
          <strong>Its id</strong> is {text.idHint}.
        </p>
        <p>
          <strong>It must publish to</strong> <code>{topicFor(kind, deviceId)}</code>
        </p>
      </div>
      <TextField
        label="Device id"
        value={deviceId}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        error={fieldError('device_id')}
        onChange={(e) => setDeviceId(e.target.value)}
      />
      {text.plug ? (
        <MeasuresSelect
          appliances={appliances}
          value={appliance}
          onChange={setAppliance}
          error={fieldError('appliance')}
        />
      ) : null}
      <TextField
        label="Energy total it shows now, in kWh"
        hint={proofHint(kind)}
        value={reading}
        inputMode="decimal"
        maxLength={20}
        autoComplete="off"
        error={fieldError('reading')}
        onChange={(e) => setReading(e.target.value)}
      />
      {error && error.field !== 'device_id' && error.field !== 'appliance' && error.field !== 'reading' ? (
        <Alert tone="danger">{error.message}</Alert>
      ) : null}
      <p>
        <button type="submit" className="button button--primary" disabled={saving}>
          Add device
        </button>
      </p>
    </form>
  );
}
