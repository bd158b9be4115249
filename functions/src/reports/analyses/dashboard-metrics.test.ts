import { describe, expect, it } from 'vitest';
import { reportDashboardMetricsPublic } from '@daftar/shared/schemas/reportAnalyses';
import { percentChange, shiftMonths } from './common.js';
import { dashboardMetrics } from './dashboard-metrics.js';
import { analysisOrganization } from './test-helpers.js';

describe('dashboard metrics', () => {
  it('is the accounting summary with changes against last year to date and cash a month ago', async () => {
    const o = await analysisOrganization();
    await o.entry('2024-03-10', '1120', '4100', '100.000'); // last year, within Jan 1–Jun 30
    await o.entry('2024-04-20', '6200', '1120', '40.000');
    await o.entry('2024-09-15', '1120', '4100', '500.000'); // last year, after the span compared
    await o.entry('2025-02-10', '1120', '4100', '150.000');
    await o.entry('2025-05-05', '6200', '1120', '20.000');
    await o.entry('2025-06-10', '1120', '4100', '30.000'); // after 2025-05-30: cash 690 → 720

    const metrics = await dashboardMetrics(o.org.id, '2025-06-30');
    expect(reportDashboardMetricsPublic.parse(metrics)).toEqual(metrics);
    expect(metrics).toMatchObject({
      financial_summary: { total_revenue_ytd: '180.000', total_expenses_ytd: '20.000', net_income_ytd: '160.000', total_assets: '720.000', total_liabilities: '0.000' },
      current_cash_position: '720.000',
      currency: 'JOD',
      as_of_date: '2025-06-30',
      fiscal_year_start: '2025-01-01',
      changes: { revenue_percent: 80, expenses_percent: -50, net_income_percent: 166.7, cash_percent: 4.3 },
    });
    expect(Date.parse(metrics.last_updated)).not.toBeNaN();
  });

  it('answers null changes when there is nothing to compare with', async () => {
    const o = await analysisOrganization();
    const metrics = await dashboardMetrics(o.org.id);
    expect(metrics.changes).toEqual({ revenue_percent: null, expenses_percent: null, net_income_percent: null, cash_percent: null });
    expect(metrics.financial_summary.total_revenue_ytd).toBe('0.000');
  });
});

describe('percent change and month shifts', () => {
  it('divides by the base magnitude, one decimal', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(-50, -100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('keeps the day, or the last day of a shorter month', () => {
    expect(shiftMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(shiftMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(shiftMonths('2025-01-15', -1)).toBe('2024-12-15');
    expect(shiftMonths('2025-12-01', 1)).toBe('2026-01-01');
  });
});
