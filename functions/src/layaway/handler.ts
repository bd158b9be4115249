/**
 * Layaway's Lambda (issue 16): its routes in two groups loaded by the first request that needs
 * each (http/api.ts `routeGroups`) — reading (lists, one layaway, its payments and schedule, the
 * summaries) and changing (everything that posts money or moves stock).
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('layaway', [
  { takes: (key) => key.startsWith('GET '), load: () => import('./reading-routes.js') },
  { load: () => import('./change-routes.js') },
]);

export const handler = createHandler(routes);
