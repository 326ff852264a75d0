// The service worker (issue 36): makes the app installable and shows InfoCare's push notifications.
// It caches the app shell only (the HTML page, its content-hashed /assets/ files, the icons), so the app
// opens when the network is poor; /api answers are never cached: they are personal and must be current.
const SHELL = 'shell-v1';
const SHELL_FILES = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') {
    // The network first (the page is revalidated on every visit); the cached shell when offline.
    event.respondWith(fetch(request).catch(() => caches.match('/')));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    // Content-hashed, never changed: the cached copy is the right one.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(SHELL).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  const message = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(message.title || 'InfoCare', {
      body: message.body || '',
      // One tag per alert: a repeat or "X is on it" replaces the earlier notification.
      tag: message.tag,
      renotify: Boolean(message.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url || '/parents-home' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/parents-home', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // navigate() works only on a page this worker controls; otherwise a new window.
      if (open)
        return open
          .navigate(target)
          .then((w) => (w || open).focus())
          .catch(() => self.clients.openWindow(target));
      return self.clients.openWindow(target);
    }),
  );
});
