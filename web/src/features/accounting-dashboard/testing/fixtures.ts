import type { Role } from '@daftar/shared';
import type { AccountingDashboardPublic } from '@daftar/shared/schemas/accountingDashboard';
import { STORAGE_KEYS } from '../../../lib/storage';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, ORG);
  return {
    'GET /api/v1/users/me': () => ({ json: { id: 'u1', email: 'huda@example.jo', full_name: 'Huda Khatib', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' } }),
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: ORG, name: 'Salt Pharmacy', base_currency: 'JOD', fiscal_year_start_month: 1 }], count: 1 } }),
    [`GET ${API}/members`]: () => ({ json: { data: [{ user_id: 'u1', role, email: 'huda@example.jo', full_name: 'Huda Khatib' }], count: 1 } }),
  };
}

const month = (m: string, revenue: string, expenses: string, net: string) => ({ month: m, revenue, expenses, net_income: net });

export function dashboard(overrides: Partial<AccountingDashboardPublic> = {}): AccountingDashboardPublic {
  return {
    financial_summary: {
      total_revenue_ytd: '15250.500',
      total_expenses_ytd: '17000.000',
      net_income_ytd: '-1749.500',
      total_assets: '48200.750',
      total_liabilities: '9100.250',
    },
    current_cash_position: '12345.678',
    last_updated: '2025-03-15T08:30:00Z',
    currency: 'JOD',
    as_of_date: '2025-03-15',
    fiscal_year_start: '2025-01-01',
    receivables: {
      outstanding: '5800.000',
      outstanding_count: 4,
      overdue_amount: '2300.000',
      overdue_count: 2,
      aging: [
        { bucket: '0-30', amount: '3500.000', count: 2 },
        { bucket: '31-60', amount: '1500.000', count: 1 },
        { bucket: '61-90', amount: '0.000', count: 0 },
        { bucket: '90+', amount: '800.000', count: 1 },
      ],
    },
    payables: {
      outstanding: '2100.000',
      outstanding_count: 1,
      overdue_amount: '0.000',
      overdue_count: 0,
      aging: [
        { bucket: '0-30', amount: '2100.000', count: 1 },
        { bucket: '31-60', amount: '0.000', count: 0 },
        { bucket: '61-90', amount: '0.000', count: 0 },
        { bucket: '90+', amount: '0.000', count: 0 },
      ],
    },
    cash_accounts: [
      { account_id: 'a-1010', code: '1010', name: 'Cash on hand', name_ar: 'الصندوق', subtype: 'cash', is_active: true, balance: '2345.678' },
      { account_id: 'a-1020', code: '1020', name: 'Arab Bank', name_ar: 'البنك العربي', subtype: 'bank', is_active: true, balance: '10000.000' },
    ],
    monthly: [
      ...['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12'].map((m) => month(m, '0.000', '0.000', '0.000')),
      month('2025-01', '5000.000', '6000.000', '-1000.000'),
      month('2025-02', '6000.000', '5500.000', '500.000'),
      month('2025-03', '4250.500', '5500.000', '-1249.500'),
    ],
    invoice_counts: { draft: 1, confirmed: 2, sent: 1, partially_paid: 1, paid: 7, cancelled: 0 },
    bill_counts: { draft: 0, confirmed: 1, partially_paid: 0, paid: 3, cancelled: 1 },
    sales_tax: { output_tax: '2100.000', input_tax: '950.000', net_payable: '1150.000' },
    recent_journal_entries: [
      {
        id: 'je-12', organization_id: ORG, number: 12, entry_number: 'JE-000012', date: '2025-03-14', memo: 'Invoice INV-000007', memo_narrative: null, reference: null, status: 'posted',
        source_type: 'invoice', source_id: 'inv-7', currency: 'JOD', lines: [], total_debit: '1160.000', total_credit: '1160.000',
        reverses_entry_id: null, reversed_by_entry_id: null, created_by: 'u1', posted_by: 'u1', posted_at: '2025-03-14T10:00:00Z', version: 1,
        created_at: '2025-03-14T10:00:00Z', updated_at: '2025-03-14T10:00:00Z',
      },
    ],
    ...overrides,
  };
}

/** Radix measures itself with ResizeObserver, which jsdom lacks; the shared machine is slow. */
export function prepareScreens() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
