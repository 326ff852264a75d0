import type { Device, DevicesResponse } from '@homeview/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Dialog } from '../../../shared/ui/Dialog';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { AccountLayout } from '../components/AccountLayout';
import { AddDeviceForm } from '../devices/AddDeviceForm';
import { ClaimDevice } from '../devices/ClaimDevice';
import { DeviceCard } from '../devices/DeviceCard';
import { kindLabel } from '../devices/words';
import { isLevel, levelUserId } from '../ids';
import { accountKey } from '../queries';

/** How often the list is read again while the screen is open, so states and counts move on their own. */
const REFRESH_MS = 15_000;

/**
 * /account/{level}/devices (issue 23): the home's live devices (meters and plugs over MQTT), adding one by
 * kind and id, removing one (its readings stay), and claiming one that already sends but has no home.
 */
export function DevicesPage() {
  const { level } = useParams();
  const userId = isLevel(level) ? levelUserId(level) : null;
  const queryClient = useQueryClient();
  const key = accountKey('devicesGet', userId);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call('devicesGet', { fields: { user_id: userId ?? 0 }, signal }),
    enabled: userId !== null,
    refetchInterval: REFRESH_MS,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Device | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  if (!isLevel(level)) return <Navigate to="/account" replace />;

  const now = Math.floor(Date.now() / 1000);
  const data = list.data;
  const zone = data?.time_zone;
  const update = (answer: DevicesResponse, words: string) => {
    queryClient.setQueryData(key, answer);
    setNotice(words);
  };
  const remove = async (device: Device) => {
    if (userId === null) return;
    try {
      const answer = await call('devicesRemove', { fields: { user_id: userId, id: device.id } });
      setRemoving(null);
      setRemoveError(null);
      update(answer, `Removed ${device.device_id}. Its readings stay stored.`);
    } catch (e) {
      setRemoveError(errorMessage(e));
    }
  };

  return (
    <AccountLayout title="Devices" back={{ to: `/account/${level}`, label: 'Back' }}>
      <p className="account__lead">
        Smart meter displays and plugs that send this home’s readings live, over MQTT.
      </p>
      {list.isPending ? <LoadingState title="Loading devices" /> : null}
      {list.isError ? <Alert tone="danger">{errorMessage(list.error)}</Alert> : null}
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {data && !data.mqtt ? (
        <Alert tone="info">
          <p className="devices-off__lead">
            <strong>This HomeView is not receiving live devices at the moment.</strong> Nothing that a meter
            display or plug sends reaches it, so{' '}
            {data.devices.length > 0
              ? 'the devices below store no readings until it is.'
              : 'a device added here stores no readings until it is.'}{' '}
            Readings imported from files are not affected.
          </p>
          <p className="devices-off__hint">
            For whoever runs HomeView: start the server with <code>MQTT_URL</code> set to the broker the
            devices publish to.
          </p>
        </Alert>
      ) : null}
      {data && userId !== null ? (
        <>
          <section className="stack devices-section" aria-labelledby="devices-list">
            <h2 id="devices-list" className="setup__question">
              This home’s devices
            </h2>
            {data.devices.length === 0 ? (
              <div className="device-empty">
                <p>
                  <strong>No devices yet.</strong> If the home has a smart meter display (a Hildebrand Glow)
                  or plugs that report their energy (Shelly, Tasmota, Zigbee), add them below: choose the
                  kind, type the id the screen tells you where to find, and set the device to publish to the
                  topic shown. Readings then arrive within seconds.
                </p>
              </div>
            ) : (
              <ul className="device-list">
                {data.devices.map((d) => (
                  <li key={d.id}>
                    <DeviceCard device={d} now={now} zone={zone} onRemove={setRemoving} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="stack devices-section" aria-labelledby="devices-add">
            <h2 id="devices-add" className="setup__question">
              Add a device
            </h2>
            <AddDeviceForm
              userId={userId}
              appliances={data.appliances}
              onAdded={(answer, id) =>
                update(answer, `Added ${id}. Its readings appear as its messages arrive.`)
              }
            />
          </section>
          <section className="stack devices-section" aria-labelledby="devices-claim">
            <h2 id="devices-claim" className="setup__question">
              Claim a device that is already sending
            </h2>
            <p>
              A device set up to publish before it was added here is heard but stored nowhere. Type its id to
              find it and claim it for this home.
            </p>
            <ClaimDevice
              userId={userId}
              appliances={data.appliances}
              now={now}
              zone={zone}
              onClaimed={(answer, id) =>
                update(answer, `Claimed ${id}. Its readings are stored from now on.`)
              }
            />
          </section>
        </>
      ) : null}
      {removing ? (
        <Dialog
          title={`Remove ${removing.device_id}?`}
          onClose={() => {
            setRemoving(null);
            setRemoveError(null);
          }}
          actions={
            <>
              <button type="button" className="button button--danger" onClick={() => void remove(removing)}>
                Remove
              </button>
              <button
                type="button"
                className="button button--secondary"
                data-autofocus
                onClick={() => {
                  setRemoving(null);
                  setRemoveError(null);
                }}
              >
                Keep it
              </button>
            </>
          }
        >
          <p>
            The {kindLabel(removing.kind)} <code>{removing.device_id}</code> stops sending readings to this
            home. The readings it already sent stay stored.
          </p>
          {removeError ? <Alert tone="danger">{removeError}</Alert> : null}
        </Dialog>
      ) : null}
    </AccountLayout>
  );
}
