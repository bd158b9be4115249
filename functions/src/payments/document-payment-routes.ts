/**
 * Payment routes that live under a document's path, served by that document's Lambda:
 * `POST/GET bills/{bill_id}/payments` (the bills resource mounts these two objects, also under
 * `accounting/`). They read `ctx.params.bill_id`.
 */
import * as schemas from '@daftar/shared/schemas/index';
import * as payments from '@daftar/shared/schemas/payments';
import { route } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import { recordPayment, type AllocationLocator } from './payments.js';
import { getBill, paymentsOfDocument } from './read.js';

/** Problems with "the" allocation of a bill payment point at the request's amount or the bill in the path. */
const billInPath: AllocationLocator = {
  document: () => ['path'],
  amount: () => ['body', 'amount'],
};

export const recordBillPaymentRoute = route({
  access: { org: 'member' },
  summary: 'Pay this bill (supplier taken from the bill; Idempotency-Key honoured)',
  body: payments.billPaymentCreate,
  response: payments.paymentPublic,
  status: 201,
  // The audit record is written in the payment's own transaction.
  autoAudit: false,
  handler: (ctx) =>
    idempotent(ctx, async (guard) => {
      const organizationId = ctx.organizationId!;
      const bill = await getBill(organizationId, ctx.params.bill_id!);
      const recorded = await recordPayment(
        organizationId,
        {
          payment_type: 'sent',
          contact_id: bill.contact_id,
          payment_method: ctx.body.payment_method,
          date: ctx.body.date,
          amount: ctx.body.amount,
          account_id: ctx.body.account_id,
          reference: ctx.body.reference,
          notes: ctx.body.notes,
          allocations: [{ bill_id: bill.id, amount: ctx.body.amount }],
        },
        { guard, locate: billInPath, createdBy: actorIdOf(ctx.principal), audit: ctx.actor() },
      );
      return { status: 201, body: recorded.shown, resourceType: 'payment', resourceId: recorded.payment.id };
    }),
});

export const billPaymentsRoute = route({
  access: { org: 'viewer' },
  summary: 'The payments (posted and void) made against this bill',
  response: schemas.listOf(payments.paymentPublic),
  handler: async (ctx) => paymentsOfDocument(ctx.organizationId!, 'bill', ctx.params.bill_id!),
});
