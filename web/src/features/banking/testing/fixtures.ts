import type { Role } from '@daftar/shared';
import type { BankAccountPublic, BankTransactionPublic } from '@daftar/shared/schemas/banking';
import { STORAGE_KEYS } from '../../../lib/storage';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, ORG);
  return {
    'GET /api/v1/users/me': () => ({ json: { id: 'u1', email: 'sami@example.jo', full_name: 'Sami Odeh', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' } }),
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: ORG, name: 'Amman Traders', base_currency: 'JOD' }], count: 1 } }),
    [`GET ${API}/members`]: () => ({ json: { data: [{ user_id: 'u1', role, email: 'sami@example.jo', full_name: 'Sami Odeh' }], count: 1 } }),
  };
}

/** Valid ISO 13616 check digits, Jordan's 30-character layout. */
export const ARAB_BANK_IBAN = 'JO19ARAB1180000000118000123456';
export const HOUSING_BANK_IBAN = 'JO19HBHO0320000000320004567890';

const account = (id: string, code: string, name: string, type: string, subtype: string, name_ar: string | null = null) => ({
  id, organization_id: ORG, code, name, name_ar, description: null, type, subtype, parent_id: null,
  normal_balance: type === 'asset' || type === 'expense' ? 'debit' : 'credit', is_active: true, is_system: true, currency: 'JOD', balance: '0.000',
  version: 1, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
});

export const ledgerAccounts = [
  account('a-1110', '1110', 'Cash on hand', 'asset', 'cash', 'الصندوق'),
  account('a-1120', '1120', 'Arab Bank', 'asset', 'bank', 'البنك العربي'),
  account('a-1121', '1121', 'Housing Bank', 'asset', 'bank', 'بنك الإسكان'),
  account('a-1200', '1200', 'Accounts receivable', 'asset', 'receivable', 'الذمم المدينة'),
  account('a-4900', '4900', 'Interest income', 'income', 'other_income', 'إيرادات فوائد'),
  account('a-5800', '5800', 'Bank charges', 'expense', 'bank_charges', 'عمولات بنكية'),
];

export const taxes = [
  { id: 'tax-16', code: 'S16', name: 'General sales tax 16%', name_ar: 'ضريبة المبيعات العامة 16%', rate: '16', tax_category: 'standard', jofotara_category: 'S', special_tax_type: null, special_tax_amount: null, is_default: true, is_active: true },
];

export function bankAccount(overrides: Partial<BankAccountPublic> = {}): BankAccountPublic {
  return {
    id: 'bank-1', organization_id: ORG, name: 'Arab Bank current', bank_name: 'Arab Bank', account_number: '0118/123456/500', iban: ARAB_BANK_IBAN, currency: 'JOD',
    account_id: 'a-1120', account_code: '1120', account_name: 'Arab Bank', opening_balance: '1000.000', opening_balance_date: '2025-01-01', opening_entry_id: 'je-1',
    notes: null, is_active: true, ledger_balance: '1250.000', statement_balance: '1243.500', difference: '-6.500', transaction_count: 3, unreconciled_count: 2,
    version: 1, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function line(overrides: Partial<BankTransactionPublic> = {}): BankTransactionPublic {
  return {
    id: 'tx-1', bank_account_id: 'bank-1', date: '2025-06-03', description: 'CLIQ from Petra Stores', reference: 'CLIQ-5521', amount: '250.000', currency: 'JOD',
    status: 'unreconciled', matched: null, matched_transaction_id: null, reconciled_at: null, reconciled_by: null, source: 'import', import_batch_id: 'batch-1',
    version: 1, created_at: '2025-06-04T08:00:00Z', updated_at: '2025-06-04T08:00:00Z',
    ...overrides,
  };
}

export const lines = [
  line(),
  line({ id: 'tx-2', date: '2025-06-02', description: 'Monthly account fee', reference: null, amount: '-6.500' }),
  line({
    id: 'tx-3', date: '2025-06-01', description: 'Salary refund', reference: 'TX-1', amount: '10.000', status: 'reconciled',
    matched: { journal_entry_id: 'je-7', payment_id: null, kind: 'existing' }, matched_transaction_id: 'je-7', reconciled_at: '2025-06-05T08:00:00Z', reconciled_by: 'u1',
  }),
];

/**
 * Radix's scroll area (inside its Table) measures itself with ResizeObserver, which jsdom lacks;
 * and the suite runs on a shared machine, so a find waits longer than its default second.
 */
export function prepareScreens() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
