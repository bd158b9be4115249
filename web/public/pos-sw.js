/*
 * The register's service worker (registered by features/pos/offline/service-worker.ts in production
 * builds). It keeps the app shell so /pos opens without the network once visited:
 * - built assets (/assets/*, content-hashed names): cache first, stored as they are fetched;
 * - navigations: the network first, the cached index.html when there is none;
 * - everything else (the API above all) is not touched: sales go through the register's IndexedDB
 *   outbox, and the catalogue lives in IndexedDB too.
 */
const CACHE = 'daftar-shell-v1';
const SHELL = ['/', '/index.html', '/favicon.svg'];

/** The shell and the entry's own scripts and styles, read from index.html. */
async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  const html = await (await cache.match('/index.html')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll(assets);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

/**
 * The page sends the assets it loaded before this worker controlled it (the register's own lazy
 * chunks on the first visit), so they are kept too.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && new URL(u, self.location.origin).pathname.startsWith('/assets/'));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => undefined))))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('daftar-shell-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function assetFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function navigation(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // Every path is the same SPA page: the freshest copy serves any of them offline.
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) await cache.put('/index.html', response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match('/index.html')) || (await cache.match('/'));
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetFirst(request));
  }
});
