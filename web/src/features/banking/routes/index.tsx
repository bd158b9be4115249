import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The banking pages, mounted inside the signed-in shell by app/router.tsx. */
export const bankingRoutes: RouteObject[] = [
  { path: '/banking', lazy: lazyPage(() => import('./bank-accounts'), (m) => m.BankAccountsRoute) },
  { path: '/banking/:bankAccountId', lazy: lazyPage(() => import('./bank-account'), (m) => m.BankAccountRoute) },
];
