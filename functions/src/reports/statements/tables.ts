/**
 * The financial statements as report tables (the catalogue's preview and the PDF, Excel and CSV
 * exports): the same figures as the JSON routes, laid out once, in the request's language.
 */
import type { ReportRow, ReportSection, ReportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import type { ReportDefinition, ReportRequest } from '../definition.js';
import { asOfLabel, money, periodLabel, type AccountAmount } from './books.js';
import { balanceSheet, balanceSheetLabels, earningsLine } from './balance-sheet.js';
import { cashFlowCategories, cashFlowCategoriesLabels, type CategoryFigure, type CategoryType } from './cash-flow-categories.js';
import { cashFlowLabels, cashFlowStatement, type CashFlowLineFigure } from './cash-flow-statement.js';
import { accountRows, column, row, statementTable } from './present.js';
import { profitLoss, profitLossLabels } from './profit-loss.js';
import { trialBalance, trialBalanceLabels } from './trial-balance.js';
import { workingCapital, workingCapitalLabels } from './working-capital.js';

type ReportHighlight = NonNullable<ReportTablePublic['highlights']>[number];
const highlight = (label: string, value: string, kind: ReportHighlight['kind'] = 'money'): ReportHighlight => ({ label, value, kind });
const accountColumns = (request: ReportRequest) => [
  column('code', request.language === 'ar' ? 'الرمز' : 'Code'),
  column('account', request.language === 'ar' ? 'الحساب' : 'Account'),
];
const isTrue = (value: string | undefined) => value === 'true' || value === '1';

const profitLossReport: ReportDefinition = {
  id: 'profit-loss',
  async build(request) {
    const l = profitLossLabels(request.language);
    const comparing = isTrue(request.query.include_comparison);
    const { current, previous } = await profitLoss(request, comparing);
    const currency = request.organization.currency;
    const text = (minor: number) => money(minor, currency);
    // With the comparison, each account row also shows its amount in the period before.
    const previousAmount = (lines: AccountAmount[] | undefined) => {
      const amounts = new Map((lines ?? []).map((line) => [line.account.id, line.amount]));
      return (line: AccountAmount) => ({ previous: text(amounts.get(line.account.id) ?? 0) });
    };
    const group = (heading: string, lines: AccountAmount[], before: AccountAmount[] | undefined, totalLabel: string, total: number, totalBefore: number | undefined): ReportRow[] => {
      // Accounts that moved only in the period before still show, with zero now.
      const shown = [...lines];
      if (previous) for (const line of before ?? []) if (!lines.some((l2) => l2.account.id === line.account.id)) shown.push({ account: line.account, amount: 0 });
      shown.sort((a, b) => (a.account.code < b.account.code ? -1 : 1));
      return [
        row({ account: heading }, 'heading'),
        ...accountRows(request.language, shown, currency, previous ? previousAmount(before) : undefined),
        row({ account: totalLabel, amount: text(total), ...(previous ? { previous: text(totalBefore ?? 0) } : {}) }, 'subtotal'),
      ];
    };
    const withPrevious = (cells: ReportRow['cells'], before: number | undefined) => (previous ? { ...cells, previous: text(before ?? 0) } : cells);
    const section: ReportSection = {
      columns: [
        ...accountColumns(request),
        column('amount', previous ? periodLabel(request.language, current.from, current.to) : request.language === 'ar' ? 'المبلغ' : 'Amount', 'money'),
        ...(previous ? [column('previous', periodLabel(request.language, previous.from, previous.to), 'money')] : []),
      ],
      rows: [
        ...group(l.income, current.income, previous?.income, l.totalIncome, current.totalIncome, previous?.totalIncome),
        ...group(l.costOfSales, current.costOfSales, previous?.costOfSales, l.totalCostOfSales, current.totalCostOfSales, previous?.totalCostOfSales),
        row(withPrevious({ account: l.grossProfit, amount: text(current.grossProfit) }, previous?.grossProfit), 'subtotal'),
        ...group(l.expenses, current.expenses, previous?.expenses, l.totalExpenses, current.totalOperatingExpenses, previous?.totalOperatingExpenses),
        row(withPrevious({ account: l.netIncome, amount: text(current.netIncome) }, previous?.netIncome), 'total'),
      ],
    };
    return statementTable(request, {
      report_id: 'profit-loss',
      title: l.title,
      period_label: periodLabel(request.language, current.from, current.to),
      from: current.from,
      to: current.to,
      highlights: [highlight(l.totalIncome, text(current.totalIncome)), highlight(l.grossProfit, text(current.grossProfit)), highlight(l.netIncome, text(current.netIncome))],
      sections: [section],
    });
  },
};

const balanceSheetReport: ReportDefinition = {
  id: 'balance-sheet',
  async build(request) {
    const l = balanceSheetLabels(request.language);
    const f = await balanceSheet(request);
    const currency = request.organization.currency;
    const text = (minor: number) => money(minor, currency);
    const columns = [...accountColumns(request), column('amount', request.language === 'ar' ? 'المبلغ' : 'Amount', 'money')];
    const part = (heading: string, lines: AccountAmount[], totalLabel: string, total: number): ReportRow[] => [
      row({ account: heading }, 'heading'),
      ...accountRows(request.language, lines, currency),
      row({ account: totalLabel, amount: text(total) }, 'subtotal'),
    ];
    const earnings = earningsLine(f.currentPeriodEarnings);
    return statementTable(request, {
      report_id: 'balance-sheet',
      title: l.title,
      period_label: asOfLabel(request.language, f.asOf),
      from: null,
      to: f.asOf,
      highlights: [highlight(l.totalAssets, text(f.totalAssets)), highlight(l.totalLiabilities, text(f.totalLiabilities)), highlight(l.totalEquity, text(f.totalEquity))],
      sections: [
        {
          title: l.assets,
          columns,
          rows: [
            ...part(l.currentAssets, f.currentAssets, l.totalCurrentAssets, f.totalCurrentAssets),
            ...part(l.nonCurrentAssets, f.nonCurrentAssets, l.totalNonCurrentAssets, f.totalNonCurrentAssets),
            row({ account: l.totalAssets, amount: text(f.totalAssets) }, 'total'),
          ],
        },
        {
          title: `${l.liabilities} ${request.language === 'ar' ? 'و' : 'and '}${l.equity}`,
          columns,
          rows: [
            ...part(l.currentLiabilities, f.currentLiabilities, l.totalCurrentLiabilities, f.totalCurrentLiabilities),
            ...part(l.nonCurrentLiabilities, f.nonCurrentLiabilities, l.totalNonCurrentLiabilities, f.totalNonCurrentLiabilities),
            row({ account: l.totalLiabilities, amount: text(f.totalLiabilities) }, 'subtotal'),
            row({ account: l.equity }, 'heading'),
            ...accountRows(request.language, f.equity, currency),
            row({ code: '', account: request.language === 'ar' ? earnings.account.name_ar! : earnings.account.name, amount: text(earnings.amount) }, 'normal', 1),
            row({ account: l.totalEquity, amount: text(f.totalEquity) }, 'subtotal'),
            row({ account: l.totalLiabilitiesAndEquity, amount: text(f.totalLiabilitiesAndEquity) }, 'total'),
          ],
        },
      ],
      notes: f.balanced ? [] : [l.notBalanced],
    });
  },
};

const trialBalanceReport: ReportDefinition = {
  id: 'trial-balance',
  async build(request) {
    const l = trialBalanceLabels(request.language);
    const tb = await trialBalance(request);
    const currency = request.organization.currency;
    const text = (minor: number) => money(minor, currency);
    const balanced = tb.totalDebit === tb.totalCredit;
    return statementTable(request, {
      report_id: 'trial-balance',
      title: l.title,
      period_label: asOfLabel(request.language, tb.asOf),
      from: null,
      to: tb.asOf,
      highlights: [highlight(l.totalDebit, text(tb.totalDebit)), highlight(l.totalCredit, text(tb.totalCredit))],
      sections: [
        {
          columns: [column('code', l.code), column('account', l.account), column('type', l.type), column('debit', l.debit, 'money'), column('credit', l.credit, 'money')],
          rows: [
            ...tb.rows.map((r) =>
              row({
                code: r.account.code,
                account: request.language === 'ar' && r.account.name_ar ? r.account.name_ar : r.account.name,
                type: l.types[r.account.type] ?? r.account.type,
                debit: r.debit ? text(r.debit) : null,
                credit: r.credit ? text(r.credit) : null,
              }),
            ),
            row({ account: l.total, debit: text(tb.totalDebit), credit: text(tb.totalCredit) }, 'total'),
          ],
          empty_text: request.language === 'ar' ? 'لا توجد أرصدة حتى هذا التاريخ' : 'No balances up to this date',
        },
      ],
      notes: balanced ? [] : [l.notBalanced],
    });
  },
};

const cashFlowReport: ReportDefinition = {
  id: 'cash-flow',
  async build(request) {
    const l = cashFlowLabels(request.language);
    const f = await cashFlowStatement(request);
    const currency = request.organization.currency;
    const text = (minor: number) => money(minor, currency);
    const columns = [column('item', l.item), column('amount', l.amount, 'money')];
    const lines = (section: CashFlowLineFigure[]) => section.map((line) => row({ item: request.language === 'ar' ? line.ar : line.en, amount: text(line.amount) }, 'normal', 1));
    const section = (title: string, figures: CashFlowLineFigure[], totalLabel: string, total: number): ReportSection => ({
      title,
      columns,
      rows: [...lines(figures), row({ item: totalLabel, amount: text(total) }, 'subtotal')],
    });
    return statementTable(request, {
      report_id: 'cash-flow',
      title: l.title,
      period_label: periodLabel(request.language, f.from, f.to),
      from: f.from,
      to: f.to,
      highlights: [highlight(l.beginning, text(f.beginningCash)), highlight(l.netChange, text(f.netChange)), highlight(l.ending, text(f.endingCash))],
      sections: [
        section(l.operating, f.operating, l.netOperating, f.netOperating),
        section(l.investing, f.investing, l.netInvesting, f.netInvesting),
        section(l.financing, f.financing, l.netFinancing, f.netFinancing),
        {
          title: l.summary,
          columns,
          rows: [
            row({ item: l.beginning, amount: text(f.beginningCash) }),
            row({ item: l.netChange, amount: text(f.netChange) }, 'subtotal'),
            row({ item: l.ending, amount: text(f.endingCash) }, 'total'),
          ],
        },
      ],
      notes: [l.cashDefinition],
    });
  },
};

const workingCapitalReport: ReportDefinition = {
  id: 'working-capital',
  async build(request) {
    const l = workingCapitalLabels(request.language);
    const f = await workingCapital(request);
    const currency = request.organization.currency;
    const text = (minor: number) => money(minor, currency);
    const columns = [...accountColumns(request), column('amount', request.language === 'ar' ? 'المبلغ' : 'Amount', 'money')];
    return statementTable(request, {
      report_id: 'working-capital',
      title: l.title,
      period_label: asOfLabel(request.language, f.asOf),
      from: null,
      to: f.asOf,
      highlights: [
        highlight(l.workingCapital, text(f.workingCapital)),
        ...(f.currentRatio !== null ? [highlight(l.currentRatio, f.currentRatio, 'number')] : []),
        ...(f.quickRatio !== null ? [highlight(l.quickRatio, f.quickRatio, 'number')] : []),
      ],
      sections: [
        {
          title: l.currentAssets,
          columns,
          rows: [...accountRows(request.language, f.assets, currency), row({ account: l.totalCurrentAssets, amount: text(f.currentAssets) }, 'subtotal')],
        },
        {
          title: l.currentLiabilities,
          columns,
          rows: [...accountRows(request.language, f.liabilities, currency), row({ account: l.totalCurrentLiabilities, amount: text(f.currentLiabilities) }, 'subtotal')],
        },
        {
          title: l.keyFigures,
          columns,
          rows: [
            row({ account: l.cash, amount: text(f.cash) }),
            row({ account: l.receivables, amount: text(f.receivables) }),
            row({ account: l.inventory, amount: text(f.inventory) }),
            row({ account: l.payables, amount: text(f.payables) }),
            row({ account: l.workingCapital, amount: text(f.workingCapital) }, 'total'),
          ],
        },
      ],
      notes: f.currentRatio === null ? [l.noRatio] : [],
    });
  },
};

const CATEGORY_TYPES: readonly CategoryType[] = ['all', 'income', 'expense', 'expenses'];

const cashFlowCategoriesReport: ReportDefinition = {
  id: 'cash-flow-categories',
  async build(request) {
    const l = cashFlowCategoriesLabels(request.language);
    const requested = request.query.category_type as CategoryType | undefined;
    const categoryType = requested && CATEGORY_TYPES.includes(requested) ? requested : 'all';
    const f = await cashFlowCategories(request, categoryType);
    const currency = request.organization.currency;
    const text = (minor: number) => money(minor, currency);
    const columns = [column('category', l.category), column('transactions', l.transactions, 'number'), column('amount', l.amount, 'money')];
    const list = (title: string, categories: CategoryFigure[], totalLabel: string, total: number, empty: string): ReportSection => ({
      title,
      columns,
      rows: categories.length
        ? [
            ...categories.map((c) =>
              row({ category: request.language === 'ar' && c.account.name_ar ? c.account.name_ar : c.account.name, transactions: c.transactionCount, amount: text(c.amount) }),
            ),
            row({ category: totalLabel, transactions: categories.reduce((n, c) => n + c.transactionCount, 0), amount: text(total) }, 'subtotal'),
          ]
        : [],
      empty_text: empty,
    });
    const sections: ReportSection[] = [];
    if (categoryType !== 'expense' && categoryType !== 'expenses') sections.push(list(l.income, f.income, l.totalIncome, f.totalIncome, l.noIncome));
    if (categoryType !== 'income') sections.push(list(l.expenses, f.expenses, l.totalExpenses, f.totalExpenses, l.noExpenses));
    return statementTable(request, {
      report_id: 'cash-flow-categories',
      title: l.title,
      period_label: periodLabel(request.language, f.from, f.to),
      from: f.from,
      to: f.to,
      highlights: [highlight(l.totalIncome, text(f.totalIncome)), highlight(l.totalExpenses, text(f.totalExpenses)), highlight(l.netCashFlow, text(f.netCashFlow))],
      sections,
    });
  },
};

/** The statements in the catalogue (and the working-capital and categories exports). */
export const statementReports: ReportDefinition[] = [
  profitLossReport,
  balanceSheetReport,
  cashFlowReport,
  trialBalanceReport,
  workingCapitalReport,
  cashFlowCategoriesReport,
];
