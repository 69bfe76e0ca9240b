// The web board's service worker: makes the page load without the server. It keeps the page's
// own files and the last answers of the reads a board needs to show (`/api/session`,
// `/api/boards`, `/api/boards/NAME`, and `/api/boards/NAME/cards/ID` of each card opened), and
// serves them when the network does not answer. Every
// request goes to the network first, so a page that can reach the server always gets what the
// server has now; writes, the live stream and everything else pass through untouched.

const CACHE = 'kanban-offline-v6';

/** What the page needs to start, fetched when the worker installs. */
const PAGE_FILES = [
  '/',
  '/assets/api.js',
  '/assets/base.css',
  '/assets/access.js',
  '/assets/board-details.js',
  '/assets/board.css',
  '/assets/board.js',
  '/assets/card-details.js',
  '/assets/card-dialog.js',
  '/assets/cards.css',
  '/assets/columns.js',
  '/assets/details.js',
  '/assets/dom.js',
  '/assets/drag.js',
  '/assets/due.js',
  '/assets/filters.js',
  '/assets/flow.js',
  '/assets/flowview.js',
  '/assets/format.js',
  '/assets/history.js',
  '/assets/i18n-en.js',
  '/assets/i18n-fr.js',
  '/assets/i18n-ko.js',
  '/assets/i18n.js',
  '/assets/icon.svg',
  '/assets/identity.js',
  '/assets/live.js',
  '/assets/outbox.js',
  '/assets/overlays.css',
  '/assets/render.js',
  '/assets/store.js',
  '/assets/sync.js',
  '/assets/ui.js',
  '/assets/undo.js',
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
  // A card's details, as last seen, so its dialog shows them offline.
  if (/^\/api\/boards\/[^/]+\/cards\/[^/]+$/.test(path) && url.search === '') return path;
  return null;
}

self.addEventListener('fetch', (event) => {
  const key = cacheKey(event.request);
  if (key) event.respondWith(networkFirst(event, key));
});

/** Requests started, counted: an answer is kept only when no later-started one was kept first. */
let requestsStarted = 0;
/** The start number of the answer kept last, by cache key. */
const newestKept = new Map();
/** Cache writes, one after another, so one that finishes late cannot put an older answer back. */
let keeping = Promise.resolve();

/** Keeps `response` under `key` unless an answer to a request started later is kept already. */
function keep(key, response, started) {
  keeping = keeping.then(async () => {
    if ((newestKept.get(key) ?? 0) > started) return;
    newestKept.set(key, started);
    const cache = await caches.open(CACHE);
    await cache.put(key, response);
  }).catch(() => { /* not kept: the next answer will be */ });
  return keeping;
}

/** Whether an answer says the server is away, not that it refused: a proxy's 502, 503 or 504,
 * or any 5xx for the page itself (a page of the proxy's own instead of the board). */
const serverAway = (response, key) => (key === '/' ? response.status >= 500 : response.status >= 502 && response.status <= 504);

/** The network's answer (kept when it is a success), else the one kept last. */
async function networkFirst(event, key) {
  const started = ++requestsStarted;
  try {
    const response = await fetch(event.request);
    if (response.ok) {
      // Copied now, before the page reads the body; kept without holding the answer back.
      const copy = response.clone();
      event.waitUntil(keep(key, copy, started));
    } else if (serverAway(response, key)) {
      const kept = await caches.match(key, { cacheName: CACHE });
      if (kept) return kept;
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}
