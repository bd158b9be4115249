/**
 * The payments Lambda: its routes in two groups loaded by the first request that needs each
 * (http/api.ts `routeGroups`) — reading (lists, one payment, a document's payments) and changing
 * (record, edit, void: the posting).
 */
import { createHandler, routeGroups } from '../http/api.js';

const ORG = '/api/v1/organizations/{organization_id}';
const PAYMENTS = `${ORG}/payments`;

export const routes = routeGroups('payments', [
  {
    keys: [
      `GET ${PAYMENTS}`,
      `GET ${PAYMENTS}/list`,
      `GET ${PAYMENTS}/received`,
      `GET ${PAYMENTS}/sent`,
      `GET ${PAYMENTS}/invoices/{invoice_id}`,
      `GET ${PAYMENTS}/bills/{bill_id}`,
      `GET ${PAYMENTS}/{payment_id}`,
    ],
    load: () => import('./reading-routes.js'),
  },
  {
    keys: [
      `POST ${PAYMENTS}`,
      `PUT ${PAYMENTS}/{payment_id}`,
      `DELETE ${PAYMENTS}/{payment_id}`,
    ],
    load: () => import('./change-routes.js'),
  },
]);

export const handler = createHandler(routes);
