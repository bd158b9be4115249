import { beforeAll, describe, expect, it } from 'vitest';
import { resolveReportPeriod } from '@daftar/shared/reportPeriods';
import { revenueAnalyticsPublic } from '@daftar/shared/schemas/reportAnalyses';
import { loadReportOrganization } from '../request.js';
import { revenueAnalytics, trendWindow } from './revenue-analytics.js';
import { analysisOrganization } from './test-helpers.js';

const custom = (custom_start: string, custom_end: string) => resolveReportPeriod({ period: 'custom', custom_start, custom_end });

/**
 * Sales from January to July 2025, other income in May, a credit note in June, and a draft:
 * April–June revenue is 250 + 270 + 240 = 760.
 */
async function seeded() {
  const o = await analysisOrganization();
  const customer = await o.customer('Petra Hotels');
  await o.invoice(customer.id, '2025-01-10', null, [{ description: 'Consulting', unit_price: '100.000' }]);
  await o.invoice(customer.id, '2025-04-05', null, [
    { description: 'Consulting', unit_price: '200.000' },
    { description: 'Mineral water', quantity: '10', unit_price: '5.000' },
  ]);
  const may = await o.invoice(customer.id, '2025-05-20', null, [
    { description: 'Printing', unit_price: '80.000' },
    { description: 'Delivery', unit_price: '30.000' },
    { description: 'Design', quantity: '4', unit_price: '30.000' },
  ]);
  await o.entry('2025-05-10', '1120', '4900', '40.000'); // other income: revenue, not a product
  await o.invoice(customer.id, '2025-06-15', null, [{ description: '  consulting ', unit_price: '300.000' }]);
  await o.creditNote(may.id, '2025-06-20', 2, '2'); // two designs back: 60
  await o.invoice(customer.id, '2025-07-02', null, [{ description: 'Design', unit_price: '500.000' }]);
  await o.invoice(customer.id, '2025-05-02', null, [{ description: 'Draft', unit_price: '900.000' }], false);
  return o;
}

let s: Awaited<ReturnType<typeof seeded>>;
beforeAll(async () => {
  s = await seeded();
}, 120_000);

describe('revenue analytics', () => {
  it('totals income net of returns, compares with the previous period, and trends the six months up to a short period', async () => {
    const organization = await loadReportOrganization(s.org.id);
    const analytics = await revenueAnalytics(organization, custom('2025-04-01', '2025-06-30'));
    expect(revenueAnalyticsPublic.parse(analytics)).toEqual(analytics);
    expect(analytics).toEqual({
      period: { period: 'custom', from: '2025-04-01', to: '2025-06-30' },
      previous_period: { from: '2024-12-31', to: '2025-03-31' },
      currency: 'JOD',
      total_revenue: '760.000',
      previous_total_revenue: '100.000',
      growth_percent: 660,
      revenue_trends: [
        { period: '2025-01', revenue: '100.000' },
        { period: '2025-02', revenue: '0.000' },
        { period: '2025-03', revenue: '0.000' },
        { period: '2025-04', revenue: '250.000' },
        { period: '2025-05', revenue: '270.000' },
        { period: '2025-06', revenue: '240.000' },
      ],
      // Consulting 200 + 300 (same service however spelt); designs 120 − 60 returned; other income is no product.
      top_revenue_sources: [{ Consulting: '500.000' }, { Printing: '80.000' }, { Design: '60.000' }, { 'Mineral water': '50.000' }],
    });
  });

  it('shows one point per month of a long period, and null growth without previous revenue', async () => {
    const analytics = await revenueAnalytics(await loadReportOrganization(s.org.id), custom('2024-07-01', '2025-06-30'));
    expect(analytics.revenue_trends.map((p) => p.period)).toEqual([
      '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06',
    ]);
    expect(analytics.total_revenue).toBe('860.000');
    expect(analytics.previous_total_revenue).toBe('0.000');
    expect(analytics.growth_percent).toBeNull();
    expect(analytics.top_revenue_sources).toHaveLength(4);
  });

  it('cuts the months at the period end, and counts only documents dated in the period', async () => {
    const analytics = await revenueAnalytics(await loadReportOrganization(s.org.id), custom('2025-05-15', '2025-06-10'));
    expect(analytics.total_revenue).toBe('230.000');
    expect(analytics.revenue_trends).toEqual([
      { period: '2025-01', revenue: '100.000' },
      { period: '2025-02', revenue: '0.000' },
      { period: '2025-03', revenue: '0.000' },
      { period: '2025-04', revenue: '250.000' },
      { period: '2025-05', revenue: '270.000' },
      { period: '2025-06', revenue: '0.000' },
    ]);
    expect(analytics.top_revenue_sources).toEqual([{ Design: '120.000' }, { Printing: '80.000' }, { Delivery: '30.000' }]);
  });

  it('an organization without sales answers zeros and six empty months', async () => {
    const empty = await analysisOrganization();
    const analytics = await revenueAnalytics(await loadReportOrganization(empty.org.id), custom('2025-06-01', '2025-06-30'));
    expect(analytics).toMatchObject({ total_revenue: '0.000', previous_total_revenue: '0.000', growth_percent: null, top_revenue_sources: [] });
    expect(analytics.revenue_trends.map((p) => p.revenue)).toEqual(Array(6).fill('0.000'));
  });
});

describe('trend window', () => {
  it('is the period months, or the six months ending with the last one', () => {
    expect(trendWindow({ from: '2025-06-01', to: '2025-06-30' })).toEqual({ months: ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'], from: '2025-01-01' });
    expect(trendWindow({ from: '2025-11-15', to: '2026-02-10' })).toEqual({ months: ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02'], from: '2025-09-01' });
    expect(trendWindow({ from: '2025-01-15', to: '2025-06-30' })).toEqual({ months: ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'], from: '2025-01-15' });
  });
});
