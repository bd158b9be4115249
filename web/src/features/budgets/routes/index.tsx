import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The budgets pages, mounted inside the signed-in shell by app/router.tsx. */
export const budgetsRoutes: RouteObject[] = [
  { path: '/accounting/budgets', lazy: lazyPage(() => import('./budgets'), (m) => m.BudgetsRoute) },
  { path: '/accounting/budgets/:budgetId', lazy: lazyPage(() => import('./budget'), (m) => m.BudgetRoute) },
];
