import type { SupplierConnection, SupplierKind, SuppliersResponse } from '@homeview/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Dialog } from '../../../shared/ui/Dialog';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { AccountLayout } from '../components/AccountLayout';
import { isLevel, levelUserId } from '../ids';
import { accountKey } from '../queries';
import { CalorificValue } from '../suppliers/CalorificValue';
import { ConnectForm } from '../suppliers/ConnectForm';
import { ConnectionCard } from '../suppliers/ConnectionCard';
import { ending, supplierName } from '../suppliers/words';

/** How often the list is read again while a connection fills, so its progress moves; none when none fills. */
const FILLING_REFRESH_MS = 5_000;

const anyFilling = (data: SuppliersResponse | undefined): boolean =>
  data?.connections.some((c) => c.state === 'filling') ?? false;

/** Whether a gas meter counts cubic metres: then the calorific value turns them into kWh. */
const anyCubicMetres = (data: SuppliersResponse): boolean =>
  data.connections.some((c) => c.meters.some((m) => m.fuel === 'gas' && m.unit === 'm3'));

/**
 * /account/{level}/supplier (issue 35): the home's supplier accounts (Octopus Energy, Bright), whose
 * smart-meter half-hours HomeView fetches by itself: each connection's state and meters (a gas meter's unit
 * to correct), the gas calorific value where a meter counts m³, connecting one, and disconnecting one (its
 * stored readings stay). At the infocare level, the dependant's home.
 */
export function SupplierPage() {
  const { level } = useParams();
  const userId = isLevel(level) ? levelUserId(level) : null;
  const queryClient = useQueryClient();
  const key = accountKey('suppliersGet', userId);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call('suppliersGet', { fields: { user_id: userId ?? 0 }, signal }),
    enabled: userId !== null,
    refetchInterval: (query) => (anyFilling(query.state.data) ? FILLING_REFRESH_MS : false),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<SupplierConnection | null>(null);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const [leavingBusy, setLeavingBusy] = useState(false);
  if (!isLevel(level)) return <Navigate to="/account" replace />;

  const now = Math.floor(Date.now() / 1000);
  const data = list.data;
  const zone = data?.time_zone;
  const update = (answer: SuppliersResponse, words: string) => {
    queryClient.setQueryData(key, answer);
    setNotice(words);
  };
  const closeDialog = () => {
    setLeaving(null);
    setLeaveError(null);
  };
  const disconnect = async (c: SupplierConnection) => {
    if (userId === null) return;
    setLeavingBusy(true);
    try {
      const answer = await call('suppliersDisconnect', { fields: { user_id: userId, id: c.id } });
      closeDialog();
      update(
        answer,
        `Disconnected ${supplierName(c.kind)} account ${ending(c.account_end)}. Its stored readings stay.`,
      );
    } catch (e) {
      setLeaveError(errorMessage(e));
    } finally {
      setLeavingBusy(false);
    }
  };
  const connected = (answer: SuppliersResponse, kind: SupplierKind) =>
    update(
      answer,
      `Connected to ${supplierName(kind)}. The last 13 months are being fetched; this page shows how far.`,
    );

  return (
    <AccountLayout title="Supplier data" back={{ to: `/account/${level}`, label: 'Back' }}>
      <p className="account__lead">
        {level === 'infocare' ? 'The home you look after' : 'Your home'}: its smart meter’s half-hours,
        fetched from the energy supplier’s account by HomeView itself. No display or plug needed.
      </p>
      {list.isPending && userId !== null ? <LoadingState title="Loading supplier accounts" /> : null}
      {list.isError ? <Alert tone="danger">{errorMessage(list.error)}</Alert> : null}
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {data && userId !== null ? (
        <>
          <section className="stack devices-section" aria-labelledby="suppliers-list">
            <h2 id="suppliers-list" className="setup__question">
              Connected accounts
            </h2>
            {data.connections.length === 0 ? (
              <div className="device-empty">
                <p>
                  <strong>No supplier account connected.</strong> Connect Octopus Energy or the Bright app
                  below, and HomeView fetches the last 13 months of electricity and gas, then keeps up by
                  itself.
                </p>
              </div>
            ) : (
              <ul className="device-list">
                {data.connections.map((c) => (
                  <li key={c.id}>
                    <ConnectionCard
                      connection={c}
                      now={now}
                      zone={zone}
                      userId={userId}
                      onDisconnect={setLeaving}
                      onUnitChanged={update}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {anyCubicMetres(data) ? <CalorificValue userId={userId} now={now} /> : null}
          <section className="stack devices-section" aria-labelledby="suppliers-connect">
            <h2 id="suppliers-connect" className="setup__question">
              Connect an account
            </h2>
            <ConnectForm userId={userId} onConnected={connected} />
          </section>
        </>
      ) : null}
      {leaving ? (
        <Dialog
          title={`Disconnect ${supplierName(leaving.kind)} account ${ending(leaving.account_end)}?`}
          onClose={closeDialog}
          actions={
            <>
              <button
                type="button"
                className="button button--danger"
                disabled={leavingBusy}
                onClick={() => void disconnect(leaving)}
              >
                Disconnect
              </button>
              <button type="button" className="button button--secondary" data-autofocus onClick={closeDialog}>
                Keep it
              </button>
            </>
          }
        >
          <p>
            HomeView stops fetching from this account. The readings already stored stay, and the charts keep
            showing them.
          </p>
          {leaveError ? <Alert tone="danger">{leaveError}</Alert> : null}
        </Dialog>
      ) : null}
    </AccountLayout>
  );
}
