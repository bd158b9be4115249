/**
 * The payments Lambda: its routes in two groups loaded by the first request that needs each
 * (http/api.ts `routeGroups`) — reading (lists, one payment, a document's payments) and changing
 * (record, edit, void: the posting).
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('payments', [
  { takes: (key) => key.startsWith('GET '), load: () => import('./reading-routes.js') },
  { load: () => import('./change-routes.js') },
]);

export const handler = createHandler(routes);
