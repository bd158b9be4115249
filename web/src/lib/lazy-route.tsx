import type { ComponentType } from 'react';

/**
 * A route's `lazy` loader for a page component in its own chunk:
 * `{ path: '/sales/invoices', lazy: lazyPage(() => import('./invoices'), (m) => m.InvoicesRoute) }`.
 */
export const lazyPage =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });
