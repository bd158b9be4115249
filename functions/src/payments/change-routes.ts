/**
 * Recording, changing and voiding payments: the route group of the payments Lambda
 * (payments/handler.ts) that carries the posting.
 */
import * as payments from '@daftar/shared/schemas/payments';
import { defineRouteGroup, route } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import { recordPayment, updatePayment, voidPayment } from './payments.js';
import { presentPayment } from './read.js';

const ORG = '/api/v1/organizations/{organization_id}';
const PAYMENTS = `${ORG}/payments`;

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

export const routes = defineRouteGroup('payments', {
  [`POST ${PAYMENTS}`]: createRoute,
  [`PUT ${PAYMENTS}/{payment_id}`]: updateRoute,
  [`DELETE ${PAYMENTS}/{payment_id}`]: voidRoute,
});
