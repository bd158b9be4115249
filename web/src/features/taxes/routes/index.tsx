import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The taxes page, mounted inside the signed-in shell by app/router.tsx. */
export const taxesRoutes: RouteObject[] = [{ path: '/accounting/taxes', lazy: lazyPage(() => import('./taxes'), (m) => m.TaxesRoute) }];
