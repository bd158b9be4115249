/**
 * The till's Lambda (issue 15): terminals, sessions, sales and returns, store credit, customers at
 * the counter, receipts, sync status and health, in route groups loaded by the first request that
 * needs each (http/api.ts `routeGroups`): a cold start that lists tills or opens a session does
 * not compile the sale's posting, promotions, loyalty and gift-card code.
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('pos', [
  { takes: (key) => key.includes('/pos/terminals'), load: () => import('./terminal-routes.js') },
  { takes: (key) => key.includes('/pos/sessions'), load: () => import('./session-routes.js') },
  { takes: (key) => key.includes('/pos/customers/'), load: () => import('./customer-routes.js') },
  { takes: (key) => /\/(send|resend)-receipt$|\/receipt-status$/.test(key), load: () => import('./receipt-routes.js') },
  { takes: (key) => key.endsWith('/pos/sync/status') || key.endsWith('/pos/health'), load: () => import('./status-routes.js') },
  { load: () => import('./sale-routes.js') },
]);

export const handler = createHandler(routes);
