import { beforeAll, describe, expect, it } from 'vitest';
import {
  payablesAnalysisPublic,
  posCashierPerformancePublic,
  posDashboardMetricsPublic,
  posSalesSummaryPublic,
  posShiftReconciliationPublic,
  receivablesAnalysisPublic,
  reportDashboardMetricsPublic,
  revenueAnalyticsPublic,
} from '@daftar/shared/schemas/reportAnalyses';
import { call } from '../../../test/client.js';
import { createUser } from '../../../test/fixtures.js';
import { todayIn } from '../../ledger/dates.js';
import { analysisOrganization } from './test-helpers.js';

let s: Awaited<ReturnType<typeof analysisOrganization>>;
let reports: string;
beforeAll(async () => {
  s = await analysisOrganization();
  reports = `${s.base}/reports`;
  const customer = await s.customer('Petra Hotels');
  await s.invoice(customer.id, '2025-06-01', '2025-06-15', [{ description: 'Room block', unit_price: '500.000' }]);
  const supplier = await s.supplier('Amman Stationers');
  await s.bill(supplier.id, '2025-06-10', '2025-07-10', [{ description: 'Paper', unit_price: '75.500' }]);
}, 120_000);

const get = (path: string, query?: Record<string, string>) => call('GET', `${reports}/${path}`, { ...s.as('viewer'), query });

describe('analysis routes', () => {
  it('answer viewers with the analyses', async () => {
    const receivables = await get('receivables-analysis', { as_of_date: '2025-06-30' });
    expect(receivables.status, JSON.stringify(receivables.body)).toBe(200);
    expect(receivablesAnalysisPublic.parse(receivables.body)).toMatchObject({
      as_of: '2025-06-30',
      total_outstanding: '500.000',
      aging: { days_1_30: '500.000' },
      top_customers: [{ customer_name: 'Petra Hotels', outstanding_amount: '500.000' }],
    });

    const payables = await get('payables-analysis', { as_of_date: '2025-06-30' });
    expect(payables.status).toBe(200);
    expect(payablesAnalysisPublic.parse(payables.body)).toMatchObject({ total_outstanding: '75.500', aging: { current: '75.500' }, payment_risk_level: 'Low' });

    const revenue = await get('revenue-analytics', { period: 'custom', custom_start: '2025-06-01', custom_end: '2025-06-30' });
    expect(revenue.status).toBe(200);
    expect(revenueAnalyticsPublic.parse(revenue.body)).toMatchObject({ total_revenue: '500.000', top_revenue_sources: [{ 'Room block': '500.000' }] });
    expect(revenue.body.revenue_trends).toHaveLength(6);

    const metrics = await get('dashboard-metrics');
    expect(metrics.status).toBe(200);
    expect(reportDashboardMetricsPublic.parse(metrics.body).financial_summary.total_revenue_ytd).toMatch(/^\d+\.\d{3}$/);
  });

  it('default to today and the current month', async () => {
    const today = todayIn('Asia/Amman');
    const receivables = await get('receivables-analysis');
    expect(receivables.status).toBe(200);
    expect(receivables.body.as_of).toBe(today);
    const revenue = await get('revenue-analytics');
    expect(revenue.status).toBe(200);
    expect(revenue.body.period).toMatchObject({ period: 'current_month', from: `${today.slice(0, 7)}-01` });
  });

  it('answer the POS reports of an organization without sales with zero figures, echoing the filters', async () => {
    const summary = await get('pos/sales-summary', { start_date: '2025-06-01', end_date: '2025-06-30', terminal_id: 'T-01' });
    expect(summary.status).toBe(200);
    expect(posSalesSummaryPublic.parse(summary.body)).toEqual({
      start_date: '2025-06-01',
      end_date: '2025-06-30',
      terminal_id: 'T-01',
      currency: 'JOD',
      transaction_count: 0,
      gross_sales: '0.000',
      discounts: '0.000',
      returns: '0.000',
      net_sales: '0.000',
      tax: '0.000',
      total_collected: '0.000',
      average_transaction_value: '0.000',
      by_payment_method: [],
      by_hour: [],
      returns_count: 0,
      sales_with_tax: '0.000',
      items_sold: '0',
      by_day: [],
    });

    const cashiers = await get('pos/cashier-performance', { cashier_id: 'c-7' });
    expect(cashiers.status).toBe(200);
    const today = todayIn('Asia/Amman');
    expect(posCashierPerformancePublic.parse(cashiers.body)).toMatchObject({ start_date: today, end_date: today, cashier_id: 'c-7', cashiers: [], total_transactions: 0 });

    const shifts = await get('pos/shift-reconciliation', { session_id: 'S-1', start_date: '2025-06-01' });
    expect(shifts.status).toBe(200);
    expect(posShiftReconciliationPublic.parse(shifts.body)).toMatchObject({ session_id: 'S-1', start_date: '2025-06-01', end_date: today, sessions: [], session_count: 0 });

    const dashboard = await get('pos/dashboard-metrics', { period: 'last_7_days', terminal_id: 'T-01' });
    expect(dashboard.status).toBe(200);
    expect(posDashboardMetricsPublic.parse(dashboard.body)).toMatchObject({ period: 'last_7_days', to: today, terminal_id: 'T-01', today_sales: '0.000', top_products: [] });
    expect((await get('pos/dashboard-metrics')).body).toMatchObject({ period: 'today', from: today, to: today, terminal_id: null });
  });

  it.each([
    ['receivables-analysis', { as_of_date: '2025-13-01' }, 'as_of_date'],
    ['payables-analysis', { as_of_date: '30-06-2025' }, 'as_of_date'],
    ['revenue-analytics', { period: 'weekly' }, 'period'],
    ['revenue-analytics', { period: 'custom', custom_start: '2025-06-01' }, 'custom_end'],
    ['revenue-analytics', { period: 'custom', custom_start: '2025-06-30', custom_end: '2025-06-01' }, 'custom_start'],
    ['revenue-analytics', { period: 'custom', custom_start: '2025-02-30', custom_end: '2025-03-01' }, 'custom_start'],
    ['pos/sales-summary', { start_date: '2025-06-30', end_date: '2025-06-01' }, 'start_date'],
    ['pos/cashier-performance', { end_date: '2025/06/30' }, 'end_date'],
    ['pos/shift-reconciliation', { start_date: 'yesterday' }, 'start_date'],
    ['pos/dashboard-metrics', { period: 'fortnight' }, 'period'],
  ])('refuse %s with %j: 422 naming %s', async (path, query, field) => {
    const res = await get(path, query);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain(`query.${field}`);
  });

  it('are not found for someone outside the organization', async () => {
    const outsider = await createUser();
    const res = await call('GET', `${reports}/receivables-analysis`, { token: outsider.token });
    expect(res.status).toBe(404);
  });
});
