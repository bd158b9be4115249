/**
 * A bill's payments (recorded against it, and its list), also under accounting/: a route group of
 * the bills Lambda (bills/handler.ts) of its own, loaded by the first of them called.
 */
import { alsoUnderAccounting } from '../http/accounting-paths.js';
import { defineRouteGroup } from '../http/api.js';
import { billPaymentsRoute, recordBillPaymentRoute } from '../payments/document-payment-routes.js';

const BILL = '/api/v1/organizations/{organization_id}/bills/{bill_id}';

export const routes = defineRouteGroup('bills', {
  ...alsoUnderAccounting({
    [`POST ${BILL}/payments`]: recordBillPaymentRoute,
    [`GET ${BILL}/payments`]: billPaymentsRoute,
  }),
});
