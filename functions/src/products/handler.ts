/**
 * The products Lambda (issue 14): the catalogue's routes in two groups loaded by the first request
 * that needs each (http/api.ts `routeGroups`) — the catalogue itself, and its files (template,
 * export, import).
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('products', [
  { takes: (key) => /\/products-services\/(template|export|import)(\/|$)/.test(key), load: () => import('./file-routes.js') },
  { load: () => import('./catalogue-routes.js') },
]);

export const handler = createHandler(routes);
