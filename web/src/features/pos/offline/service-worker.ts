/**
 * The register's service worker (public/pos-sw.js) keeps the app shell so /pos opens without the
 * network once visited; its scope is the till's pages (/pos…), so the rest of the app is never
 * served from its cache. Production builds only: the dev server's modules are not an app shell, and
 * tests have no service workers.
 */
export function registerPosServiceWorker() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/pos-sw.js', { scope: '/pos' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // This visit's chunks (the register's own) loaded before the worker controlled the page.
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).origin === location.origin && new URL(name).pathname.startsWith('/assets/'));
      registration.active?.postMessage({ type: 'cache-assets', urls });
    })
    .catch((error: unknown) => {
      console.error('The register could not install its offline cache', error);
    });
}
