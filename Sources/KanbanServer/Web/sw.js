// The web board's service worker: makes the page load without the server. It keeps the page's
// own files and the last answers of the reads a board needs to show (`/api/session`,
// `/api/boards`, `/api/boards/NAME`), and serves them when the network does not answer. Every
// request goes to the network first, so a page that can reach the server always gets what the
// server has now; writes, the live stream and everything else pass through untouched.

const CACHE = 'kanban-offline-v1';

/** What the page needs to start, fetched when the worker installs. */
const PAGE_FILES = [
  '/',
  '/assets/board.css',
  '/assets/board.js',
  '/assets/outbox.js',
  '/assets/i18n.js',
  '/assets/flow.js',
  '/assets/icon.svg',
];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PAGE_FILES.map((path) => new Request(path, { cache: 'no-cache' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

/** The cache entry a request is kept under, or null when it is not kept: the page (whatever
 * `?board=` it names), its files, and the board reads without a query (a look at the past is not
 * kept). */
function cacheKey(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  const path = url.pathname;
  if (path === '/' && request.mode === 'navigate') return '/';
  if (path.startsWith('/assets/')) return path;
  if (path === '/api/session' || path === '/api/boards') return path;
  if (/^\/api\/boards\/[^/]+$/.test(path) && url.search === '') return path;
  return null;
}

self.addEventListener('fetch', (event) => {
  const key = cacheKey(event.request);
  if (key) event.respondWith(networkFirst(event, key));
});

/** The network's answer (kept when it is a success), else the one kept last. */
async function networkFirst(event, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(cache.put(key, response.clone()));
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}
