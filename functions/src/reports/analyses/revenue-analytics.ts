/**
 * Revenue analytics (SPEC §3 "Revenue analytics"; reports.md): the period's revenue against the
 * previous period, the monthly trend and the top revenue sources.
 *
 * Revenue is the income accounts' balance over the period, from the balance items: sales and
 * service revenue less sales returns and discounts (contra-income accounts, debit balances) plus
 * other income — what the profit and loss shows as total income.
 *
 * Reads: the chart (1 Query); balance items for the period, the previous period and the trend
 * window (3 Queries, O(accounts × months)); for the sources, the posted invoices of each status
 * issued in the period and the credit notes dated in it (Queries filtered by issue date).
 */
import type { ResolvedReportPeriod } from '@daftar/shared/reportPeriods';
import type { RevenueAnalyticsPublic } from '@daftar/shared/schemas/reportAnalyses';
import type { InvoiceStatus } from '@daftar/shared/schemas/invoices';
import type { AccountRecord } from '../../db/account.js';
import { Invoice, type StoredInvoiceLine } from '../../db/invoice.js';
import { InvoiceReturn, type StoredReturnLine } from '../../db/invoiceReturn.js';
import { accountBalances, balanceItems, itemTotals, normalBalance, type Totals } from '../../ledger/balances.js';
import { loadChart } from '../../ledger/chart.js';
import { dayOf, monthOf } from '../../ledger/dates.js';
import type { ReportOrganization } from '../definition.js';
import { add, monthsBetween, moneyText, percentChange } from './common.js';

/** At least this many months in the trend: a short period shows the months leading up to it. */
export const TREND_MONTHS = 6;
export const TOP_SOURCES = 4;
const POSTED_INVOICE_STATUSES = ['confirmed', 'sent', 'partially_paid', 'paid'] as const satisfies readonly InvoiceStatus[];

function incomeTotal(chart: readonly AccountRecord[], balances: Map<string, Totals>): number {
  let total = 0;
  for (const account of chart) if (account.type === 'income') total = add(total, normalBalance(account.type, balances.get(account.id)));
  return total;
}

/**
 * The trend's months: the period's, or the six ending with its last month when it spans fewer.
 * Each point is that month's revenue from the window's first day (the period's start, or the first
 * of the earliest month shown) up to the period's end.
 */
export function trendWindow(period: Pick<ResolvedReportPeriod, 'from' | 'to'>): { months: string[]; from: string } {
  const months = monthsBetween(period.from, period.to);
  if (months.length >= TREND_MONTHS) return { months, from: period.from };
  while (months.length < TREND_MONTHS) {
    const [y, m] = months[0]!.split('-').map(Number) as [number, number];
    months.unshift(m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`);
  }
  return { months, from: `${months[0]}-01` };
}

async function revenueTrend(organizationId: string, chart: readonly AccountRecord[], period: ResolvedReportPeriod): Promise<Map<string, number>> {
  const window = trendWindow(period);
  const income = new Set(chart.filter((a) => a.type === 'income').map((a) => a.id));
  const byMonth = new Map<string, number>(window.months.map((m) => [m, 0]));
  const firstMonth = monthOf(window.from);
  const lastMonth = monthOf(period.to);
  for (const item of await balanceItems(organizationId, { from: window.from, to: period.to })) {
    if (!income.has(item.account_id) || !byMonth.has(item.month)) continue;
    const totals = itemTotals(item, item.month === firstMonth ? dayOf(window.from) : '01', item.month === lastMonth ? dayOf(period.to) : '31');
    byMonth.set(item.month, add(byMonth.get(item.month)!, totals.credit - totals.debit));
  }
  return byMonth;
}

interface Source {
  name: string;
  amount: number;
}

/** While summing: the name is the spelling on the earliest invoice, so it does not depend on read order. */
interface Tally extends Source {
  namedOn: string;
}

/** Lines of one product together; lines without a product by their description (case and spacing aside). */
const sourceKey = (line: Pick<StoredInvoiceLine, 'product_id' | 'description'>) =>
  line.product_id ? `product:${line.product_id}` : `description:${line.description.trim().replace(/\s+/g, ' ').toLowerCase()}`;

/**
 * Net sales by product or service over the period: the posted invoices' line nets (after line
 * discounts, before tax) less the nets of the lines returned by credit notes dated in the period.
 *
 * These come from the documents, not the journal: an invoice posts one credit per income account
 * with its lines' nets summed (docs/ledger.md), so the ledger knows sales by account, never by
 * product or service. The invoice and credit-note lines are the only record of what was sold.
 * Their sum is the sales account's movement over the period less the returns account's.
 */
export async function revenueSources(organizationId: string, from: string, to: string): Promise<Source[]> {
  const [invoicePages, returns] = await Promise.all([
    Promise.all(
      POSTED_INVOICE_STATUSES.map((status) =>
        Invoice.query
          .byStatus({ organization_id: organizationId, status })
          .where((a, { between }) => between(a.issue_date, from, to))
          .go({ pages: 'all', attributes: ['issue_date', 'lines'] }),
      ),
    ),
    InvoiceReturn.query
      .byCreation({ organization_id: organizationId })
      .where((a, { between }) => between(a.issue_date, from, to))
      .go({ pages: 'all', attributes: ['issue_date', 'lines'] }),
  ]);
  const sources = new Map<string, Tally>();
  const count = (line: StoredInvoiceLine | StoredReturnLine, date: string, sign: 1 | -1) => {
    const key = sourceKey(line);
    const name = line.description.trim().replace(/\s+/g, ' ');
    const source = sources.get(key) ?? { name, namedOn: date, amount: 0 };
    if (date < source.namedOn || (date === source.namedOn && name < source.name)) Object.assign(source, { name, namedOn: date });
    source.amount = add(source.amount, sign * line.net);
    sources.set(key, source);
  };
  for (const page of invoicePages) for (const invoice of page.data) for (const line of invoice.lines as StoredInvoiceLine[]) count(line, invoice.issue_date!, 1);
  for (const credit of returns.data) for (const line of credit.lines as StoredReturnLine[]) count(line, credit.issue_date!, -1);
  return [...sources.values()]
    .filter((source) => source.amount > 0)
    .map(({ name, amount }) => ({ name, amount }))
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
}

export interface RevenueFigures {
  organization: ReportOrganization;
  period: ResolvedReportPeriod;
  total: number;
  previousTotal: number;
  growthPercent: number | null;
  trend: { month: string; revenue: number }[];
  /** Every source with net sales in the period, most first. */
  sources: Source[];
}

export async function revenueFigures(organization: ReportOrganization, period: ResolvedReportPeriod): Promise<RevenueFigures> {
  const chartRead = loadChart(organization.id);
  const [chart, current, previous, sources, trend] = await Promise.all([
    chartRead,
    accountBalances(organization.id, { from: period.from, to: period.to }),
    accountBalances(organization.id, { from: period.previous.from, to: period.previous.to }),
    revenueSources(organization.id, period.from, period.to),
    chartRead.then((accounts) => revenueTrend(organization.id, accounts, period)),
  ]);
  const total = incomeTotal(chart, current);
  const previousTotal = incomeTotal(chart, previous);
  return {
    organization,
    period,
    total,
    previousTotal,
    growthPercent: percentChange(total, previousTotal),
    trend: [...trend].map(([month, revenue]) => ({ month, revenue })),
    sources,
  };
}

export function revenuePublic(figures: RevenueFigures): RevenueAnalyticsPublic {
  const text = (minor: number) => moneyText(minor, figures.organization.currency);
  const { period } = figures;
  return {
    period: { period: period.period, from: period.from, to: period.to },
    previous_period: { from: period.previous.from, to: period.previous.to },
    currency: figures.organization.currency,
    total_revenue: text(figures.total),
    previous_total_revenue: text(figures.previousTotal),
    growth_percent: figures.growthPercent,
    revenue_trends: figures.trend.map((point) => ({ period: point.month, revenue: text(point.revenue) })),
    top_revenue_sources: figures.sources.slice(0, TOP_SOURCES).map((source) => ({ [source.name]: text(source.amount) })),
  };
}

export async function revenueAnalytics(organization: ReportOrganization, period: ResolvedReportPeriod): Promise<RevenueAnalyticsPublic> {
  return revenuePublic(await revenueFigures(organization, period));
}
