// The browser's side of Web Push (issue 36): the service worker (public/sw.js, which also makes the app
// installable) and this browser's push subscription. The server keeps one subscription per browser a
// person asked for; this module never decides who is notified, only whether this browser can be.

export type PushSupport = 'supported' | 'unsupported' | 'ios-not-installed';

/** iPhones and iPads get push only in the app added to the Home Screen (iOS 16.4+). */
function isIosBrowserTab(): boolean {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  return isIosBrowserTab() ? 'ios-not-installed' : 'unsupported';
}

/** Registers the service worker once per page; harmless where there is none (tests, old browsers). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // Not installable then; the app works as before.
  });
}

const toBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Asks permission, then subscribes this browser with the server's key. Null when the person said no. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: toBytes(publicKey),
  });
  return subscription.toJSON();
}

/**
 * Signing out: this browser stops getting the person's alerts (a shared computer must not show the next
 * person someone's mother's alerts). Removed on the server first, while the session still holds.
 */
export async function forgetThisBrowser(
  removeOnServer: (endpoint: string) => Promise<unknown>,
): Promise<void> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
  // getRegistration, not ready: ready never settles where no worker was registered.
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await removeOnServer(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}
