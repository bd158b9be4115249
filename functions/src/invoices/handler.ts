/**
 * The invoices Lambda: its routes in groups loaded by the first request that needs each
 * (http/api.ts `routeGroups`), so a cold start compiles the request pipeline and nothing of the
 * invoice code until a route asks for it; JoFotara submission is a group of its own.
 */
import { createHandler, routeGroups } from '../http/api.js';

export { printing } from './printing.js';

const ORG = '/api/v1/organizations/{organization_id}';
const INVOICE = `${ORG}/invoices/{invoice_id}`;
const RETURN = `${ORG}/invoices/return/invoices/{return_id}`;

export const routes = routeGroups('invoices', [
  {
    keys: [
      `GET ${ORG}/invoices`,
      `GET ${ORG}/invoices/list`,
      `POST ${ORG}/invoices/with-line-items`,
      `POST ${ORG}/invoices/promotions`,
      `GET ${INVOICE}`,
      `PUT ${INVOICE}`,
      `DELETE ${INVOICE}`,
      `PUT ${INVOICE}/with-line-items`,
      `POST ${INVOICE}/confirm`,
      `POST ${INVOICE}/duplicate`,
      `PUT ${INVOICE}/status`,
      `GET ${INVOICE}/line-items`,
      `POST ${INVOICE}/line-items`,
      `PUT ${INVOICE}/line-items/{line_item_id}`,
      `DELETE ${INVOICE}/line-items/{line_item_id}`,
      `POST ${INVOICE}/send`,
      `GET ${INVOICE}/pdf`,
      `POST ${INVOICE}/returns`,
      `GET ${ORG}/invoices/return/invoices`,
      `GET ${ORG}/invoices/return/invoices/{return_id}`,
      `GET ${ORG}/invoices/return/invoices/{return_id}/pdf`,
    ],
    load: () => import('./invoice-routes.js'),
  },
  {
    keys: [
      `POST ${INVOICE}/jofotara/submit`,
      `GET ${INVOICE}/jofotara/preview`,
      `GET ${INVOICE}/jofotara`,
      `POST ${RETURN}/jofotara/submit`,
      `GET ${RETURN}/jofotara/preview`,
      `GET ${RETURN}/jofotara`,
    ],
    load: () => import('./jofotara-routes.js'),
  },
]);

export const handler = createHandler(routes);
