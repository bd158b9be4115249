import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The old address of the dashboard (SPEC §2) keeps working, with its query (`?period=`). */
function LegacyAnalyticsRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/accounting/analytics', search }} replace />;
}

/** The analytics dashboard, mounted inside the signed-in shell by app/router.tsx. */
export const analyticsRoutes: RouteObject[] = [
  { path: '/accounting/analytics', lazy: lazyPage(() => import('./analytics'), (m) => m.AnalyticsRoute) },
  { path: '/_layout/accounting/analytics', element: <LegacyAnalyticsRedirect /> },
];
