/**
 * JoFotara submission of invoices and their credit notes: a route group of the invoices Lambda
 * (invoices/handler.ts), loaded by the first of them called.
 */
import { defineRouteGroup } from '../http/api.js';
import { jofotaraInvoiceRoutes, jofotaraReturnRoutes } from '../e-invoicing/submission-routes.js';

export const routes = defineRouteGroup('invoices', { ...jofotaraInvoiceRoutes, ...jofotaraReturnRoutes });
