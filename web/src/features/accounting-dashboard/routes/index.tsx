import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The accounting overview, mounted inside the signed-in shell by app/router.tsx. */
export const accountingDashboardRoutes: RouteObject[] = [
  { path: '/accounting', lazy: lazyPage(() => import('./overview'), (m) => m.AccountingOverviewRoute) },
];
