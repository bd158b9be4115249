import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The inventory dashboard, mounted inside the signed-in shell by app/signed-in-routes.tsx. */
export const inventoryAnalyticsRoutes: RouteObject[] = [
  { path: '/inventory/dashboard', lazy: lazyPage(() => import('./dashboard'), (m) => m.InventoryDashboardRoute) },
];
