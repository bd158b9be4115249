/**
 * Profit and loss (income statement) for a period, from the balance items of the period
 * (ledger/balances.ts `accountBalances`): income, cost of sales, gross profit, operating expenses,
 * net income; optionally the period before (`period.previous`) and the change.
 *
 * total_expenses is cost of sales plus operating expenses, so net_income = total_income −
 * total_expenses. Sales returns and discounts are income accounts with debit balances: they show
 * as negative income lines and reduce total income, as on a Jordanian income statement
 * («المبيعات» less «مردودات المبيعات» and «الخصم المسموح به»).
 */
import type { ProfitLossReportPublic } from '@daftar/shared/schemas/reportStatements';
import { accountBalances, accountBalancesOf, type Totals } from '../../ledger/balances.js';
import { loadChart } from '../../ledger/chart.js';
import type { ReportLanguage, ReportRequest } from '../definition.js';
import { amountsOf, isCostOfSales, money, percentChangeText, totalOf, type AccountAmount, type StatementAccount } from './books.js';
import { presentLines } from './present.js';

export interface ProfitLossFigures {
  from: string;
  to: string;
  income: AccountAmount[];
  costOfSales: AccountAmount[];
  expenses: AccountAmount[];
  totalIncome: number;
  totalCostOfSales: number;
  grossProfit: number;
  totalOperatingExpenses: number;
  /** Cost of sales + operating expenses. */
  totalExpenses: number;
  netIncome: number;
}

/** Classifies a period's balances (pure: the chart and the balances are arguments). */
export function profitLossFigures(chart: readonly StatementAccount[], balances: Map<string, Totals>, range: { from: string; to: string }): ProfitLossFigures {
  const income = amountsOf(chart, balances, (a) => a.type === 'income');
  const costOfSales = amountsOf(chart, balances, isCostOfSales);
  const expenses = amountsOf(chart, balances, (a) => a.type === 'expense' && !isCostOfSales(a));
  const totalIncome = totalOf(income);
  const totalCostOfSales = totalOf(costOfSales);
  const totalOperatingExpenses = totalOf(expenses);
  const totalExpenses = totalCostOfSales + totalOperatingExpenses;
  return {
    ...range,
    income,
    costOfSales,
    expenses,
    totalIncome,
    totalCostOfSales,
    grossProfit: totalIncome - totalCostOfSales,
    totalOperatingExpenses,
    totalExpenses,
    netIncome: totalIncome - totalExpenses,
  };
}

export interface ProfitLoss {
  current: ProfitLossFigures;
  previous: ProfitLossFigures | null;
}

export async function profitLoss(request: ReportRequest, includeComparison: boolean): Promise<ProfitLoss> {
  const organizationId = request.organization.id;
  const { from, to, previous } = request.period;
  // With the comparison, one read of both periods: they meet inside a month when the period does not start on the 1st.
  const [chart, [current, before]] = await Promise.all([
    loadChart(organizationId),
    includeComparison ? accountBalancesOf(organizationId, [{ from, to }, previous]) : accountBalances(organizationId, { from, to }).then((balances) => [balances, null] as const),
  ]);
  return {
    current: profitLossFigures(chart, current!, { from, to }),
    previous: before ? profitLossFigures(chart, before, previous) : null,
  };
}

export function presentProfitLoss(request: ReportRequest, { current, previous }: ProfitLoss): ProfitLossReportPublic {
  const currency = request.organization.currency;
  const text = (minor: number) => money(minor, currency);
  return {
    period: { period: request.period.period, from: current.from, to: current.to },
    currency,
    income: { lines: presentLines(current.income, currency), total: text(current.totalIncome) },
    cost_of_sales: { lines: presentLines(current.costOfSales, currency), total: text(current.totalCostOfSales) },
    gross_profit: text(current.grossProfit),
    expenses: { lines: presentLines(current.expenses, currency), total: text(current.totalOperatingExpenses) },
    total_income: text(current.totalIncome),
    total_expenses: text(current.totalExpenses),
    net_income: text(current.netIncome),
    comparison: previous
      ? {
          from: previous.from,
          to: previous.to,
          total_income: text(previous.totalIncome),
          total_expenses: text(previous.totalExpenses),
          net_income: text(previous.netIncome),
          change: { net_income: text(current.netIncome - previous.netIncome), net_income_percent: percentChangeText(current.netIncome, previous.netIncome) },
        }
      : null,
  };
}

/** Labels of the statement's sections, shared by the table and its tests. */
export const profitLossLabels = (language: ReportLanguage) => {
  const t = (en: string, ar: string) => (language === 'ar' ? ar : en);
  return {
    title: t('Profit & Loss Statement', 'قائمة الدخل'),
    income: t('Income', 'الإيرادات'),
    totalIncome: t('Total income', 'مجموع الإيرادات'),
    costOfSales: t('Cost of sales', 'تكلفة المبيعات'),
    totalCostOfSales: t('Total cost of sales', 'مجموع تكلفة المبيعات'),
    grossProfit: t('Gross profit', 'مجمل الربح'),
    expenses: t('Operating expenses', 'المصاريف التشغيلية'),
    totalExpenses: t('Total operating expenses', 'مجموع المصاريف التشغيلية'),
    netIncome: t('Net income', 'صافي الربح'),
  };
};
