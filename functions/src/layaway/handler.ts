/**
 * Layaway's Lambda (issue 16): its routes in two groups loaded by the first request that needs
 * each (http/api.ts `routeGroups`) — reading (lists, one layaway, its payments and schedule, the
 * summaries) and changing (everything that posts money or moves stock).
 */
import { createHandler, routeGroups } from '../http/api.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = routeGroups('layaway', [
  {
    keys: [
      `GET ${ORG}/layaway`,
      `GET ${ORG}/layaway/summary`,
      `GET ${ORG}/layaway/location/{location_id}/summary`,
      `GET ${ORG}/layaway/{layaway_id}`,
      `GET ${ORG}/layaway/{layaway_id}/items`,
      `GET ${ORG}/layaway/{layaway_id}/payments`,
      `GET ${ORG}/layaway/{layaway_id}/payment-schedule`,
    ],
    load: () => import('./reading-routes.js'),
  },
  {
    keys: [
      `POST ${ORG}/layaway`,
      `POST ${ORG}/layaway/check-overdue`,
      `POST ${ORG}/layaway/bulk-operations`,
      `PUT ${ORG}/layaway/{layaway_id}`,
      `POST ${ORG}/layaway/{layaway_id}/cancel`,
      `POST ${ORG}/layaway/{layaway_id}/pickup`,
      `POST ${ORG}/layaway/{layaway_id}/complete`,
      `POST ${ORG}/layaway/{layaway_id}/reserve-inventory`,
      `POST ${ORG}/layaway/{layaway_id}/items`,
      `PUT ${ORG}/layaway/{layaway_id}/items/{item_id}`,
      `POST ${ORG}/layaway/{layaway_id}/payments`,
    ],
    load: () => import('./change-routes.js'),
  },
]);

export const handler = createHandler(routes);
