import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The chart of accounts and each account's ledger card, mounted inside the signed-in shell. */
export const accountsRoutes: RouteObject[] = [
  { path: '/accounting/chart', lazy: lazyPage(() => import('./chart'), (m) => m.ChartOfAccountsRoute) },
  { path: '/accounting/accounts/:accountId', lazy: lazyPage(() => import('./account'), (m) => m.AccountRoute) },
];
