/**
 * The bills Lambda: its routes (each also under accounting/, as SPEC §7 lists them) in groups
 * loaded by the first request that needs each (http/api.ts `routeGroups`): the bills themselves,
 * and a bill's payments.
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('bills', [
  { takes: (key) => key.endsWith('/{bill_id}/payments'), load: () => import('./payment-routes.js') },
  { load: () => import('./bill-routes.js') },
]);

export const handler = createHandler(routes);
