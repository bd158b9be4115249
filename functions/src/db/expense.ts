import type { EntityItem } from 'electrodb';
import { EXPENSE_STATUSES } from '@daftar/shared/schemas/codes';
import { documentEntity } from './document-entity.js';

/**
 * An expense claim or company expense (expenses/expenses.ts).
 *
 * Access patterns (the document layout, db/document-entity.ts, with both listings sorted by date,
 * not creation: expenses are looked up by when the money was spent):
 * - one expense by (organization, id): pk `ORG#<org>`, sk `EXPENSE#<id>`;
 * - an organization's expenses by date, newest first, optionally within a date range (the range is
 *   the key condition), `byDate`: gsi1 `EXPENSES#<org>`, sk `DATE#<date>#<id>`; status and category
 *   are filters on that query;
 * - one person's expenses by date ("my expenses", the user filter), `byUser`: gsi2
 *   `EXPENSES#<org>#USER#<user_id>`, sk `DATE#<date>#<id>`.
 *
 * Amounts are minor units of `currency`: `amount` is the gross as paid, `net_amount` +
 * `tax_amount` = `amount` (split by the shared tax calculator, price including tax). Exactly one of
 * `paid_from_account_id` and `reimbursable` says who paid. Changes of a draft rewrite the whole
 * item (the date is part of two index keys) on condition of the version read; approval sets the
 * status in the posting transaction on the same condition.
 */
export const Expense = documentEntity({
  entity: 'expense',
  skPrefix: 'EXPENSE',
  collection: 'EXPENSES',
  statuses: EXPENSE_STATUSES,
  gsi1: { name: 'byDate', order: 'date' },
  gsi2: { name: 'byUser', by: 'user_id', label: 'USER', order: 'date' },
  attributes: {
    user_id: { type: 'string', required: true, readOnly: true },
    date: { type: 'string', required: true },
    category_id: { type: 'string', required: true },
    description: { type: 'string', required: true },
    currency: { type: 'string', required: true },
    amount: { type: 'number', required: true },
    net_amount: { type: 'number', required: true },
    tax_amount: { type: 'number', required: true },
    tax_id: { type: 'string' },
    tax_rate: { type: 'string', required: true },
    paid_from_account_id: { type: 'string' },
    reimbursable: { type: 'boolean', required: true, default: false },
    contact_id: { type: 'string' },
    file_id: { type: 'string' },
    reference: { type: 'string' },
    notes: { type: 'string' },
    rejection_reason: { type: 'string' },
    submitted_at: { type: 'string' },
    approved_at: { type: 'string' },
    approved_by: { type: 'string' },
    rejected_at: { type: 'string' },
    rejected_by: { type: 'string' },
    journal_entry_id: { type: 'string' },
  },
});
export type ExpenseRecord = EntityItem<typeof Expense>;
