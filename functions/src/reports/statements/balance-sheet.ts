/**
 * The balance sheet on a date, from the balance items up to that date (ledger/balances.ts
 * `accountBalances`): assets and liabilities split current / non-current (books.ts says which subtypes are
 * which), and equity.
 *
 * Posting never closes income and expenses into retained earnings (docs/ledger.md "Periods and
 * close": closing a period only locks it and posts no closing entries), so the equity section
 * carries a computed line, "Current period earnings", equal to all income − all expenses posted up
 * to the date. With it, assets = liabilities + equity holds whenever every entry balanced: the
 * debit-normal balances (assets, expenses) equal the credit-normal ones (liabilities, equity,
 * income). Retained earnings shows only what was posted to it by hand (opening balances, profit
 * distributions).
 */
import type { BalanceSheetReportPublic } from '@daftar/shared/schemas/reportStatements';
import { accountBalances, type Totals } from '../../ledger/balances.js';
import { loadChart } from '../../ledger/chart.js';
import type { ReportLanguage, ReportRequest } from '../definition.js';
import { amountsOf, isCurrentAsset, isCurrentLiability, money, totalOf, unknownAccount, type AccountAmount, type StatementAccount } from './books.js';
import { presentLine, presentLines } from './present.js';

export const CURRENT_PERIOD_EARNINGS = { en: 'Current period earnings', ar: 'أرباح الفترة الحالية' } as const;

export interface BalanceSheetFigures {
  asOf: string;
  currentAssets: AccountAmount[];
  nonCurrentAssets: AccountAmount[];
  currentLiabilities: AccountAmount[];
  nonCurrentLiabilities: AccountAmount[];
  /** Equity accounts' lines, without the computed earnings. */
  equity: AccountAmount[];
  /** Income − expenses of every posting up to the date. */
  currentPeriodEarnings: number;
  totalCurrentAssets: number;
  totalNonCurrentAssets: number;
  totalAssets: number;
  totalCurrentLiabilities: number;
  totalNonCurrentLiabilities: number;
  totalLiabilities: number;
  totalEquity: number;
  totalLiabilitiesAndEquity: number;
  balanced: boolean;
}

/** Classifies the balances on a date (pure). Accounts missing from the chart show as non-current assets, as the trial balance shows them. */
export function balanceSheetFigures(chartInput: readonly StatementAccount[], balances: Map<string, Totals>, asOf: string): BalanceSheetFigures {
  const known = new Set(chartInput.map((a) => a.id));
  const chart = [...chartInput, ...[...balances.keys()].filter((id) => !known.has(id)).map(unknownAccount)];
  const currentAssets = amountsOf(chart, balances, isCurrentAsset);
  const nonCurrentAssets = amountsOf(chart, balances, (a) => a.type === 'asset' && !isCurrentAsset(a));
  const currentLiabilities = amountsOf(chart, balances, isCurrentLiability);
  const nonCurrentLiabilities = amountsOf(chart, balances, (a) => a.type === 'liability' && !isCurrentLiability(a));
  const equity = amountsOf(chart, balances, (a) => a.type === 'equity');
  const currentPeriodEarnings = totalOf(amountsOf(chart, balances, (a) => a.type === 'income')) - totalOf(amountsOf(chart, balances, (a) => a.type === 'expense'));
  const totalCurrentAssets = totalOf(currentAssets);
  const totalNonCurrentAssets = totalOf(nonCurrentAssets);
  const totalCurrentLiabilities = totalOf(currentLiabilities);
  const totalNonCurrentLiabilities = totalOf(nonCurrentLiabilities);
  const totalAssets = totalCurrentAssets + totalNonCurrentAssets;
  const totalLiabilities = totalCurrentLiabilities + totalNonCurrentLiabilities;
  const totalEquity = totalOf(equity) + currentPeriodEarnings;
  const totalLiabilitiesAndEquity = totalLiabilities + totalEquity;
  return {
    asOf,
    currentAssets,
    nonCurrentAssets,
    currentLiabilities,
    nonCurrentLiabilities,
    equity,
    currentPeriodEarnings,
    totalCurrentAssets,
    totalNonCurrentAssets,
    totalAssets,
    totalCurrentLiabilities,
    totalNonCurrentLiabilities,
    totalLiabilities,
    totalEquity,
    totalLiabilitiesAndEquity,
    balanced: totalAssets === totalLiabilitiesAndEquity,
  };
}

export async function balanceSheet(request: ReportRequest): Promise<BalanceSheetFigures> {
  const organizationId = request.organization.id;
  const [chart, balances] = await Promise.all([loadChart(organizationId), accountBalances(organizationId, { to: request.asOf })]);
  return balanceSheetFigures(chart, balances, request.asOf);
}

/** The computed earnings as an equity line (no account behind it). */
export const earningsLine = (amount: number): AccountAmount => ({
  account: { id: '', code: '', name: CURRENT_PERIOD_EARNINGS.en, name_ar: CURRENT_PERIOD_EARNINGS.ar, type: 'equity', subtype: 'retained_earnings' },
  amount,
});

export function presentBalanceSheet(request: ReportRequest, figures: BalanceSheetFigures): BalanceSheetReportPublic {
  const currency = request.organization.currency;
  const text = (minor: number) => money(minor, currency);
  return {
    as_of: figures.asOf,
    currency,
    assets: {
      current: { lines: presentLines(figures.currentAssets, currency), total: text(figures.totalCurrentAssets) },
      non_current: { lines: presentLines(figures.nonCurrentAssets, currency), total: text(figures.totalNonCurrentAssets) },
      total: text(figures.totalAssets),
    },
    liabilities: {
      current: { lines: presentLines(figures.currentLiabilities, currency), total: text(figures.totalCurrentLiabilities) },
      non_current: { lines: presentLines(figures.nonCurrentLiabilities, currency), total: text(figures.totalNonCurrentLiabilities) },
      total: text(figures.totalLiabilities),
    },
    equity: {
      lines: [
        ...presentLines(figures.equity, currency),
        { ...presentLine(earningsLine(figures.currentPeriodEarnings), currency), account_id: null, code: null },
      ],
      total: text(figures.totalEquity),
    },
    total_liabilities_and_equity: text(figures.totalLiabilitiesAndEquity),
    balanced: figures.balanced,
  };
}

export const balanceSheetLabels = (language: ReportLanguage) => {
  const t = (en: string, ar: string) => (language === 'ar' ? ar : en);
  return {
    title: t('Balance Sheet', 'الميزانية العمومية'),
    assets: t('Assets', 'الموجودات'),
    currentAssets: t('Current assets', 'الموجودات المتداولة'),
    totalCurrentAssets: t('Total current assets', 'مجموع الموجودات المتداولة'),
    nonCurrentAssets: t('Non-current assets', 'الموجودات غير المتداولة'),
    totalNonCurrentAssets: t('Total non-current assets', 'مجموع الموجودات غير المتداولة'),
    totalAssets: t('Total assets', 'مجموع الموجودات'),
    liabilities: t('Liabilities', 'المطلوبات'),
    currentLiabilities: t('Current liabilities', 'المطلوبات المتداولة'),
    totalCurrentLiabilities: t('Total current liabilities', 'مجموع المطلوبات المتداولة'),
    nonCurrentLiabilities: t('Non-current liabilities', 'المطلوبات غير المتداولة'),
    totalNonCurrentLiabilities: t('Total non-current liabilities', 'مجموع المطلوبات غير المتداولة'),
    totalLiabilities: t('Total liabilities', 'مجموع المطلوبات'),
    equity: t('Equity', 'حقوق الملكية'),
    totalEquity: t('Total equity', 'مجموع حقوق الملكية'),
    totalLiabilitiesAndEquity: t('Total liabilities and equity', 'مجموع المطلوبات وحقوق الملكية'),
    notBalanced: t(
      'Assets do not equal liabilities plus equity: the books hold an unbalanced posting; run the ledger verification.',
      'الموجودات لا تساوي المطلوبات وحقوق الملكية: في الدفاتر قيد غير متوازن؛ شغّل التحقق من دفتر الأستاذ.',
    ),
  };
};
