import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, errorMessage } from '../../../shared/api';
import { currentSubscription, pushSupport, subscribeThisBrowser } from '../../../shared/push';
import { Alert } from '../../../shared/ui/Alert';
import { pushKeyQuery } from '../queries';

// Issue 36: "Notify this phone": this browser's own push subscription, beside the alert channels. Each
// browser is subscribed on itself (a carer may have several); the server keeps them per person.

type State =
  | { kind: 'checking' }
  | { kind: 'unsupported' | 'ios-not-installed' | 'no-server' | 'denied' }
  | { kind: 'off' | 'on'; others: number };

const IPHONE_STEPS = (
  <ol className="push-steps">
    <li>Open this page in Safari.</li>
    <li>
      Tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
    </li>
    <li>
      Open InfoCare from the new icon on your Home Screen, come back to this screen and tap Notify this phone.
    </li>
  </ol>
);

export function NotifyThisPhone() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const support = pushSupport();
    if (support !== 'supported') return setState({ kind: support });
    let live = true;
    void (async () => {
      try {
        const { public_key } = await queryClient.fetchQuery(pushKeyQuery);
        if (public_key === null) return live && setState({ kind: 'no-server' });
        const [mine, list] = await Promise.all([currentSubscription(), call('pushSubscriptions', {})]);
        const here = mine !== null && list.subscriptions.some((s) => s.endpoint === mine.endpoint);
        const others = list.subscriptions.length - (here ? 1 : 0);
        if (live)
          setState(
            Notification.permission === 'denied' ? { kind: 'denied' } : { kind: here ? 'on' : 'off', others },
          );
      } catch (error) {
        if (live) setProblem(errorMessage(error));
      }
    })();
    return () => {
      live = false;
    };
  }, [queryClient]);

  const others = state.kind === 'on' || state.kind === 'off' ? state.others : 0;
  const act = async (what: 'subscribe' | 'unsubscribe') => {
    setBusy(true);
    setProblem(null);
    try {
      if (what === 'subscribe') {
        const { public_key } = await queryClient.fetchQuery(pushKeyQuery);
        const sub = public_key === null ? null : await subscribeThisBrowser(public_key);
        if (sub === null) return setState({ kind: public_key === null ? 'no-server' : 'denied' });
        await call('pushSubscribe', {
          fields: { endpoint: sub.endpoint ?? '', keys: sub.keys as { p256dh: string; auth: string } },
        });
        setState({ kind: 'on', others });
      } else {
        const sub = await currentSubscription();
        if (sub) {
          await call('pushUnsubscribe', { fields: { endpoint: sub.endpoint } }).catch(() => undefined);
          await sub.unsubscribe();
        }
        setState({ kind: 'off', others });
      }
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stack" aria-labelledby="notify-this-phone">
      <h2 id="notify-this-phone">Notify this phone</h2>
      <p>
        Alerts can arrive on this phone or computer as notifications, free of charge, with “I'm on it” one tap
        away.
      </p>
      {state.kind === 'checking' ? <p role="status">Checking this browser…</p> : null}
      {state.kind === 'on' ? <Alert tone="info">This phone is notified of alerts.</Alert> : null}
      {state.kind === 'off' ? <p>This phone is not notified yet.</p> : null}
      {others > 0 ? (
        <p>{others === 1 ? '1 other browser is' : `${others} other browsers are`} notified too.</p>
      ) : null}
      {state.kind === 'no-server' ? (
        <p>Notifications are not set up on this server yet: alerts come by email and SMS as chosen.</p>
      ) : null}
      {state.kind === 'unsupported' ? <p>This browser cannot show notifications from InfoCare.</p> : null}
      {state.kind === 'denied' ? (
        <Alert tone="danger">
          Notifications are blocked for InfoCare in this browser. Allow them in the browser's site settings,
          then come back here.
        </Alert>
      ) : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {state.kind === 'off' ? (
        <p>
          <button type="button" className="button" disabled={busy} onClick={() => void act('subscribe')}>
            Notify this phone
          </button>
        </p>
      ) : null}
      {state.kind === 'on' ? (
        <p>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void act('unsubscribe')}
          >
            Stop notifying this phone
          </button>
        </p>
      ) : null}
      <h3>On an iPhone or iPad</h3>
      <p>
        {state.kind === 'ios-not-installed'
          ? 'Notifications need InfoCare on your Home Screen first (iOS 16.4 or later):'
          : 'Add InfoCare to the Home Screen first (iOS 16.4 or later):'}
      </p>
      {IPHONE_STEPS}
    </section>
  );
}
