/**
 * The `expense-breakdown` catalogue report: what each expense account took over the period (from
 * the balance items, net of credits) with its share of the total; and, when expense claims were
 * approved in the period, those expenses per expense category.
 *
 * Reads: the chart (1 Query), the period's balance items, the expenses dated in the period (gsi1
 * by date range, approved as a filter) and the expense categories (1 Query).
 */
import type { ReportColumn, ReportRow } from '@daftar/shared/schemas/reportCatalogue';
import { addCalendarDays } from '@daftar/shared/reportPeriods';
import { Expense } from '../../db/expense.js';
import { ExpenseCategory } from '../../db/expenseCategory.js';
import { accountBalances, normalBalance } from '../../ledger/balances.js';
import { byCode, loadChart } from '../../ledger/chart.js';
import { tr, type ReportDefinition, type ReportRequest } from '../definition.js';
import { accountLabel, amount, frame, percentOf, rangeLabel, type TaxReportTable } from './common.js';

async function approvedExpensesByCategory(organizationId: string, from: string, to: string) {
  const [expenses, categories] = await Promise.all([
    Expense.query
      .byDate({ organization_id: organizationId })
      .between({ date: from }, { date: addCalendarDays(to, 1) })
      .where((a, { eq }) => eq(a.status, 'approved'))
      .go({ pages: 'all', attributes: ['id', 'category_id', 'net_amount', 'tax_amount', 'amount'] }),
    ExpenseCategory.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all', attributes: ['id', 'name', 'name_ar'] }),
  ]);
  const names = new Map(categories.data.map((c) => [c.id!, c]));
  const byCategory = new Map<string, { count: number; net: number; tax: number; gross: number }>();
  for (const expense of expenses.data) {
    const entry = byCategory.get(expense.category_id!) ?? { count: 0, net: 0, tax: 0, gross: 0 };
    entry.count += 1;
    entry.net += expense.net_amount ?? 0;
    entry.tax += expense.tax_amount ?? 0;
    entry.gross += expense.amount ?? 0;
    byCategory.set(expense.category_id!, entry);
  }
  return [...byCategory].map(([categoryId, totals]) => ({ category: names.get(categoryId), categoryId, ...totals })).sort((a, b) => b.gross - a.gross);
}

export async function buildExpenseBreakdown(request: ReportRequest): Promise<TaxReportTable> {
  const { language: lang, organization, period } = request;
  const money = (minor: number) => amount(minor, organization.currency);
  const [chart, balances, claims] = await Promise.all([
    loadChart(organization.id),
    accountBalances(organization.id, { from: period.from, to: period.to }),
    approvedExpensesByCategory(organization.id, period.from, period.to),
  ]);

  const accounts = chart
    .filter((a) => a.type === 'expense')
    .map((account) => ({ account, amount: normalBalance('expense', balances.get(account.id)) }))
    .filter((line) => line.amount !== 0)
    .sort((a, b) => b.amount - a.amount || byCode(a.account, b.account));
  const total = accounts.reduce((sum, line) => sum + line.amount, 0);

  const table = frame(request, 'expense-breakdown', tr(lang, 'Expense Breakdown', 'تحليل المصاريف'), {
    period_label: rangeLabel(lang, period.from, period.to),
    from: period.from,
    to: period.to,
  });
  const largest = accounts[0];
  table.highlights.push({ label: tr(lang, 'Total expenses', 'مجموع المصاريف'), value: money(total), kind: 'money' });
  if (largest) {
    table.highlights.push({ label: tr(lang, 'Largest expense', 'أكبر بند مصاريف'), value: accountLabel(lang, largest.account), kind: 'text' });
  }

  const accountColumns: ReportColumn[] = [
    { key: 'account', label: tr(lang, 'Account', 'الحساب'), kind: 'text' },
    { key: 'amount', label: tr(lang, 'Amount', 'المبلغ'), kind: 'money' },
    { key: 'share', label: tr(lang, 'Share', 'النسبة'), kind: 'percent' },
  ];
  const accountRows: ReportRow[] = accounts.map((line) => ({
    cells: { account: accountLabel(lang, line.account), amount: money(line.amount), share: percentOf(line.amount, total) },
  }));
  if (accounts.length) accountRows.push({ cells: { account: tr(lang, 'Total expenses', 'مجموع المصاريف'), amount: money(total), share: '100.0' }, style: 'total' });
  table.sections.push({
    title: tr(lang, 'Expenses by account', 'المصاريف حسب الحساب'),
    columns: accountColumns,
    rows: accountRows,
    empty_text: tr(lang, 'No expenses were booked in this period.', 'لم تُقيَّد مصاريف في هذه الفترة.'),
  });

  if (claims.length) {
    const sum = (field: 'count' | 'net' | 'tax' | 'gross') => claims.reduce((s, c) => s + c[field], 0);
    const categoryName = (c: (typeof claims)[number]) =>
      c.category ? (lang === 'ar' && c.category.name_ar ? c.category.name_ar : c.category.name!) : tr(lang, 'Unknown category', 'فئة غير معروفة');
    table.sections.push({
      title: tr(lang, 'Approved expense claims by category', 'المصاريف المعتمدة حسب الفئة'),
      columns: [
        { key: 'category', label: tr(lang, 'Category', 'الفئة'), kind: 'text' },
        { key: 'count', label: tr(lang, 'Expenses', 'عدد المصاريف'), kind: 'number' },
        { key: 'net', label: tr(lang, 'Before tax', 'قبل الضريبة'), kind: 'money' },
        { key: 'tax', label: tr(lang, 'Tax', 'الضريبة'), kind: 'money' },
        { key: 'gross', label: tr(lang, 'Total', 'المجموع'), kind: 'money' },
      ],
      rows: [
        ...claims.map((c) => ({ cells: { category: categoryName(c), count: c.count, net: money(c.net), tax: money(c.tax), gross: money(c.gross) } })),
        { cells: { category: tr(lang, 'Total', 'المجموع'), count: sum('count'), net: money(sum('net')), tax: money(sum('tax')), gross: money(sum('gross')) }, style: 'total' },
      ],
    });
    table.notes.push(
      tr(
        lang,
        'Approved expense claims are part of the account totals above; bills and journal entries booked to expense accounts make up the rest.',
        'المصاريف المعتمدة جزء من مجاميع الحسابات أعلاه، والباقي من فواتير الموردين والقيود المحاسبية على حسابات المصاريف.',
      ),
    );
  }
  return table;
}

export const expenseBreakdownReport: ReportDefinition = { id: 'expense-breakdown', build: buildExpenseBreakdown };
