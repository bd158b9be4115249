/**
 * The invoices Lambda: its routes in groups loaded by the first request that needs each
 * (http/api.ts `routeGroups`), so a cold start compiles the request pipeline and nothing of the
 * invoice code until a route asks for it; JoFotara submission is a group of its own.
 */
import { createHandler, routeGroups } from '../http/api.js';

export { printing } from './printing.js';

export const routes = routeGroups('invoices', [
  { takes: (key) => key.includes('/jofotara'), load: () => import('./jofotara-routes.js') },
  { load: () => import('./invoice-routes.js') },
]);

export const handler = createHandler(routes);
