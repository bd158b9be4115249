/**
 * Working capital on a date: current assets − current liabilities (the balance sheet's current
 * sections, books.ts), the current ratio and the quick ratio (current assets without inventory and
 * prepaid expenses, which do not turn into cash on demand), and the four figures a reader looks
 * for: cash (cash, bank, receipts in transit), receivables (accounts receivable and post-dated
 * cheques received), inventory, payables (accounts payable and post-dated cheques issued).
 *
 * Ratios are two-decimal strings computed in integers; null when current liabilities are zero or
 * negative (a ratio to nothing owed says nothing).
 */
import type { WorkingCapitalReportPublic } from '@daftar/shared/schemas/reportStatements';
import { accountBalances, type Totals } from '../../ledger/balances.js';
import { CASH_SUBTYPES, loadChart } from '../../ledger/chart.js';
import type { ReportLanguage, ReportRequest } from '../definition.js';
import { amountsOf, isCurrentAsset, isCurrentLiability, money, ratioText, totalOf, type AccountAmount, type StatementAccount } from './books.js';
import { presentLines } from './present.js';

export interface WorkingCapitalFigures {
  asOf: string;
  assets: AccountAmount[];
  liabilities: AccountAmount[];
  currentAssets: number;
  currentLiabilities: number;
  workingCapital: number;
  currentRatio: string | null;
  quickRatio: string | null;
  cash: number;
  receivables: number;
  inventory: number;
  payables: number;
}

const ofSubtypes = (lines: readonly AccountAmount[], subtypes: readonly string[]) => totalOf(lines.filter((l) => subtypes.includes(l.account.subtype)));

/** Pure: the chart and the balances on the date are arguments. */
export function workingCapitalFigures(chart: readonly StatementAccount[], balances: Map<string, Totals>, asOf: string): WorkingCapitalFigures {
  const assets = amountsOf(chart, balances, isCurrentAsset);
  const liabilities = amountsOf(chart, balances, isCurrentLiability);
  const currentAssets = totalOf(assets);
  const currentLiabilities = totalOf(liabilities);
  const inventory = ofSubtypes(assets, ['inventory']);
  const quickAssets = currentAssets - inventory - ofSubtypes(assets, ['prepaid_expenses']);
  const ratio = (numerator: number) => (currentLiabilities > 0 ? ratioText(numerator, currentLiabilities, 2) : null);
  return {
    asOf,
    assets,
    liabilities,
    currentAssets,
    currentLiabilities,
    workingCapital: currentAssets - currentLiabilities,
    currentRatio: ratio(currentAssets),
    quickRatio: ratio(quickAssets),
    cash: ofSubtypes(assets, CASH_SUBTYPES),
    receivables: ofSubtypes(assets, ['receivable', 'cheques_receivable']),
    inventory,
    payables: ofSubtypes(liabilities, ['payable', 'cheques_payable']),
  };
}

export async function workingCapital(request: ReportRequest): Promise<WorkingCapitalFigures> {
  const organizationId = request.organization.id;
  const [chart, balances] = await Promise.all([loadChart(organizationId), accountBalances(organizationId, { to: request.asOf })]);
  return workingCapitalFigures(chart, balances, request.asOf);
}

export function presentWorkingCapital(request: ReportRequest, f: WorkingCapitalFigures): WorkingCapitalReportPublic {
  const currency = request.organization.currency;
  const text = (minor: number) => money(minor, currency);
  return {
    as_of: f.asOf,
    currency,
    current_assets: text(f.currentAssets),
    current_liabilities: text(f.currentLiabilities),
    working_capital: text(f.workingCapital),
    current_ratio: f.currentRatio,
    quick_ratio: f.quickRatio,
    cash: text(f.cash),
    receivables: text(f.receivables),
    inventory: text(f.inventory),
    payables: text(f.payables),
    assets: presentLines(f.assets, currency),
    liabilities: presentLines(f.liabilities, currency),
  };
}

export const workingCapitalLabels = (language: ReportLanguage) => {
  const t = (en: string, ar: string) => (language === 'ar' ? ar : en);
  return {
    title: t('Working Capital', 'رأس المال العامل'),
    workingCapital: t('Working capital', 'رأس المال العامل'),
    currentRatio: t('Current ratio', 'نسبة التداول'),
    quickRatio: t('Quick ratio', 'نسبة السيولة السريعة'),
    currentAssets: t('Current assets', 'الموجودات المتداولة'),
    totalCurrentAssets: t('Total current assets', 'مجموع الموجودات المتداولة'),
    currentLiabilities: t('Current liabilities', 'المطلوبات المتداولة'),
    totalCurrentLiabilities: t('Total current liabilities', 'مجموع المطلوبات المتداولة'),
    keyFigures: t('Key figures', 'أرقام رئيسية'),
    cash: t('Cash and bank', 'النقد والبنوك'),
    receivables: t('Receivables', 'الذمم المدينة'),
    inventory: t('Inventory', 'المخزون'),
    payables: t('Payables', 'الذمم الدائنة'),
    noRatio: t('Ratios are shown when current liabilities are above zero.', 'تظهر النسب عندما تكون المطلوبات المتداولة أكبر من صفر.'),
  };
};
