/**
 * The till's Lambda (issue 15): terminals, sessions, sales and returns, store credit, customers at
 * the counter, receipts, sync status and health, in route groups loaded by the first request that
 * needs each (http/api.ts `routeGroups`): a cold start that lists tills or opens a session does
 * not compile the sale's posting, promotions, loyalty and gift-card code.
 */
import { createHandler, routeGroups } from '../http/api.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = routeGroups('pos', [
  {
    keys: [
      `GET ${ORG}/pos/terminals`,
      `POST ${ORG}/pos/terminals`,
      `GET ${ORG}/pos/terminals/{terminal_id}`,
      `PUT ${ORG}/pos/terminals/{terminal_id}`,
      `DELETE ${ORG}/pos/terminals/{terminal_id}`,
    ],
    load: () => import('./terminal-routes.js'),
  },
  {
    keys: [
      `GET ${ORG}/pos/sessions`,
      `POST ${ORG}/pos/sessions`,
      `PATCH ${ORG}/pos/sessions/{session_id}`,
    ],
    load: () => import('./session-routes.js'),
  },
  {
    keys: [
      `GET ${ORG}/pos/transactions`,
      `POST ${ORG}/pos/transactions`,
      `GET ${ORG}/pos/transactions/{transaction_id}`,
      `GET ${ORG}/pos/transactions/{transaction_id}/return-details`,
      `POST ${ORG}/pos/returns`,
      `POST ${ORG}/pos/store-credit`,
    ],
    load: () => import('./sale-routes.js'),
  },
  {
    keys: [
      `GET ${ORG}/pos/customers/search`,
      `POST ${ORG}/pos/customers/quick-create`,
      `GET ${ORG}/pos/customers/{customer_id}/purchase-history`,
      `GET ${ORG}/pos/customers/{customer_id}/account-balance`,
    ],
    load: () => import('./customer-routes.js'),
  },
  {
    keys: [
      `POST ${ORG}/pos/transactions/{transaction_id}/send-receipt`,
      `GET ${ORG}/pos/transactions/{transaction_id}/receipt-status`,
      `POST ${ORG}/pos/transactions/{transaction_id}/resend-receipt`,
    ],
    load: () => import('./receipt-routes.js'),
  },
  {
    keys: [
      `GET ${ORG}/pos/sync/status`,
      `GET ${ORG}/pos/health`,
    ],
    load: () => import('./status-routes.js'),
  },
]);

export const handler = createHandler(routes);
