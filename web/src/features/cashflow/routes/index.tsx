import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** Cash flow (issue 17): one page with its four tabs, inside the signed-in shell (the accounting area). */
export const cashFlowRoutes: RouteObject[] = [{ path: '/cash-flow', lazy: lazyPage(() => import('./cash-flow'), (m) => m.CashFlowRoute) }];
