import { locale } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import type { ReceivablesAnalysis } from '../api/get-receivables-analysis';
import type { RevenueAnalytics } from '../api/get-revenue-analytics';

/** SPEC §9: the top customers chart shows five, the service revenue chart four. */
export const TOP_CUSTOMERS = 5;
export const TOP_SERVICES = 4;

/**
 * One bar, point or slice. `value` is a float for the drawing only; every label and table cell is
 * formatted from `amount`, the exact decimal text the server sent.
 */
export interface ChartPoint {
  key: string;
  label: string;
  value: number;
  amount: string;
}

const amountText = (amount: string | number | null | undefined) => (amount === null || amount === undefined || amount === '' ? '0' : String(amount));

const point = (key: string, label: string, amount: string | number | null | undefined): ChartPoint => {
  const text = amountText(amount);
  const value = Number(text);
  return { key, label, amount: text, value: Number.isFinite(value) ? value : 0 };
};

const byAmountDescending = (a: ChartPoint, b: ChartPoint) => b.value - a.value;

/** "2026-06" → "Jun 26" in the reader's language; any other period text is shown as sent. */
export function monthLabel(period: string, language: Language) {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(locale(language), { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(date);
}

export function revenueTrendPoints(analytics: RevenueAnalytics, language: Language): ChartPoint[] {
  return (analytics.revenue_trends ?? []).map((trend) => point(trend.period, monthLabel(trend.period, language), trend.revenue));
}

/** Each source arrives as a single-key object `{name: amount}`; the four largest are kept. */
export function serviceRevenuePoints(analytics: RevenueAnalytics): ChartPoint[] {
  return (analytics.top_revenue_sources ?? [])
    .flatMap((source) => Object.entries(source).map(([name, amount]) => point(name, name, amount)))
    .sort(byAmountDescending)
    .slice(0, TOP_SERVICES);
}

export function topCustomerPoints(analysis: ReceivablesAnalysis): ChartPoint[] {
  return (analysis.top_customers ?? [])
    .map((customer, index) => point(customer.customer_id ?? `${index}:${customer.customer_name}`, customer.customer_name, customer.outstanding_amount))
    .sort(byAmountDescending)
    .slice(0, TOP_CUSTOMERS);
}

/** Nothing to draw: no points, or every one of them zero. */
export const isEmptyChart = (points: readonly ChartPoint[]) => points.every((p) => p.value === 0);
