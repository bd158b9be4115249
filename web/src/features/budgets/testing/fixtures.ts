import type { Role } from '@daftar/shared';
import type { BudgetPublic, BudgetVsActual } from '@daftar/shared/schemas/budgets';
import { STORAGE_KEYS } from '../../../lib/storage';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, ORG);
  return {
    'GET /api/v1/users/me': () => ({ json: { id: 'u1', email: 'rami@example.jo', full_name: 'Rami Nasser', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' } }),
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: ORG, name: 'Madaba Bakery', base_currency: 'JOD', fiscal_year_start_month: 1 }], count: 1 } }),
    [`GET ${API}/members`]: () => ({ json: { data: [{ user_id: 'u1', role, email: 'rami@example.jo', full_name: 'Rami Nasser' }], count: 1 } }),
  };
}

export const MONTHS = Array.from({ length: 12 }, (_, m) => `2025-${String(m + 1).padStart(2, '0')}`);
const twelve = (amount: string) => Array.from({ length: 12 }, () => amount);

export function budget(overrides: Partial<BudgetPublic> = {}): BudgetPublic {
  return {
    id: 'b-1',
    organization_id: ORG,
    name: 'Plan 2025',
    fiscal_year: 2025,
    status: 'draft',
    notes: null,
    currency: 'JOD',
    months: MONTHS,
    totals: {
      income: { amounts: twelve('1000.000'), total: '12000.000' },
      expense: { amounts: twelve('500.000'), total: '6000.000' },
      net: { amounts: twelve('500.000'), total: '6000.000' },
    },
    totals_calculated_at: null,
    created_by: 'u1',
    version: 3,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    lines: [
      { id: 'l-rent', account_id: 'a-5300', account_code: '5300', account_name: 'Rent', account_type: 'expense', amounts: twelve('500.000'), total: '6000.000', notes: null },
      { id: 'l-sales', account_id: 'a-4100', account_code: '4100', account_name: 'Sales', account_type: 'income', amounts: twelve('1000.000'), total: '12000.000', notes: null },
    ],
    ...overrides,
  };
}

const cell = (budgetAmount: string, actual: string, variance: string, percent: string | null) => ({ budget: budgetAmount, actual, variance, variance_percent: percent });
const months = (march: ReturnType<typeof cell>, other: ReturnType<typeof cell>) => MONTHS.map((month, m) => ({ month, ...(m === 2 ? march : other) }));

export const comparison: BudgetVsActual = {
  budget_id: 'b-1',
  name: 'Plan 2025',
  fiscal_year: 2025,
  currency: 'JOD',
  months: MONTHS,
  lines: [
    {
      line_id: 'l-sales', account_id: 'a-4100', account_code: '4100', account_name: 'Sales', account_type: 'income',
      months: months(cell('1000.000', '1150.000', '150.000', '15.00'), cell('1000.000', '0.000', '-1000.000', '-100.00')),
      total: cell('12000.000', '1150.000', '-10850.000', '-90.42'),
    },
    {
      line_id: 'l-rent', account_id: 'a-5300', account_code: '5300', account_name: 'Rent', account_type: 'expense',
      months: months(cell('500.000', '600.000', '-100.000', '-20.00'), cell('500.000', '0.000', '500.000', '100.00')),
      total: cell('6000.000', '600.000', '5400.000', '90.00'),
    },
  ],
  totals: {
    income: { months: months(cell('1000.000', '1150.000', '150.000', '15.00'), cell('1000.000', '0.000', '-1000.000', '-100.00')), total: cell('12000.000', '1150.000', '-10850.000', '-90.42') },
    expense: { months: months(cell('500.000', '600.000', '-100.000', '-20.00'), cell('500.000', '0.000', '500.000', '100.00')), total: cell('6000.000', '600.000', '5400.000', '90.00') },
    net: { months: months(cell('500.000', '550.000', '50.000', '10.00'), cell('500.000', '0.000', '-500.000', '-100.00')), total: cell('6000.000', '550.000', '-5450.000', '-90.83') },
  },
};

/** Radix measures itself with ResizeObserver, which jsdom lacks; the shared machine is slow. */
export function prepareScreens() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
