/**
 * The audit records of payments, written inside the payment's own transaction (the posting path),
 * so a recorded or voided payment always has its record and a refused one never does.
 */
import type { AuditEntry } from '../db/auditLog.js';
import type { PaymentRecord } from '../db/payment.js';
import type { RecordedPayment } from './payments.js';
import { presentPayment } from './read.js';

/**
 * The settled documents are labelled "Invoice INV-000001"; the narrative names the kind in the
 * reader's language, so it takes only the number (the label's last word).
 */
const documentNumber = (label: string) => label.slice(label.lastIndexOf(' ') + 1);

export function paymentRecordedAudit({ payment, shown, documents }: RecordedPayment): AuditEntry {
  const direction = payment.payment_type === 'received' ? 'received' : 'sent';
  const kept = payment.amount > payment.allocated_amount;
  // A payment settles documents, keeps credit, or both; each case is its own sentence.
  const shape = !documents.length ? '_unallocated' : kept ? '_partly' : '';
  return {
    action: `payment.${direction}`,
    entity_type: 'payment',
    entity_id: payment.id,
    narrative: {
      key: `audit.payment.${direction}${shape}`,
      params: {
        number: payment.number,
        amount: shown.amount,
        currency: shown.currency,
        method: payment.payment_method,
        documents: documents.map(documentNumber).join(', '),
        unallocated: shown.unallocated_amount,
      },
    },
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
    narrative: { key: 'audit.payment.voided', params: { number: voided.number, amount: shown.amount, currency: shown.currency } },
    changes: { status: { from: 'posted', to: 'void' }, reversal_entry_id: voided.reversal_entry_id, allocations: shown.allocations },
  };
}
