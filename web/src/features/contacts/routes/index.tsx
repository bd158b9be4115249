import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** Customers, suppliers and each contact's page, mounted inside the signed-in shell by app/router.tsx. */
export const contactsRoutes: RouteObject[] = [
  { path: '/sales/customers', lazy: lazyPage(() => import('./customers'), (m) => m.CustomersRoute) },
  { path: '/purchases/suppliers', lazy: lazyPage(() => import('./suppliers'), (m) => m.SuppliersRoute) },
  { path: '/contacts/:contactId', lazy: lazyPage(() => import('./contact'), (m) => m.ContactRoute) },
];
