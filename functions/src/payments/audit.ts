import type { RouteContext } from '../http/api.js';
import type { RecordedPayment } from './payments.js';

export const actorIdOf = (ctx: RouteContext<unknown, unknown>) => {
  const actor = ctx.actor();
  return actor.user_id ?? actor.api_key_id ?? null;
};

export function auditPaymentRecorded(ctx: RouteContext<unknown, unknown>, { payment, shown, documents }: RecordedPayment) {
  const direction = payment.payment_type === 'received' ? 'received' : 'sent';
  const settles = documents.length ? `, settling ${documents.join(', ')}` : '';
  const credit = payment.amount > payment.allocated_amount
    ? `; ${shown.unallocated_amount} kept as ${payment.payment_type === 'received' ? 'customer credit' : 'supplier advance'}`
    : '';
  ctx.audit({
    action: `payment.${direction}`,
    entity_type: 'payment',
    entity_id: payment.id,
    summary: `Payment ${payment.number} ${direction}: ${shown.amount} ${shown.currency} by ${payment.payment_method}${settles}${credit}`,
    changes: {
      number: payment.number,
      contact_id: payment.contact_id,
      amount: shown.amount,
      allocations: shown.allocations,
      unallocated_amount: shown.unallocated_amount,
      journal_entry_id: payment.journal_entry_id,
    },
  });
}
