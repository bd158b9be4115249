import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The bills pages, mounted inside the signed-in shell by app/router.tsx. */
export const billsRoutes: RouteObject[] = [
  { path: '/purchases/bills', lazy: lazyPage(() => import('./bills'), (m) => m.BillsRoute) },
  { path: '/purchases/bills/new', lazy: lazyPage(() => import('./new-bill'), (m) => m.NewBillRoute) },
  { path: '/purchases/bills/:billId', lazy: lazyPage(() => import('./bill'), (m) => m.BillRoute) },
  { path: '/purchases/bills/:billId/edit', lazy: lazyPage(() => import('./edit-bill'), (m) => m.EditBillRoute) },
];
