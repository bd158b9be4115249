/**
 * The inventory Lambda: its routes in groups loaded by the first request that needs each
 * (http/api.ts `routeGroups`). A till's scan and availability check load only their lookups;
 * the stock movements with their posting, and the analytics with their forecasts, load apart.
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('inventory', [
  { takes: (key) => key.includes('/products/by-barcode/') || key.endsWith('/availability'), load: () => import('./lookup-routes.js') },
  { takes: (key) => key.includes('/inventory/analytics/'), load: () => import('../inventory-analytics/routes.js') },
  { load: () => import('./stock-routes.js') },
]);

export const handler = createHandler(routes);
