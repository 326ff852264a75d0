import { DEVICE_KIND_TEXT, type DevicesResponse, type UnclaimedDevice } from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { ApiError, call, errorMessage } from '../../../shared/api';
import { agoLabel, type Zone } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { TextField } from '../../../shared/ui/TextField';
import { MeasuresSelect } from './MeasuresSelect';
import { kindLabel, proofHint } from './words';

interface ClaimDeviceProps {
  userId: number;
  appliances: DevicesResponse['appliances'];
  now: number;
  zone: Zone;
  onClaimed: (answer: DevicesResponse, deviceId: string) => void;
}

/**
 * Devices already publishing to the broker that belong to no home: found by their exact id only (the
 * server never lists them), then claimed for this home.
 */
export function ClaimDevice({ userId, appliances, now, onClaimed }: ClaimDeviceProps) {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<{ id: string; devices: UnclaimedDevice[] } | null>(null);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [appliance, setAppliance] = useState('');
  const [reading, setReading] = useState('');

  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim() === '') return setError({ field: 'device_id', message: 'Type the device’s id.' });
    setBusy(true);
    setError(null);
    try {
      const answer = await call('devicesUnclaimed', { fields: { user_id: userId, device_id: typed.trim() } });
      setFound({ id: typed.trim(), devices: answer.devices });
    } catch (e) {
      setFound(null);
      setError({ field: e instanceof ApiError ? e.field : null, message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const claim = async (device: UnclaimedDevice) => {
    setBusy(true);
    setError(null);
    try {
      const plug = DEVICE_KIND_TEXT[device.kind].plug;
      const answer = await call('devicesClaim', {
        fields: {
          user_id: userId,
          kind: device.kind,
          device_id: device.device_id,
          ...(plug && appliance !== '' ? { appliance } : {}),
          ...(reading.trim() !== '' ? { reading: reading.trim() } : {}),
        },
      });
      setFound(null);
      setTyped('');
      setReading('');
      onClaimed(answer, device.device_id);
    } catch (e) {
      setError({
        field: e instanceof ApiError && e.field === 'reading' ? 'reading' : null,
        message: errorMessage(e),
      });
    } finally {
      setBusy(false);
    }
  };

  const anyPlug = found?.devices.some((d) => DEVICE_KIND_TEXT[d.kind].plug) ?? false;
  return (
    <div className="stack">
      <form className="stack device-claim" onSubmit={lookUp} aria-busy={busy} noValidate>
        <TextField
          label="Id of a device already sending"
          hint="Exactly as the device publishes it: capitals count."
          value={typed}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          error={error?.field === 'device_id' ? error.message : null}
          onChange={(e) => setTyped(e.target.value)}
        />
        <p>
          <button type="submit" className="button button--secondary" disabled={busy}>
            Look up
          </button>
        </p>
      </form>
      {error && error.field !== 'device_id' && error.field !== 'reading' ? (
        <Alert tone="danger">{error.message}</Alert>
      ) : null}
      {found !== null && found.devices.length === 0 ? (
        <p role="status">
          No device with exactly the id <code>{found.id}</code> is sending without a home. Check the id, and
          that the device publishes to the topic its kind needs (see Add a device).
        </p>
      ) : null}
      {found !== null && found.devices.length > 0 ? (
        <div className="stack" role="status">
          {anyPlug ? (
            <MeasuresSelect appliances={appliances} value={appliance} onChange={setAppliance} />
          ) : null}
          {/* It is sending: it is claimed with the total it shows (issue 34 item 3). */}
          <TextField
            label="Energy total the found device shows now, in kWh"
            hint={proofHint(found.devices[0]?.kind ?? 'glow')}
            value={reading}
            inputMode="decimal"
            maxLength={20}
            autoComplete="off"
            error={error?.field === 'reading' ? error.message : null}
            onChange={(e) => setReading(e.target.value)}
          />
          <ul className="device-found">
            {found.devices.map((d) => (
              <li key={d.kind}>
                <span>
                  <strong>{kindLabel(d.kind)}</strong> <code>{d.device_id}</code>: {d.messages} message
                  {d.messages === 1 ? '' : 's'}, the last {agoLabel(d.last_seen, now)}
                </span>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => void claim(d)}
                >
                  Claim<span className="visually-hidden"> {d.device_id}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
