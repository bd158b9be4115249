import { describe, expect, it } from 'vitest';
import { resolveReportPeriod } from '@daftar/shared/reportPeriods';
import { reportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { call } from '../../../test/client.js';
import type { ReportOrganization } from '../definition.js';
import { posDashboardMetrics, posDashboardSpan, posDays, posShiftReconciliation } from './pos.js';
import { analysisReports } from './tables.js';
import { analysisOrganization } from './test-helpers.js';

const amman: ReportOrganization = { id: 'org', name: 'Al Noor Trading', currency: 'JOD', timezone: 'Asia/Amman', fiscal_year_start_month: 1 };
// 22:30 UTC on 30 June is already 1 July in Amman (UTC+3).
const lateEvening = new Date('2025-06-30T22:30:00Z');

describe('POS days and spans', () => {
  it('default to today in the organization zone; a start alone runs to today; an end alone is one day', () => {
    expect(posDays(amman, {}, lateEvening)).toEqual({ start: '2025-07-01', end: '2025-07-01' });
    expect(posDays(amman, { start_date: '2025-06-20' }, lateEvening)).toEqual({ start: '2025-06-20', end: '2025-07-01' });
    expect(posDays(amman, { start_date: '2025-08-01' }, lateEvening)).toEqual({ start: '2025-08-01', end: '2025-08-01' });
    expect(posDays(amman, { end_date: '2025-06-15' }, lateEvening)).toEqual({ start: '2025-06-15', end: '2025-06-15' });
  });

  it('dashboard spans', () => {
    expect(posDashboardSpan('today', '2025-03-01')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(posDashboardSpan('yesterday', '2025-03-01')).toEqual({ from: '2025-02-28', to: '2025-02-28' });
    expect(posDashboardSpan('last_7_days', '2025-03-01')).toEqual({ from: '2025-02-23', to: '2025-03-01' });
    expect(posDashboardSpan('last_30_days', '2025-03-01')).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(posDashboardSpan('current_month', '2025-03-31')).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect(posDashboardSpan('last_month', '2025-03-31')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
  });

  it('answer empty figures in the organization currency', () => {
    expect(posShiftReconciliation({ ...amman, currency: 'USD' }, { session_id: 'S-9' }, lateEvening)).toEqual({
      session_id: 'S-9',
      start_date: '2025-07-01',
      end_date: '2025-07-01',
      currency: 'USD',
      session_count: 0,
      totals: { expected_cash: '0.00', counted_cash: '0.00', difference: '0.00' },
      sessions: [],
    });
    expect(posDashboardMetrics(amman, { period: 'today' }, lateEvening)).toMatchObject({ from: '2025-07-01', today_transactions: 0, items_sold: '0', by_hour: [] });
  });
});

describe('pos-sales-summary report', () => {
  const build = analysisReports.find((r) => r.id === 'pos-sales-summary')!.build;
  const period = resolveReportPeriod({ period: 'custom', custom_start: '2025-06-01', custom_end: '2025-06-30' });

  it('says no POS sales were recorded in the period, in the report language', async () => {
    const en = reportTablePublic.parse(await build({ organization: amman, language: 'en', period, asOf: '2025-06-30', query: {} }));
    expect(en).toMatchObject({ report_id: 'pos-sales-summary', title: 'POS Sales Summary', from: '2025-06-01', to: '2025-06-30', period_label: '1 Jun 2025 – 30 Jun 2025' });
    expect(en.sections.map((section) => [section.rows.length, section.empty_text])).toEqual([
      [0, 'No POS sales were recorded in this period.'],
      [0, 'No POS sales were recorded in this period.'],
      [0, 'No POS sales were recorded in this period.'],
    ]);
    expect(en.highlights.map((h) => [h.label, h.value])).toEqual([
      ['Transactions', '0'],
      ['Net sales', '0.000'],
      ['Sales tax', '0.000'],
      ['Average sale', '0.000'],
    ]);

    const ar = reportTablePublic.parse(await build({ organization: amman, language: 'ar', period, asOf: '2025-06-30', query: { terminal_id: 'T-01' } }));
    expect(ar.title).toBe('ملخص مبيعات نقاط البيع');
    expect(ar.sections[0]!.empty_text).toBe('لم تُسجَّل مبيعات نقاط بيع في هذه الفترة.');
    expect(ar.notes).toEqual(['نقطة البيع T-01 فقط.']);
  });

  it('previews through the catalogue', async () => {
    const o = await analysisOrganization();
    const res = await call('GET', `${o.base}/reports/catalogue/pos-sales-summary`, { ...o.as('viewer'), query: { period: 'custom', custom_start: '2025-06-01', custom_end: '2025-06-30', lang: 'en' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ report_id: 'pos-sales-summary', from: '2025-06-01', to: '2025-06-30' });
    expect(res.body.sections[0].empty_text).toBe('No POS sales were recorded in this period.');
  });
});
