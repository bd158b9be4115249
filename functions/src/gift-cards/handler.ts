/**
 * The gift-card Lambda (issue 16): its routes in two groups loaded by the first request that needs
 * each (http/api.ts `routeGroups`) — the cards, and redeeming one against an invoice (the payment
 * posting).
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('gift-cards', [
  { takes: (key) => key.endsWith('/redeem'), load: () => import('./redeem-routes.js') },
  { load: () => import('./card-routes.js') },
]);

export const handler = createHandler(routes);
