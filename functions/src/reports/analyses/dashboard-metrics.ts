/**
 * The analytics dashboard's metrics (SPEC §3 "Dashboard summary", §2 "Analytics dashboard"): the
 * accounting summary of accounting/dashboard.ts, plus the change shown on each metric card:
 * revenue, expenses and net income of the fiscal year to date against the same span of the
 * previous fiscal year, and the cash position against a month before.
 *
 * Reads beyond the summary's: the chart and two balance-item ranges (the previous year's span, and
 * everything up to a month ago), O(accounts × months) items each.
 */
import type { ReportDashboardMetricsPublic } from '@daftar/shared/schemas/reportAnalyses';
import type { AccountRecord } from '../../db/account.js';
import { accountingSummary } from '../../accounting/dashboard.js';
import { accountBalances, normalBalance, type Totals } from '../../ledger/balances.js';
import { CASH_SUBTYPES, loadChart } from '../../ledger/chart.js';
import { add, minorOf, percentChange, shiftMonths } from './common.js';


function sumOf(chart: readonly AccountRecord[], balances: Map<string, Totals>, pick: (account: AccountRecord) => boolean): number {
  let total = 0;
  for (const account of chart) if (pick(account)) total = add(total, normalBalance(account.type, balances.get(account.id)));
  return total;
}

/** `asOf` defaults to today in the organization's time zone. */
export async function dashboardMetrics(organizationId: string, asOf?: string): Promise<ReportDashboardMetricsPublic> {
  const summary = await accountingSummary(organizationId, asOf);
  const date = summary.as_of_date;
  const [chart, lastYear, monthAgo] = await Promise.all([
    loadChart(organizationId),
    accountBalances(organizationId, { from: shiftMonths(summary.fiscal_year_start, -12), to: shiftMonths(date, -12) }),
    accountBalances(organizationId, { asOf: shiftMonths(date, -1) }),
  ]);
  const minor = (text: string) => minorOf(text, summary.currency);
  const revenue = minor(summary.financial_summary.total_revenue_ytd);
  const expenses = minor(summary.financial_summary.total_expenses_ytd);
  const lastYearRevenue = sumOf(chart, lastYear, (a) => a.type === 'income');
  const lastYearExpenses = sumOf(chart, lastYear, (a) => a.type === 'expense');
  const cashMonthAgo = sumOf(chart, monthAgo, (a) => a.type === 'asset' && CASH_SUBTYPES.includes(a.subtype));
  return {
    ...summary,
    changes: {
      revenue_percent: percentChange(revenue, lastYearRevenue),
      expenses_percent: percentChange(expenses, lastYearExpenses),
      net_income_percent: percentChange(revenue - expenses, lastYearRevenue - lastYearExpenses),
      cash_percent: percentChange(minor(summary.current_cash_position), cashMonthAgo),
    },
  };
}
