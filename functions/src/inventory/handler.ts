/**
 * The inventory Lambda: its routes in groups loaded by the first request that needs each
 * (http/api.ts `routeGroups`). A till's scan and availability check load only their lookups;
 * the stock movements with their posting, and the analytics with their forecasts, load apart.
 */
import { createHandler, routeGroups } from '../http/api.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = routeGroups('inventory', [
  {
    keys: [
      `GET ${ORG}/inventory/products/by-barcode/{barcode}`,
      `GET ${ORG}/inventory/products/{product_id}/availability`,
    ],
    load: () => import('./lookup-routes.js'),
  },
  {
    keys: [
      `GET ${ORG}/inventory/locations`,
      `GET ${ORG}/inventory/stock-movements`,
      `POST ${ORG}/inventory/stock-movements`,
      `GET ${ORG}/inventory/products/{product_id}/stock-movements`,
      `POST ${ORG}/inventory/products/{product_id}/adjust-stock`,
      `GET ${ORG}/inventory/low-stock`,
      `GET ${ORG}/inventory/stock-report`,
      `GET ${ORG}/inventory/inventory-value`,
      `GET ${ORG}/inventory/valuation-report`,
      `GET ${ORG}/inventory/recosting`,
      `GET ${ORG}/inventory/recent-movements`,
      `GET ${ORG}/inventory/stock-movements/by-location`,
      `GET ${ORG}/inventory/movements/{movement_id}`,
      `DELETE ${ORG}/inventory/movements/{movement_id}`,
      `GET ${ORG}/inventory/movements/by-reference/{reference_type}/{reference_id}`,
      `POST ${ORG}/inventory/bulk-adjustment`,
    ],
    load: () => import('./stock-routes.js'),
  },
  {
    keys: [
      `GET ${ORG}/inventory/analytics/overview`,
      `GET ${ORG}/inventory/analytics/trends`,
      `GET ${ORG}/inventory/analytics/top-selling`,
      `GET ${ORG}/inventory/analytics/slow-moving`,
      `GET ${ORG}/inventory/analytics/abc-analysis`,
      `GET ${ORG}/inventory/analytics/forecast/{product_id}`,
      `GET ${ORG}/inventory/analytics/dashboard-metrics`,
      `GET ${ORG}/inventory/analytics/performance-metrics`,
    ],
    load: () => import('../inventory-analytics/routes.js'),
  },
]);

export const handler = createHandler(routes);
