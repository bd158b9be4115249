import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The expenses pages, mounted inside the signed-in shell by app/router.tsx. */
export const expensesRoutes: RouteObject[] = [
  { path: '/purchases/expenses', lazy: lazyPage(() => import('./expenses'), (m) => m.ExpensesRoute) },
  { path: '/purchases/expenses/new', lazy: lazyPage(() => import('./new-expense'), (m) => m.NewExpenseRoute) },
  { path: '/purchases/expenses/:expenseId', lazy: lazyPage(() => import('./expense'), (m) => m.ExpenseRoute) },
  { path: '/purchases/expenses/:expenseId/edit', lazy: lazyPage(() => import('./edit-expense'), (m) => m.EditExpenseRoute) },
  { path: '/purchases/expense-categories', lazy: lazyPage(() => import('./expense-categories'), (m) => m.ExpenseCategoriesRoute) },
];
