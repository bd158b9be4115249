import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The invoices pages, mounted inside the signed-in shell by app/router.tsx. */
export const invoicesRoutes: RouteObject[] = [
  { path: '/sales/invoices', lazy: lazyPage(() => import('./invoices'), (m) => m.InvoicesRoute) },
  { path: '/sales/invoices/new', lazy: lazyPage(() => import('./new-invoice'), (m) => m.NewInvoiceRoute) },
  { path: '/sales/invoices/:invoiceId', lazy: lazyPage(() => import('./invoice'), (m) => m.InvoiceRoute) },
  { path: '/sales/invoices/:invoiceId/edit', lazy: lazyPage(() => import('./edit-invoice'), (m) => m.EditInvoiceRoute) },
  { path: '/sales/returns', lazy: lazyPage(() => import('./returns'), (m) => m.ReturnsRoute) },
  { path: '/sales/returns/:returnId', lazy: lazyPage(() => import('./return'), (m) => m.ReturnRoute) },
];
