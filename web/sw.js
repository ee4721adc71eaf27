// The page's offline copy (registered by web/app.js). The app itself (index.html, the scripts, the
// wasm and its data) is fetched from the network while there is one, and a copy kept; offline, the
// copy answers, so a reader who visited once can still open the page and translate with the
// models the app keeps itself (Cache API, content-hashed names: not this worker's business).
// Network first, so a new build is seen on the next load, as without this worker.
const kShell = 'attention-playground-shell';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The page lists what it loaded before this worker controlled it: its first visit.
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'keep' || !Array.isArray(event.data.urls)) return;
  event.waitUntil(caches.open(kShell).then((cache) =>
    Promise.all(event.data.urls.filter(isShell).map((url) => cache.add(url).catch(() => { /* gone meanwhile */ })))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !isShell(request.url)) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok && response.status === 200) {
      const copy = response.clone();
      event.waitUntil(caches.open(kShell).then((cache) => cache.put(request, copy)));
    }
    return response;
  }, async (offline) => {
    const kept = await caches.match(request, { cacheName: kShell, ignoreSearch: true, ignoreVary: true });
    if (kept) return kept;
    throw offline;
  }));
});

function isShell(url) {
  const u = new URL(url);
  return u.origin === self.location.origin && !u.pathname.includes('/models/');
}
