import type { TFunction } from 'i18next';
import type { Language } from '../../../lib/i18n';
import { monthLabel, type ChartPoint } from './chart-data';

/**
 * SPEC §8: when the revenue analytics or the receivables analysis cannot be read, the dashboard
 * still draws its charts from sample data — six months of revenue, five customers, four services —
 * and marks them Fallback. The names say "Sample" so nobody mistakes them for their books.
 */
const SAMPLE_MONTHLY_REVENUE = ['8450.000', '9120.000', '8875.000', '10240.000', '11030.000', '11760.000'];
const SAMPLE_CUSTOMER_BALANCES = ['4200.000', '3150.000', '2480.000', '1920.000', '1350.000'];
const SAMPLE_SERVICE_REVENUE = ['6400.000', '4800.000', '3300.000', '2100.000'];

const sample = (key: string, label: string, amount: string): ChartPoint => ({ key, label, amount, value: Number(amount) });

/** The six months ending with the current one. */
export function sampleRevenueTrend(language: Language, today = new Date()): ChartPoint[] {
  return SAMPLE_MONTHLY_REVENUE.map((amount, index) => {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (SAMPLE_MONTHLY_REVENUE.length - 1 - index), 1));
    const period = month.toISOString().slice(0, 7);
    return sample(period, monthLabel(period, language), amount);
  });
}

export const sampleTopCustomers = (t: TFunction): ChartPoint[] =>
  SAMPLE_CUSTOMER_BALANCES.map((amount, index) => sample(`sample-customer-${index + 1}`, t('analytics.sample.customer', { number: index + 1 }), amount));

export const sampleServiceRevenue = (t: TFunction): ChartPoint[] =>
  SAMPLE_SERVICE_REVENUE.map((amount, index) => sample(`sample-service-${index + 1}`, t('analytics.sample.service', { number: index + 1 }), amount));
