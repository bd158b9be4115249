import type { Role } from '@daftar/shared';
import type { ExpenseCategoryPublic, ExpensePublic } from '@daftar/shared/schemas/expenses';
import { signedInSession } from '../../../testing/session';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role` (user u1), and a colleague (u2) in the member list. */
export function session(role: Role) {
  return signedInSession({
    organizationId: ORG,
    role,
    user: { email: 'sara@example.jo', full_name: 'Sara Odeh' },
    organization: { name: 'Irbid Clinic', fiscal_year_start_month: 1 },
    memberFields: { organization_id: ORG, joined_at: '2025-01-01T00:00:00Z' },
    colleagues: [{ user_id: 'u2', organization_id: ORG, role: 'member', email: 'ahmad@example.jo', full_name: 'Ahmad Saleh', joined_at: '2025-01-01T00:00:00Z' }],
  });
}

const stamp = { created_at: '2025-03-01T09:00:00Z', updated_at: '2025-03-01T09:00:00Z' };

export function expenseCategory(overrides: Partial<ExpenseCategoryPublic> = {}): ExpenseCategoryPublic {
  return { id: 'ec-fuel', organization_id: ORG, name: 'Fuel', name_ar: 'وقود', account_id: 'a-5500', description: null, is_active: true, expense_count: 0, version: 1, ...stamp, ...overrides };
}

export const categories = [expenseCategory(), expenseCategory({ id: 'ec-office', name: 'Office supplies', name_ar: 'لوازم مكتبية', account_id: 'a-5400' })];

const account = (id: string, code: string, name: string, type: 'asset' | 'expense', subtype: string) => ({
  id, organization_id: ORG, code, name, name_ar: null, description: null, type, subtype, parent_id: null,
  normal_balance: 'debit', is_active: true, is_system: false, currency: 'JOD', balance: '0.000', version: 1, ...stamp,
});

export const assetAccounts = [account('a-1010', '1010', 'Cash on hand', 'asset', 'cash'), account('a-1020', '1020', 'Arab Bank', 'asset', 'bank'), account('a-1200', '1200', 'Receivables', 'asset', 'receivable')];
export const expenseAccounts = [account('a-5500', '5500', 'Transport', 'expense', 'transport'), account('a-5400', '5400', 'Office supplies', 'expense', 'office_supplies')];

export const taxes = [
  { id: 'tax-16', code: 'S16', name: 'General sales tax 16%', name_ar: 'ضريبة المبيعات العامة 16%', rate: '16', tax_category: 'standard', jofotara_category: 'S', special_tax_type: null, special_tax_amount: null, is_default: true, is_active: true },
  { id: 'tax-sp', code: 'SP', name: 'Special tax', name_ar: null, rate: '8', tax_category: 'special', jofotara_category: 'S', special_tax_type: 'percent', special_tax_amount: null, is_default: false, is_active: true },
];

export const contacts = [
  { id: 's-1', name: 'Total Jordan', name_ar: 'توتال الأردن', contact_type: 'supplier', email: null, phone: null, tax_number: null, currency: 'JOD', is_active: true },
  { id: 'c-1', name: 'Customer Co.', name_ar: null, contact_type: 'customer', email: null, phone: null, tax_number: null, currency: 'JOD', is_active: true },
];

export function expense(overrides: Partial<ExpensePublic> = {}): ExpensePublic {
  return {
    id: 'ex-1',
    organization_id: ORG,
    user_id: 'u2',
    date: '2025-03-01',
    category_id: 'ec-fuel',
    description: 'Fuel for the delivery van',
    currency: 'JOD',
    amount: '11.600',
    net_amount: '10.000',
    tax_amount: '1.600',
    tax_id: 'tax-16',
    tax_rate: '16',
    paid_from_account_id: 'a-1010',
    reimbursable: false,
    contact_id: 's-1',
    file_id: null,
    reference: null,
    notes: null,
    status: 'submitted',
    rejection_reason: null,
    submitted_at: '2025-03-01T10:00:00Z',
    approved_at: null,
    approved_by: null,
    rejected_at: null,
    rejected_by: null,
    journal_entry_id: null,
    version: 2,
    ...stamp,
    ...overrides,
  };
}

/** The pickers' answers every expense screen reads. */
export const readers = {
  [`GET ${API}/expense-categories`]: () => ({ json: { data: categories, count: categories.length } }),
  [`GET ${API}/accounts`]: (request: { url: string }) => {
    const type = new URL(request.url, 'http://localhost').searchParams.get('type');
    const data = type === 'expense' ? expenseAccounts : assetAccounts;
    return { json: { data, count: data.length } };
  },
  [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: contacts, count: contacts.length } }),
};

export { prepareScreens } from '../../../testing/session';
