/**
 * Expenses and their categories (GitHub issue 4). An expense is what someone spent for the
 * business: a gross amount as paid, optionally including input sales tax, paid from a cash or bank
 * account of the company or by the employee (reimbursable). It goes draft → submitted → approved
 * (posted to the ledger) or rejected (with a reason); a rejected expense may be corrected, which
 * makes it a draft again.
 */
import * as z from 'zod';
import { calendarDate, id, pagination, queryBoolean } from './common.js';
import { EXPENSE_STATUSES } from './codes.js';

export { EXPENSE_STATUSES } from './codes.js';
export type { ExpenseStatus } from './codes.js';

// ---------------------------------------------------------------------------------------------
// Categories

const categoryName = z.string().trim().min(1, 'Name is required').max(200);

export const expenseCategoryCreate = z.strictObject({
  name: categoryName,
  name_ar: z.string().trim().max(200).nullish(),
  /** An active expense account of the organization: where approved expenses of the category are debited. */
  account_id: id,
  description: z.string().trim().max(1000).nullish(),
  is_active: z.boolean().default(true),
});
export type ExpenseCategoryCreate = z.output<typeof expenseCategoryCreate>;

/** Absent fields keep their value; null clears `name_ar` and `description`; `version`, when given, must match. */
export const expenseCategoryUpdate = z
  .strictObject({
    name: categoryName.optional(),
    name_ar: z.string().trim().max(200).nullish(),
    account_id: id.optional(),
    description: z.string().trim().max(1000).nullish(),
    is_active: z.boolean().optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type ExpenseCategoryUpdate = z.output<typeof expenseCategoryUpdate>;

export const expenseCategoryListQuery = pagination.extend({
  include_inactive: queryBoolean.default(false),
});

export const expenseCategoryPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  account_id: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  /** Expenses (of any status) filed under the category; a category in use is deactivated, not deleted. */
  expense_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExpenseCategoryPublic = z.infer<typeof expenseCategoryPublic>;

// ---------------------------------------------------------------------------------------------
// Expenses

/** The gross amount as paid, in major units ("11.600"); its precision is checked against the currency. */
export const expenseAmount = z.union([
  z.string().trim().regex(/^\d{1,15}(\.\d{1,9})?$/, 'Amount must be a positive decimal such as 11.600'),
  z.number().finite().nonnegative('Amount must be positive').max(1e15),
]).refine((v) => (typeof v === 'number' ? v > 0 : /[1-9]/.test(v)), 'Amount must be more than zero');

const expenseFields = {
  date: calendarDate,
  category_id: id,
  description: z.string().trim().min(1, 'Description is required').max(1000),
  amount: expenseAmount,
  /** A purchase (input) tax included in the amount; none: the whole amount is the expense. */
  tax_id: id.nullish(),
  /** A cash or bank account the company paid from; or `reimbursable: true` when the employee paid. */
  paid_from_account_id: id.nullish(),
  reimbursable: z.boolean().optional(),
  /** The supplier paid, a contact of the organization. */
  contact_id: id.nullish(),
  /** The receipt, an uploaded file of the organization. */
  file_id: id.nullish(),
  reference: z.string().trim().max(100).nullish(),
  notes: z.string().trim().max(4000).nullish(),
};

/** Paid by the company from an account, or by the employee: exactly one. */
const onePaymentSource = (v: { paid_from_account_id?: string | null; reimbursable?: boolean }, ctx: z.RefinementCtx) => {
  if (v.reimbursable && v.paid_from_account_id) {
    ctx.addIssue({ code: 'custom', path: ['paid_from_account_id'], message: 'A reimbursable expense was paid by the employee; give no paid-from account' });
  }
};

export const expenseCreate = z.strictObject(expenseFields).superRefine((v, ctx) => {
  onePaymentSource(v, ctx);
  if (!v.reimbursable && !v.paid_from_account_id) {
    ctx.addIssue({ code: 'custom', path: ['paid_from_account_id'], message: 'Give the account the expense was paid from, or mark it reimbursable' });
  }
});
export type ExpenseCreate = z.output<typeof expenseCreate>;

/**
 * PUT: absent fields keep their value, null clears an optional one. Giving a paid-from account
 * makes the expense company-paid; `reimbursable: true` clears the account. `version`, when given,
 * must match.
 */
export const expenseUpdate = z
  .strictObject({
    date: calendarDate.optional(),
    category_id: id.optional(),
    description: expenseFields.description.optional(),
    amount: expenseAmount.optional(),
    tax_id: id.nullish(),
    paid_from_account_id: id.nullish(),
    reimbursable: z.boolean().optional(),
    contact_id: id.nullish(),
    file_id: id.nullish(),
    reference: z.string().trim().max(100).nullish(),
    notes: z.string().trim().max(4000).nullish(),
    version: z.number().int().min(1).optional(),
  })
  .superRefine(onePaymentSource)
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type ExpenseUpdate = z.output<typeof expenseUpdate>;

export const expenseReject = z.strictObject({
  reason: z.string().trim().min(1, 'A reason is required').max(1000),
  version: z.number().int().min(1).optional(),
});

/** Submit, approve and delete may name the version read (`?version=3`): another version is a 409. */
export const expenseVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

const dateRange = {
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
};
const fromNotAfterTo = (v: { date_from?: string; date_to?: string }) => !v.date_from || !v.date_to || v.date_from <= v.date_to;
const rangeMessage = { message: 'date_from must not be after date_to', path: ['date_to'] };

export const expenseListQuery = pagination
  .extend({
    status: z.enum(EXPENSE_STATUSES).optional(),
    category_id: id.optional(),
    user_id: id.optional(),
    ...dateRange,
  })
  .refine(fromNotAfterTo, rangeMessage);

/** The caller's own expenses. */
export const expenseMineQuery = pagination
  .extend({ status: z.enum(EXPENSE_STATUSES).optional(), category_id: id.optional(), ...dateRange })
  .refine(fromNotAfterTo, rangeMessage);

export const expenseOptionsQuery = z.object({ status: z.enum(EXPENSE_STATUSES).optional() });

export const expensePublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  /** Who filed it (the employee owed a reimbursable expense). */
  user_id: z.string(),
  date: z.string(),
  category_id: z.string(),
  description: z.string(),
  currency: z.string(),
  /** Gross, as paid. */
  amount: z.string(),
  net_amount: z.string(),
  tax_amount: z.string(),
  tax_id: z.string().nullable(),
  tax_rate: z.string(),
  paid_from_account_id: z.string().nullable(),
  reimbursable: z.boolean(),
  contact_id: z.string().nullable(),
  file_id: z.string().nullable(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(EXPENSE_STATUSES),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  rejected_at: z.string().nullable(),
  rejected_by: z.string().nullable(),
  journal_entry_id: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExpensePublic = z.infer<typeof expensePublic>;

export const expenseOption = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  category_id: z.string(),
  user_id: z.string(),
});
