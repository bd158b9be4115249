import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The Financial Reports screen, mounted inside the signed-in shell by app/router.tsx. */
export const reportsRoutes: RouteObject[] = [
  { path: '/accounting/reports', lazy: lazyPage(() => import('./reports'), (m) => m.ReportsRoute) },
  // SPEC §2 names the screen /_layout/accounting/reports; links of that form land on the page.
  { path: '/_layout/accounting/reports', element: <Navigate to="/accounting/reports" replace /> },
];
