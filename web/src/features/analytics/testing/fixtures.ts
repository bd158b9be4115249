import type { Role } from '@daftar/shared';
import { STORAGE_KEYS } from '../../../lib/storage';
import type { DashboardMetrics } from '../api/get-dashboard-metrics';
import type { ReceivablesAnalysis } from '../api/get-receivables-analysis';
import type { RevenueAnalytics } from '../api/get-revenue-analytics';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;
export const REPORTS = `${API}/reports`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role = 'viewer', organizations = [{ id: ORG, name: 'Zarqa Trading', base_currency: 'JOD', fiscal_year_start_month: 1 }]) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, ORG);
  return {
    'GET /api/v1/users/me': () => ({
      json: { id: 'u1', email: 'rania@example.jo', full_name: 'Rania Haddad', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' },
    }),
    'GET /api/v1/organizations': () => ({ json: { data: organizations, count: organizations.length } }),
    [`GET ${API}/members`]: () => ({ json: { data: [{ user_id: 'u1', role, email: 'rania@example.jo', full_name: 'Rania Haddad' }], count: 1 } }),
  };
}

export function metrics(overrides: Partial<DashboardMetrics> = {}): DashboardMetrics {
  return {
    financial_summary: {
      total_revenue_ytd: '24310.750',
      total_expenses_ytd: '9875.125',
      net_income_ytd: '14435.625',
      total_assets: '61020.400',
      total_liabilities: '12500.000',
    },
    current_cash_position: '18342.275',
    last_updated: '2026-03-15T08:30:00Z',
    changes: { revenue_percent: 12.5, expenses_percent: -4.2, net_income_percent: null, cash_percent: '3.0' },
    ...overrides,
  };
}

export function revenueAnalytics(overrides: Partial<RevenueAnalytics> = {}): RevenueAnalytics {
  return {
    period: { period: 'current_month', from: '2026-03-01', to: '2026-03-31' },
    currency: 'JOD',
    total_revenue: '24310.750',
    previous_total_revenue: '20000.000',
    growth_percent: 21.6,
    revenue_trends: [
      { period: '2026-01', revenue: '7100.250' },
      { period: '2026-02', revenue: '8210.000' },
      { period: '2026-03', revenue: '9000.500' },
    ],
    top_revenue_sources: [{ 'Consulting services': '12000.000' }, { 'Office furniture': '7310.750' }, { Delivery: '3000.000' }, { Installation: '1500.000' }, { Repairs: '500.000' }],
    ...overrides,
  };
}

export function receivablesAnalysis(overrides: Partial<ReceivablesAnalysis> = {}): ReceivablesAnalysis {
  return {
    as_of: '2026-03-15',
    currency: 'JOD',
    total_outstanding: '7450.500',
    overdue_amount: '2300.000',
    invoice_count: 6,
    average_days_outstanding: 37.4,
    collection_risk_level: 'Medium',
    top_customers: [
      { customer_id: 'c-2', customer_name: 'Petra Hotels', outstanding_amount: '2100.000' },
      { customer_id: 'c-1', customer_name: 'Aqaba Logistics', outstanding_amount: '3200.500' },
      { customer_id: 'c-3', customer_name: 'Irbid Clinics', outstanding_amount: '900.000' },
      { customer_id: 'c-4', customer_name: 'Madaba Bakery', outstanding_amount: '650.000' },
      { customer_id: 'c-5', customer_name: 'Jerash Tours', outstanding_amount: '400.000' },
      { customer_id: 'c-6', customer_name: 'Karak Pharmacy', outstanding_amount: '200.000' },
    ],
    ...overrides,
  };
}

/** The three reads of the dashboard, each answering with its fixture unless told otherwise. */
export function analyticsApi(answers: { metrics?: () => { status?: number; json?: unknown }; revenue?: (url: string) => { status?: number; json?: unknown }; receivables?: () => { status?: number; json?: unknown } } = {}) {
  return {
    [`GET ${REPORTS}/dashboard-metrics`]: () => answers.metrics?.() ?? { json: metrics() },
    [`GET ${REPORTS}/revenue-analytics`]: (request: { url: string }) => answers.revenue?.(request.url) ?? { json: revenueAnalytics() },
    [`GET ${REPORTS}/receivables-analysis`]: () => answers.receivables?.() ?? { json: receivablesAnalysis() },
  };
}
