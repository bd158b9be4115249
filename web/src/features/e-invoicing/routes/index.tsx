import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/**
 * The settings page renders inside the settings layout: app/router.tsx spreads these into the
 * `/settings` route's children (relative paths), which gives `/settings/e-invoicing`.
 */
export const eInvoicingSettingsRoutes: RouteObject[] = [
  { path: 'e-invoicing', lazy: lazyPage(() => import('./settings'), (m) => m.EinvoicingSettingsRoute) },
];

/** The invoice's and the return's JoFotara pages, mounted inside the signed-in shell by app/router.tsx. */
export const eInvoicingRoutes: RouteObject[] = [
  { path: '/sales/invoices/:invoiceId/e-invoice', lazy: lazyPage(() => import('./document-einvoice'), (m) => m.InvoiceEinvoiceRoute) },
  { path: '/sales/returns/:returnId/e-invoice', lazy: lazyPage(() => import('./document-einvoice'), (m) => m.ReturnEinvoiceRoute) },
];
