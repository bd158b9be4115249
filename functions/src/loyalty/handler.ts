/**
 * The loyalty Lambda (issue 16): its routes in two groups loaded by the first request that needs
 * each (http/api.ts `routeGroups`) — programs and rewards, and members with their points.
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('loyalty', [
  { takes: (key) => /\/loyalty\/(programs|rewards)/.test(key), load: () => import('./program-routes.js') },
  { load: () => import('./member-routes.js') },
]);

export const handler = createHandler(routes);
