/**
 * Cash flow by category for a period (SPEC §2 "Category Analysis"): each income account is an
 * income category and each expense account an expense category, with its amount over the period
 * (income: credits − debits, so returns and discounts reduce it; expenses: debits − credits) and
 * the number of journal lines posted to it (`transaction_count`), both from the balance items
 * (ledger/balances.ts), never the journal.
 *
 * `category_type` chooses which lists are filled (income; expense or expenses; all); the totals
 * are the period's whatever the filter, so the summary card reads the same on every filter.
 * Categories are sorted by amount, largest first; an account with no line in the period is left out.
 */
import type { CashFlowCategoriesReportPublic } from '@daftar/shared/schemas/reportStatements';
import { accountBalances, normalBalance, type CountedTotals } from '../../ledger/balances.js';
import { loadChart } from '../../ledger/chart.js';
import type { ReportLanguage, ReportRequest } from '../definition.js';
import { accountName, add, money, sum, type StatementAccount } from './books.js';

export type CategoryType = CashFlowCategoriesReportPublic['category_type'];

export interface CategoryFigure {
  account: StatementAccount;
  amount: number;
  transactionCount: number;
}

export interface CashFlowCategoriesFigures {
  from: string;
  to: string;
  categoryType: CategoryType;
  totalIncome: number;
  totalExpenses: number;
  netCashFlow: number;
  income: CategoryFigure[];
  expenses: CategoryFigure[];
}

const byAmountThenCode = (a: CategoryFigure, b: CategoryFigure) => b.amount - a.amount || (a.account.code < b.account.code ? -1 : a.account.code > b.account.code ? 1 : 0);

/** Pure: the chart and the period's counted activity are arguments. */
export function cashFlowCategoriesFigures(
  chart: readonly StatementAccount[],
  activity: Map<string, CountedTotals>,
  range: { from: string; to: string },
  categoryType: CategoryType,
): CashFlowCategoriesFigures {
  const of = (type: 'income' | 'expense') =>
    chart
      .filter((a) => a.type === type && activity.has(a.id))
      .map((account) => {
        const totals = activity.get(account.id)!;
        return { account, amount: normalBalance(type, totals), transactionCount: totals.lines };
      })
      .sort(byAmountThenCode);
  const income = of('income');
  const expenses = of('expense');
  const totalIncome = sum(income.map((c) => c.amount));
  const totalExpenses = sum(expenses.map((c) => c.amount));
  return {
    ...range,
    categoryType,
    totalIncome,
    totalExpenses,
    netCashFlow: add(totalIncome, -totalExpenses),
    income: categoryType === 'all' || categoryType === 'income' ? income : [],
    expenses: categoryType === 'income' ? [] : expenses,
  };
}

export async function cashFlowCategories(request: ReportRequest, categoryType: CategoryType): Promise<CashFlowCategoriesFigures> {
  const organizationId = request.organization.id;
  const { from, to } = request.period;
  const [chart, activity] = await Promise.all([loadChart(organizationId), accountBalances(organizationId, { from, to }, { lineCounts: true })]);
  return cashFlowCategoriesFigures(chart, activity, { from, to }, categoryType);
}

export function presentCashFlowCategories(request: ReportRequest, f: CashFlowCategoriesFigures): CashFlowCategoriesReportPublic {
  const currency = request.organization.currency;
  const text = (minor: number) => money(minor, currency);
  const categories = (list: CategoryFigure[]) =>
    list.map((c) => ({ category: accountName(request.language, c.account), account_id: c.account.id, code: c.account.code, amount: text(c.amount), transaction_count: c.transactionCount }));
  return {
    period: { period: request.period.period, from: f.from, to: f.to },
    currency,
    category_type: f.categoryType,
    total_income: text(f.totalIncome),
    total_expenses: text(f.totalExpenses),
    net_cash_flow: text(f.netCashFlow),
    income_categories: categories(f.income),
    expense_categories: categories(f.expenses),
  };
}

export const cashFlowCategoriesLabels = (language: ReportLanguage) => {
  const t = (en: string, ar: string) => (language === 'ar' ? ar : en);
  return {
    title: t('Cash Flow by Category', 'التدفقات النقدية حسب الفئة'),
    category: t('Category', 'الفئة'),
    transactions: t('Transactions', 'عدد الحركات'),
    amount: t('Amount', 'المبلغ'),
    income: t('Income categories', 'فئات الإيرادات'),
    expenses: t('Expense categories', 'فئات المصاريف'),
    totalIncome: t('Total income', 'مجموع الإيرادات'),
    totalExpenses: t('Total expenses', 'مجموع المصاريف'),
    netCashFlow: t('Net cash flow', 'صافي التدفق النقدي'),
    noIncome: t('No income in this period', 'لا توجد إيرادات في هذه الفترة'),
    noExpenses: t('No expenses in this period', 'لا توجد مصاريف في هذه الفترة'),
  };
};
