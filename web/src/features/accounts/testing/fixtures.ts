import type { Role } from '@daftar/shared';
import type { AccountTreeNode } from '@daftar/shared/schemas/accounting';
import { STORAGE_KEYS } from '../../../lib/storage';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, ORG);
  return {
    'GET /api/v1/users/me': () => ({ json: { id: 'u1', email: 'rana@example.jo', full_name: 'Rana Haddad', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' } }),
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: ORG, name: 'Amman Traders', base_currency: 'JOD' }], count: 1 } }),
    [`GET ${API}/members`]: () => ({ json: { data: [{ user_id: 'u1', role, email: 'rana@example.jo', full_name: 'Rana Haddad' }], count: 1 } }),
  };
}

export function account(overrides: Partial<AccountTreeNode> & Pick<AccountTreeNode, 'id' | 'code' | 'name' | 'type'>): AccountTreeNode {
  const debitNormal = overrides.type === 'asset' || overrides.type === 'expense';
  return {
    organization_id: ORG,
    name_ar: null,
    description: null,
    subtype: 'other_current_asset',
    parent_id: null,
    normal_balance: debitNormal ? 'debit' : 'credit',
    is_active: true,
    is_system: false,
    currency: 'JOD',
    balance: '0.000',
    version: 1,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    children: [],
    ...overrides,
  };
}

export const cash = account({ id: 'acc-1110', code: '1110', name: 'Cash on hand', name_ar: 'الصندوق', type: 'asset', subtype: 'cash', is_system: true, balance: '1250.500', parent_id: 'acc-1100' });
export const pettyCash = account({ id: 'acc-1115', code: '1115', name: 'Petty cash', name_ar: 'صندوق النثرية', type: 'asset', subtype: 'cash', balance: '75.250', parent_id: 'acc-1100', version: 3 });
export const currentAssets = account({ id: 'acc-1100', code: '1100', name: 'Current assets', name_ar: 'الأصول المتداولة', type: 'asset', balance: '1325.750', children: [cash, pettyCash] });
export const payable = account({ id: 'acc-2100', code: '2100', name: 'Accounts payable', name_ar: 'ذمم دائنة', type: 'liability', subtype: 'payable', is_system: true, balance: '400.000' });
export const capital = account({ id: 'acc-3100', code: '3100', name: 'Capital', name_ar: 'رأس المال', type: 'equity', subtype: 'owner_capital', balance: '1000.000' });
export const sales = account({ id: 'acc-4100', code: '4100', name: 'Sales', name_ar: 'المبيعات', type: 'income', subtype: 'sales', is_system: true, balance: '500.000' });
export const rent = account({ id: 'acc-6200', code: '6200', name: 'Rent', name_ar: 'الإيجار', type: 'expense', subtype: 'rent', balance: '574.250' });
export const oldExpense = account({ id: 'acc-6999', code: '6999', name: 'Old expenses', name_ar: null, type: 'expense', subtype: 'other_expense', is_active: false });

export const chart = (includeInactive = false) => {
  const data = [currentAssets, payable, capital, sales, rent, ...(includeInactive ? [oldExpense] : [])];
  return { currency: 'JOD', data, count: data.length + 2 };
};

export const summary = {
  as_of_date: '2025-03-31',
  currency: 'JOD',
  data: [
    { type: 'asset', normal_balance: 'debit', account_count: 3, total_debit: '2000.000', total_credit: '674.250', balance: '1325.750' },
    { type: 'liability', normal_balance: 'credit', account_count: 1, total_debit: '0.000', total_credit: '400.000', balance: '400.000' },
    { type: 'equity', normal_balance: 'credit', account_count: 1, total_debit: '0.000', total_credit: '1000.000', balance: '1000.000' },
    { type: 'income', normal_balance: 'credit', account_count: 1, total_debit: '0.000', total_credit: '500.000', balance: '500.000' },
    { type: 'expense', normal_balance: 'debit', account_count: 1, total_debit: '574.250', total_credit: '0.000', balance: '574.250' },
  ],
  net_income: '-74.250',
};

/** Radix's scroll area (inside its Table) measures itself with ResizeObserver, which jsdom lacks. */
export function installResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
