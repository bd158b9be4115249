import { Entity, type EntityItem } from 'electrodb';
import { EXPENSE_STATUSES } from '@daftar/shared/schemas/expenses';
import { entityConfig } from './client.js';

/**
 * An expense claim or company expense (expenses/expenses.ts).
 *
 * Access patterns:
 * - one expense by (organization, id): pk `ORG#<org>`, sk `EXPENSE#<id>`;
 * - an organization's expenses by date, newest first, optionally within a date range (the range is
 *   the key condition): gsi1 `EXPENSES#<org>`, sk `DATE#<date>#<id>`; status and category are
 *   filters on that query;
 * - one person's expenses by date ("my expenses", the user filter): gsi2
 *   `EXPENSES#<org>#USER#<user_id>`, sk `DATE#<date>#<id>`.
 *
 * Amounts are minor units of `currency`: `amount` is the gross as paid, `net_amount` +
 * `tax_amount` = `amount` (split by the shared tax calculator, price including tax). Exactly one of
 * `paid_from_account_id` and `reimbursable` says who paid. Changes of a draft rewrite the whole
 * item (the date is part of two index keys) on condition of the version read; approval sets the
 * status in the posting transaction on the same condition.
 */
export const Expense = new Entity(
  {
    model: { entity: 'expense', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
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
      status: { type: EXPENSE_STATUSES, required: true },
      rejection_reason: { type: 'string' },
      submitted_at: { type: 'string' },
      approved_at: { type: 'string' },
      approved_by: { type: 'string' },
      rejected_at: { type: 'string' },
      rejected_by: { type: 'string' },
      journal_entry_id: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'EXPENSE#${id}', casing: 'none' },
      },
      byDate: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'EXPENSES#${organization_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['date', 'id'], template: 'DATE#${date}#${id}', casing: 'none' },
      },
      byUser: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'user_id'], template: 'EXPENSES#${organization_id}#USER#${user_id}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['date', 'id'], template: 'DATE#${date}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ExpenseRecord = EntityItem<typeof Expense>;
