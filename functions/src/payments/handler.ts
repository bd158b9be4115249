import * as schemas from '@daftar/shared/schemas/index';
import * as payments from '@daftar/shared/schemas/payments';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import {
  getPayment,
  listPayments,
  paymentOptions,
  paymentsOfDocument,
  presentPayment,
  recordPayment,
  updatePayment,
  voidPayment,
} from './payments.js';

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

const createRoute = route({
  access: { org: 'member' },
  summary: 'Record a payment received or sent, allocated to invoices or bills; posts its entry (Idempotency-Key honoured)',
  body: payments.paymentCreate,
  response: payments.paymentPublic,
  status: 201,
  // The audit record is written in the payment's own transaction.
  autoAudit: false,
  handler: (ctx) =>
    idempotent(ctx, async (guard) => {
      const recorded = await recordPayment(ctx.organizationId!, ctx.body, { guard, createdBy: actorIdOf(ctx.principal), audit: ctx.actor() });
      return { status: 201, body: recorded.shown, resourceType: 'payment', resourceId: recorded.payment.id };
    }),
});

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One payment with its allocations',
  response: payments.paymentPublic,
  handler: async ({ organizationId, params }) => presentPayment(await getPayment(organizationId!, params.payment_id!)),
});

const updateRoute = route({
  access: { org: 'member' },
  summary: 'Change reference and notes; a different amount, date, method, contact, account or allocation is 409 (void and record again)',
  body: payments.paymentUpdate,
  response: payments.paymentPublic,
  handler: async (ctx) => {
    const { before, after } = await updatePayment(ctx.organizationId!, ctx.params.payment_id!, ctx.body);
    const changes = Object.fromEntries(
      (['reference', 'notes'] as const)
        .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
        .map((field) => [field, { from: before[field] ?? null, to: after[field] ?? null }]),
    );
    ctx.audit({
      action: 'payment.updated',
      entity_type: 'payment',
      entity_id: after.id,
      narrative: Object.keys(changes).length
        ? { key: 'audit.payment.updated', params: { number: after.number, fields: Object.keys(changes).join(', ') } }
        : { key: 'audit.payment.unchanged', params: { number: after.number } },
      changes,
    });
    return presentPayment(after);
  },
});

const voidRoute = route({
  access: { org: 'admin' },
  summary: 'Void a payment: reversal entry and every allocation undone in one transaction (again: the void payment; Idempotency-Key honoured)',
  response: payments.paymentPublic,
  // The audit record is written in the void's own transaction; a repeated void writes nothing.
  autoAudit: false,
  handler: (ctx) =>
    idempotent(ctx, async (guard) => {
      const voided = await voidPayment(ctx.organizationId!, ctx.params.payment_id!, actorIdOf(ctx.principal), { guard, audit: ctx.actor() });
      guard?.settle();
      return { status: 200, body: presentPayment(voided), resourceType: 'payment', resourceId: voided.id };
    }),
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

export const routes = defineRoutes('payments', {
  [`GET ${PAYMENTS}`]: listRoute,
  [`POST ${PAYMENTS}`]: createRoute,
  [`GET ${PAYMENTS}/list`]: optionsRoute,
  [`GET ${PAYMENTS}/received`]: typeRoute('received'),
  [`GET ${PAYMENTS}/sent`]: typeRoute('sent'),
  [`GET ${PAYMENTS}/invoices/{invoice_id}`]: invoicePaymentsRoute,
  [`GET ${PAYMENTS}/bills/{bill_id}`]: billPaymentsRoute,
  [`GET ${PAYMENTS}/{payment_id}`]: getRoute,
  [`PUT ${PAYMENTS}/{payment_id}`]: updateRoute,
  [`DELETE ${PAYMENTS}/{payment_id}`]: voidRoute,
});

export const handler = createHandler(routes);
