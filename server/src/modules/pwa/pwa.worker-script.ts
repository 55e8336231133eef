/** The worker's code, the same for every build: it reads the constants written above it. */
const WORKER_CODE = `self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE, ...ASSETS]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('quad-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(OFFLINE, { cacheName: CACHE }).then((page) => page || Response.error()),
      ),
    );
    return;
  }
  if (PRECACHED.has(url.pathname)) {
    event.respondWith(
      caches.match(url.pathname, { cacheName: CACHE }).then((hit) => hit || fetch(request)),
    );
  }
});

/** Whether a window shows this chat right now: its message needs no push. */
async function chatOnScreen(chatId) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some(
    (w) => w.visibilityState === 'visible' && new URL(w.url).pathname === '/messages/' + chatId,
  );
}

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  event.waitUntil(
    (async () => {
      if (data.chatId && (await chatOnScreen(data.chatId))) return;
      await self.registration.showNotification(data.title, {
        body: data.body,
        icon: data.icon,
        badge: data.icon,
        tag: data.tag,
        renotify: true,
        data: { url: data.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/notifications', self.location.origin);
  // Only a page of this site: a push names its own campus's address.
  const url = target.origin === self.location.origin ? target.href : new URL('/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== url && 'navigate' in open) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
`;

/**
 * The service worker (ADR 058), written by the server for the build it serves:
 * `version` comes from the build's manifest, so a new deploy is a new worker,
 * which takes over at once and tells the open pages (they offer a reload).
 *
 * - The build's static files and the offline page are precached; a file of
 *   the build is answered from the cache, anything else from the network.
 * - /api, /dev and the pages themselves are never cached: a page that cannot
 *   be fetched shows the offline page instead.
 * - A push is shown with its title, words, icon and tag (one per chat), but
 *   not a message while its chat is open and visible; a click focuses a Quad
 *   window on the push's page, or opens one.
 */
export function serviceWorkerScript({
  version,
  assets,
  offlinePath,
}: {
  version: string;
  assets: string[];
  offlinePath: string;
}): string {
  return `/* Quad service worker ${version} (ADR 058) */
'use strict';
const CACHE = ${JSON.stringify(`quad-${version}`)};
const OFFLINE = ${JSON.stringify(offlinePath)};
const ASSETS = ${JSON.stringify(assets)};
const PRECACHED = new Set(ASSETS);

${WORKER_CODE}`;
}
