/**
 * The audit records of payments, written inside the payment's own transaction (the posting path),
 * so a recorded or voided payment always has its record and a refused one never does.
 */
import type { AuditEntry } from '../db/auditLog.js';
import type { PaymentRecord } from '../db/payment.js';
import type { RecordedPayment } from './payments.js';
import { presentPayment } from './payments.js';

export function paymentRecordedAudit({ payment, shown, documents }: RecordedPayment): AuditEntry {
  const direction = payment.payment_type === 'received' ? 'received' : 'sent';
  const settles = documents.length ? `, settling ${documents.join(', ')}` : '';
  const credit = payment.amount > payment.allocated_amount
    ? `; ${shown.unallocated_amount} kept as ${payment.payment_type === 'received' ? 'customer credit' : 'supplier advance'}`
    : '';
  return {
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
  };
}

export function paymentVoidedAudit(voided: PaymentRecord): AuditEntry {
  const shown = presentPayment(voided);
  return {
    action: 'payment.voided',
    entity_type: 'payment',
    entity_id: voided.id,
    summary: `Payment ${voided.number} voided (${shown.amount} ${shown.currency}); its allocations were undone`,
    changes: { status: { from: 'posted', to: 'void' }, reversal_entry_id: voided.reversal_entry_id, allocations: shown.allocations },
  };
}
