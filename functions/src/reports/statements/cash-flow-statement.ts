/**
 * The cash flow statement for a period, indirect method, from the balance items only.
 *
 * Cash and cash equivalents are the cash, bank and undeposited_funds accounts (books.ts: post-dated
 * cheques received are not cash until collected; their change is an operating line). Beginning
 * cash is their balance on the day before `from`; ending cash is beginning cash plus their change
 * over the period, i.e. their balance on `to`.
 *
 * Why the sections add up: over the period, every posted entry balances, so for the period's
 * activity Σ (debit − credit) over all accounts is zero. Split the accounts into cash and the
 * rest: the change in cash, Σ_cash (debit − credit), equals Σ_other (credit − debit). Income and
 * expense accounts together give net income (credit − debit of income, less debit − credit of
 * expenses); every other account gives its own cash effect, credit − debit: a receivable that
 * grew (debits) used cash, a payable that grew (credits) kept cash, a loan received brought it.
 * So the statement starts from net income and adds one line per group of balance-sheet accounts
 * (operating: working-capital accounts and depreciation; investing: fixed and other non-current
 * assets; financing: loans, capital, drawings, other equity), and ending − beginning equals the
 * three sections exactly. The code checks it and refuses to answer otherwise: a difference means
 * an unbalanced entry or a torn read, which is retried once.
 */
import type { AccountSubtype } from '@daftar/shared/schemas/accounting';
import type { CashFlowStatementReportPublic } from '@daftar/shared/schemas/reportStatements';
import { addDays } from '../../ledger/dates.js';
import { accountBalancesOf, normalBalance, type Totals } from '../../ledger/balances.js';
import { loadChart } from '../../ledger/chart.js';
import type { ReportLanguage, ReportRequest } from '../definition.js';
import { add, isCash, money, sum, type StatementAccount } from './books.js';

export type CashFlowSection = 'operating' | 'investing' | 'financing';

interface CashFlowGroup {
  key: string;
  section: CashFlowSection;
  en: string;
  ar: string;
  subtypes: readonly AccountSubtype[];
}

/** The statement's lines in the order they print; a group shows when its amount is not zero. */
export const CASH_FLOW_GROUPS: readonly CashFlowGroup[] = [
  { key: 'depreciation', section: 'operating', en: 'Depreciation', ar: 'الاستهلاك', subtypes: ['accumulated_depreciation'] },
  { key: 'receivable', section: 'operating', en: 'Change in accounts receivable', ar: 'التغير في الذمم المدينة', subtypes: ['receivable'] },
  { key: 'cheques_receivable', section: 'operating', en: 'Change in post-dated cheques received', ar: 'التغير في الشيكات برسم التحصيل', subtypes: ['cheques_receivable'] },
  { key: 'inventory', section: 'operating', en: 'Change in inventory', ar: 'التغير في المخزون', subtypes: ['inventory'] },
  { key: 'prepaid', section: 'operating', en: 'Change in prepaid expenses and supplier advances', ar: 'التغير في المصاريف المدفوعة مقدماً ودفعات الموردين', subtypes: ['prepaid_expenses'] },
  { key: 'other_current_assets', section: 'operating', en: 'Change in other current assets', ar: 'التغير في الموجودات المتداولة الأخرى', subtypes: ['other_current_asset'] },
  { key: 'payable', section: 'operating', en: 'Change in accounts payable', ar: 'التغير في الذمم الدائنة', subtypes: ['payable'] },
  { key: 'cheques_payable', section: 'operating', en: 'Change in post-dated cheques issued', ar: 'التغير في الشيكات الآجلة الدفع', subtypes: ['cheques_payable'] },
  { key: 'sales_tax', section: 'operating', en: 'Change in sales tax balances', ar: 'التغير في أرصدة ضريبة المبيعات', subtypes: ['vat_output', 'vat_input', 'special_tax_output'] },
  { key: 'customer_deposits', section: 'operating', en: 'Change in customer deposits', ar: 'التغير في دفعات العملاء المقدمة', subtypes: ['customer_deposits'] },
  { key: 'store_credit', section: 'operating', en: 'Change in customer store credit', ar: 'التغير في أرصدة العملاء الدائنة', subtypes: ['store_credit'] },
  { key: 'gift_cards', section: 'operating', en: 'Change in gift card liability', ar: 'التغير في التزامات بطاقات الهدايا', subtypes: ['gift_card_liability'] },
  { key: 'loyalty', section: 'operating', en: 'Change in loyalty points liability', ar: 'التغير في التزامات نقاط الولاء', subtypes: ['loyalty_liability'] },
  { key: 'accrued', section: 'operating', en: 'Change in accrued expenses and payroll liabilities', ar: 'التغير في المصاريف والرواتب المستحقة', subtypes: ['accrued_liabilities', 'payroll_liabilities', 'social_security_payable'] },
  { key: 'income_tax', section: 'operating', en: 'Change in income tax payable', ar: 'التغير في ضريبة الدخل المستحقة', subtypes: ['income_tax_payable'] },
  { key: 'other_current_liabilities', section: 'operating', en: 'Change in other current liabilities', ar: 'التغير في المطلوبات المتداولة الأخرى', subtypes: ['other_current_liability'] },
  { key: 'fixed_assets', section: 'investing', en: 'Purchase and disposal of fixed assets', ar: 'شراء واستبعاد الموجودات الثابتة', subtypes: ['fixed_asset'] },
  { key: 'other_non_current_assets', section: 'investing', en: 'Other non-current assets', ar: 'الموجودات غير المتداولة الأخرى', subtypes: ['other_asset'] },
  { key: 'loans', section: 'financing', en: 'Loans received (repaid)', ar: 'القروض المقبوضة (المسددة)', subtypes: ['loan'] },
  { key: 'other_non_current_liabilities', section: 'financing', en: 'Other non-current liabilities', ar: 'المطلوبات غير المتداولة الأخرى', subtypes: ['other_liability'] },
  { key: 'capital', section: 'financing', en: 'Capital contributed (withdrawn)', ar: 'رأس المال المدفوع (المسحوب)', subtypes: ['owner_capital'] },
  { key: 'drawings', section: 'financing', en: "Owner's drawings", ar: 'المسحوبات الشخصية', subtypes: ['owner_drawings'] },
  { key: 'opening_balances', section: 'financing', en: 'Opening balances', ar: 'الأرصدة الافتتاحية', subtypes: ['opening_balance_equity'] },
  { key: 'other_equity', section: 'financing', en: 'Retained earnings and other equity movements', ar: 'الأرباح المحتجزة وحركات حقوق الملكية الأخرى', subtypes: ['retained_earnings', 'other_equity'] },
];
const NET_INCOME = { key: 'net_income', en: 'Net income', ar: 'صافي الربح' } as const;
/** Accounts a posting named that the chart no longer has: shown so the statement still adds up. */
const UNCLASSIFIED: CashFlowGroup = { key: 'unclassified', section: 'operating', en: 'Accounts missing from the chart', ar: 'حسابات غير موجودة في الدليل', subtypes: [] };

const groupOf = new Map<string, CashFlowGroup>(CASH_FLOW_GROUPS.flatMap((g) => g.subtypes.map((s) => [s, g] as const)));

export interface CashFlowLineFigure {
  key: string;
  en: string;
  ar: string;
  amount: number;
}

export interface CashFlowFigures {
  from: string;
  to: string;
  beginningCash: number;
  endingCash: number;
  netIncome: number;
  operating: CashFlowLineFigure[];
  investing: CashFlowLineFigure[];
  financing: CashFlowLineFigure[];
  netOperating: number;
  netInvesting: number;
  netFinancing: number;
  netChange: number;
}

export class LedgerInconsistency extends Error {}

/**
 * Pure: the statement from the chart, the balances up to the day before the period (`opening`)
 * and the period's activity. Throws LedgerInconsistency when the sections do not add up to the
 * change in cash (an unbalanced entry: the books, not the arithmetic, are wrong).
 */
export function cashFlowFigures(chart: readonly StatementAccount[], opening: Map<string, Totals>, period: Map<string, Totals>, range: { from: string; to: string }): CashFlowFigures {
  const accounts = new Map(chart.map((a) => [a.id, a]));
  let beginningCash = 0;
  for (const account of chart) if (isCash(account)) beginningCash = add(beginningCash, normalBalance(account.type, opening.get(account.id)));

  let cashChange = 0;
  let netIncome = 0;
  const byGroup = new Map<string, number>();
  for (const [accountId, totals] of period) {
    const account = accounts.get(accountId);
    const effect = totals.credit - totals.debit;
    if (account && isCash(account)) {
      cashChange = add(cashChange, totals.debit - totals.credit);
    } else if (account && (account.type === 'income' || account.type === 'expense')) {
      netIncome = add(netIncome, effect);
    } else {
      const group = (account && groupOf.get(account.subtype)) ?? UNCLASSIFIED;
      byGroup.set(group.key, add(byGroup.get(group.key) ?? 0, effect));
    }
  }

  const lines = (section: CashFlowSection) =>
    [...CASH_FLOW_GROUPS, UNCLASSIFIED]
      .filter((g) => g.section === section && (byGroup.get(g.key) ?? 0) !== 0)
      .map((g) => ({ key: g.key, en: g.en, ar: g.ar, amount: byGroup.get(g.key)! }));
  const operating = [{ ...NET_INCOME, amount: netIncome }, ...lines('operating')];
  const investing = lines('investing');
  const financing = lines('financing');
  const netOperating = sum(operating.map((l) => l.amount));
  const netInvesting = sum(investing.map((l) => l.amount));
  const netFinancing = sum(financing.map((l) => l.amount));
  const netChange = netOperating + netInvesting + netFinancing;
  const endingCash = add(beginningCash, cashChange);
  if (endingCash - beginningCash !== netChange) {
    throw new LedgerInconsistency(
      `Ledger inconsistency: cash changed by ${cashChange} minor units from ${range.from} to ${range.to} but the other accounts account for ${netChange}; run the ledger verification`,
    );
  }
  return { ...range, beginningCash, endingCash, netIncome, operating, investing, financing, netOperating, netInvesting, netFinancing, netChange };
}

export async function cashFlowStatement(request: ReportRequest): Promise<CashFlowFigures> {
  const organizationId = request.organization.id;
  const { from, to } = request.period;
  // Both ranges in one read: the month the period starts in is cut by both, and read once.
  const read = async () => {
    const [chart, [opening, period]] = await Promise.all([loadChart(organizationId), accountBalancesOf(organizationId, [{ to: addDays(from, -1) }, { from, to }])]);
    return [chart, opening!, period!] as const;
  };
  const [chart, opening, period] = await read();
  try {
    return cashFlowFigures(chart, opening, period, { from, to });
  } catch (error) {
    if (!(error instanceof LedgerInconsistency)) throw error;
    // A read is not a snapshot: a posting landing while the items were paged could tear it. A
    // second read settles it; a difference that persists is a real inconsistency.
    const [chartAgain, openingAgain, periodAgain] = await read();
    return cashFlowFigures(chartAgain, openingAgain, periodAgain, { from, to });
  }
}

export function presentCashFlowStatement(request: ReportRequest, f: CashFlowFigures): CashFlowStatementReportPublic {
  const currency = request.organization.currency;
  const text = (minor: number) => money(minor, currency);
  const lines = (section: CashFlowLineFigure[]) => section.map((l) => ({ label: request.language === 'ar' ? l.ar : l.en, current_amount: text(l.amount) }));
  return {
    period: { period: request.period.period, from: f.from, to: f.to },
    currency,
    beginning_cash_balance: text(f.beginningCash),
    net_operating_cash_flow: text(f.netOperating),
    net_investing_cash_flow: text(f.netInvesting),
    net_financing_cash_flow: text(f.netFinancing),
    net_change_in_cash: text(f.netChange),
    ending_cash_balance: text(f.endingCash),
    operating_activities: lines(f.operating),
    investing_activities: lines(f.investing),
    financing_activities: lines(f.financing),
  };
}

export const cashFlowLabels = (language: ReportLanguage) => {
  const t = (en: string, ar: string) => (language === 'ar' ? ar : en);
  return {
    title: t('Cash Flow Statement', 'قائمة التدفقات النقدية'),
    item: t('Item', 'البند'),
    amount: t('Amount', 'المبلغ'),
    operating: t('Operating activities', 'الأنشطة التشغيلية'),
    netOperating: t('Net cash from operating activities', 'صافي النقد من الأنشطة التشغيلية'),
    investing: t('Investing activities', 'الأنشطة الاستثمارية'),
    netInvesting: t('Net cash from investing activities', 'صافي النقد من الأنشطة الاستثمارية'),
    financing: t('Financing activities', 'الأنشطة التمويلية'),
    netFinancing: t('Net cash from financing activities', 'صافي النقد من الأنشطة التمويلية'),
    summary: t('Cash', 'النقد'),
    beginning: t('Beginning cash', 'النقد في بداية الفترة'),
    netChange: t('Net change in cash', 'صافي التغير في النقد'),
    ending: t('Ending cash', 'النقد في نهاية الفترة'),
    noActivity: t('No activity in this section', 'لا توجد حركات في هذا القسم'),
    cashDefinition: t(
      'Cash is cash on hand, bank accounts and card/CliQ receipts in transit; post-dated cheques received count as cash when they are collected.',
      'النقد يشمل النقد في الصندوق والحسابات البنكية ومقبوضات البطاقات وكليك قيد التحصيل؛ تُحتسب الشيكات برسم التحصيل نقداً عند تحصيلها.',
    ),
  };
};
