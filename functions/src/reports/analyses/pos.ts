/**
 * POS reports (SPEC §7 "POS"): sales summary, cashier performance, shift reconciliation and the POS
 * dashboard, shaped as a POS back office reads them.
 *
 * The point of sale has no records yet: terminals, sessions (shifts) and transactions come with the
 * POS issue, and no POS entity exists in db/. Until then no sale can have been rung up, so these
 * answer what is true — zero totals and empty lists for the days and filters asked, echoed back —
 * never an error, as issue 5 requires. Once the POS issue lands, they read the POS sessions of the
 * days (and terminal, cashier or session filter) and their transactions here, keeping these shapes;
 * the POS sales post to the ledger like any sale, so the financial reports already count them.
 */
import type { PosDashboardPeriod, PosCashierPerformancePublic, PosDashboardMetricsPublic, PosSalesSummaryPublic, PosShiftReconciliationPublic } from '@daftar/shared/schemas/reportAnalyses';
import { addDays, lastDayOfMonth, monthOf, todayIn } from '../../ledger/dates.js';
import type { ReportOrganization } from '../definition.js';
import { moneyText, shiftMonths } from './common.js';

export interface PosDays {
  start_date?: string;
  end_date?: string;
}

/**
 * The days asked for, in the organization's zone: both dates as given; a start alone runs to today
 * (a future start is that one day); an end alone is that day; neither is today.
 */
export function posDays(organization: ReportOrganization, days: PosDays, now = new Date()): { start: string; end: string } {
  const today = todayIn(organization.timezone, now);
  if (days.start_date && days.end_date) return { start: days.start_date, end: days.end_date };
  if (days.start_date) return { start: days.start_date, end: days.start_date > today ? days.start_date : today };
  if (days.end_date) return { start: days.end_date, end: days.end_date };
  return { start: today, end: today };
}

export function posSalesSummary(organization: ReportOrganization, query: PosDays & { terminal_id?: string }, now = new Date()): PosSalesSummaryPublic {
  const { start, end } = posDays(organization, query, now);
  const zero = moneyText(0, organization.currency);
  return {
    start_date: start,
    end_date: end,
    terminal_id: query.terminal_id ?? null,
    currency: organization.currency,
    transaction_count: 0,
    gross_sales: zero,
    discounts: zero,
    returns: zero,
    net_sales: zero,
    tax: zero,
    total_collected: zero,
    average_transaction_value: zero,
    by_payment_method: [],
    by_hour: [],
  };
}

export function posCashierPerformance(organization: ReportOrganization, query: PosDays & { cashier_id?: string }, now = new Date()): PosCashierPerformancePublic {
  const { start, end } = posDays(organization, query, now);
  return {
    start_date: start,
    end_date: end,
    cashier_id: query.cashier_id ?? null,
    currency: organization.currency,
    total_transactions: 0,
    total_net_sales: moneyText(0, organization.currency),
    cashiers: [],
  };
}

export function posShiftReconciliation(organization: ReportOrganization, query: PosDays & { session_id?: string }, now = new Date()): PosShiftReconciliationPublic {
  const { start, end } = posDays(organization, query, now);
  const zero = moneyText(0, organization.currency);
  return {
    session_id: query.session_id ?? null,
    start_date: start,
    end_date: end,
    currency: organization.currency,
    session_count: 0,
    totals: { expected_cash: zero, counted_cash: zero, difference: zero },
    sessions: [],
  };
}

/** The dashboard's span in the organization's zone: today, yesterday, the last 7 or 30 days (today included), this or last month. */
export function posDashboardSpan(period: PosDashboardPeriod, today: string): { from: string; to: string } {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'current_month':
      return { from: `${monthOf(today)}-01`, to: lastDayOfMonth(monthOf(today)) };
    case 'last_month': {
      const month = monthOf(shiftMonths(today, -1));
      return { from: `${month}-01`, to: lastDayOfMonth(month) };
    }
  }
}

export function posDashboardMetrics(organization: ReportOrganization, query: { terminal_id?: string; period: PosDashboardPeriod }, now = new Date()): PosDashboardMetricsPublic {
  const { from, to } = posDashboardSpan(query.period, todayIn(organization.timezone, now));
  const zero = moneyText(0, organization.currency);
  return {
    period: query.period,
    from,
    to,
    terminal_id: query.terminal_id ?? null,
    currency: organization.currency,
    today_sales: zero,
    today_transactions: 0,
    net_sales: zero,
    transaction_count: 0,
    average_transaction_value: zero,
    items_sold: '0',
    returns: zero,
    open_sessions: 0,
    active_terminals: 0,
    top_products: [],
    by_payment_method: [],
    by_hour: [],
  };
}
