/**
 * Reading payments: the lists, one payment and a document's payments — the route group of the
 * payments Lambda (payments/handler.ts) that loads no posting.
 */
import * as schemas from '@daftar/shared/schemas/index';
import * as payments from '@daftar/shared/schemas/payments';
import { defineRouteGroup, route } from '../http/api.js';
import { getPayment, listPayments, paymentOptions, paymentsOfDocument, presentPayment } from './read.js';

const ORG = '/api/v1/organizations/{organization_id}';
const PAYMENTS = `${ORG}/payments`;
const paymentList = schemas.listOf(payments.paymentPublic);

const listRoute = route({
  access: { org: 'viewer' },
  summary: 'Payments, newest first (filters: payment_type, payment_method, contact_id)',
  query: payments.paymentListQuery,
  response: paymentList,
  handler: async ({ organizationId, query }) => listPayments(organizationId!, query),
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'All payments in short form for pickers (filter: payment_type)',
  query: payments.paymentOptionsQuery,
  response: schemas.listOf(payments.paymentOption),
  handler: async ({ organizationId, query }) => paymentOptions(organizationId!, query.payment_type),
});

const typeRoute = (type: payments.PaymentType) =>
  route({
    access: { org: 'viewer' },
    summary: type === 'received' ? 'Payments received from customers, newest first' : 'Payments sent to suppliers, newest first',
    query: payments.paymentPageQuery,
    response: paymentList,
    handler: async ({ organizationId, query }) => listPayments(organizationId!, { ...query, payment_type: type }),
  });

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One payment with its allocations',
  response: payments.paymentPublic,
  handler: async ({ organizationId, params }) => presentPayment(await getPayment(organizationId!, params.payment_id!)),
});

const invoicePaymentsRoute = route({
  access: { org: 'viewer' },
  summary: 'The payments (posted and void) allocated to an invoice',
  response: paymentList,
  handler: async ({ organizationId, params }) => paymentsOfDocument(organizationId!, 'invoice', params.invoice_id!),
});

const billPaymentsRoute = route({
  access: { org: 'viewer' },
  summary: 'The payments (posted and void) allocated to a bill',
  response: paymentList,
  handler: async ({ organizationId, params }) => paymentsOfDocument(organizationId!, 'bill', params.bill_id!),
});

export const routes = defineRouteGroup('payments', {
  [`GET ${PAYMENTS}`]: listRoute,
  [`GET ${PAYMENTS}/list`]: optionsRoute,
  [`GET ${PAYMENTS}/received`]: typeRoute('received'),
  [`GET ${PAYMENTS}/sent`]: typeRoute('sent'),
  [`GET ${PAYMENTS}/invoices/{invoice_id}`]: invoicePaymentsRoute,
  [`GET ${PAYMENTS}/bills/{bill_id}`]: billPaymentsRoute,
  [`GET ${PAYMENTS}/{payment_id}`]: getRoute,
});
