/**
 * The bills Lambda: its routes (each also under accounting/, as SPEC §7 lists them) in groups
 * loaded by the first request that needs each (http/api.ts `routeGroups`): the bills themselves,
 * and a bill's payments.
 */
import { keysAlsoUnderAccounting } from '../http/accounting-paths.js';
import { createHandler, routeGroups } from '../http/api.js';

const ORG = '/api/v1/organizations/{organization_id}';
const BILLS = `${ORG}/bills`;
const BILL = `${BILLS}/{bill_id}`;

export const routes = routeGroups('bills', [
  {
    keys: keysAlsoUnderAccounting([
        `GET ${BILLS}`,
        `POST ${BILLS}`,
        `GET ${BILLS}/list`,
        `POST ${BILLS}/with-line-items`,
        `GET ${BILL}`,
        `PUT ${BILL}`,
        `DELETE ${BILL}`,
        `PUT ${BILL}/with-line-items`,
        `POST ${BILL}/confirm`,
        `PUT ${BILL}/status`,
        `GET ${BILLS}/status/{status}`,
        `GET ${BILLS}/supplier/{supplier_id}`,
        `GET ${BILLS}/overdue/all`,
        `GET ${BILL}/line-items`,
        `POST ${BILL}/line-items`,
        `PUT ${BILL}/line-items/{line_item_id}`,
        `DELETE ${BILL}/line-items/{line_item_id}`,
    ]),
    load: () => import('./bill-routes.js'),
  },
  {
    keys: keysAlsoUnderAccounting([`POST ${BILL}/payments`, `GET ${BILL}/payments`]),
    load: () => import('./payment-routes.js'),
  },
]);

export const handler = createHandler(routes);
