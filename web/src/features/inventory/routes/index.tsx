import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The stock screen, mounted inside the signed-in shell by app/signed-in-routes.tsx. */
export const inventoryRoutes: RouteObject[] = [{ path: '/inventory', lazy: lazyPage(() => import('./inventory'), (m) => m.InventoryRoute) }];
