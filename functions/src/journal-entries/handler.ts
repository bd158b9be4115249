/**
 * Journal entries and the books' periods: manual entries (entry-routes.ts, with the posting
 * engine) and accounting periods with the ledger's verification (period-routes.ts), in route
 * groups loaded by the first request that needs each (http/api.ts `routeGroups`).
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('journal-entries', [
  { takes: (key) => key.includes('/accounting/'), load: () => import('./period-routes.js') },
  { load: () => import('./entry-routes.js') },
]);

export const handler = createHandler(routes);
