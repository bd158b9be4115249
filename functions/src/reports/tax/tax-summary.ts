/**
 * The `tax-summary` catalogue report: the tax accounts over the period from the balance items —
 * each account's opening balance, the period's debits and credits, and its closing balance, in
 * the account's normal direction. Sales tax (output, special, input) with the net payable, then
 * the other tax and social security liabilities.
 *
 * Reads: the chart (1 Query) and the balance items up to the period's end, twice in parallel
 * (before the period, and within it).
 */
import type { ReportColumn, ReportRow } from '@daftar/shared/schemas/reportCatalogue';
import type { AccountSubtype } from '@daftar/shared/schemas/accounting';
import { addCalendarDays } from '@daftar/shared/reportPeriods';
import type { AccountRecord } from '../../db/account.js';
import { accountBalances, normalBalance, type Totals } from '../../ledger/balances.js';
import { byCode, loadChart } from '../../ledger/chart.js';
import { tr, type ReportDefinition, type ReportRequest } from '../definition.js';
import { accountLabel, amount, frame, rangeLabel, type TaxReportTable } from './common.js';

const SALES_TAX_SUBTYPES = ['vat_output', 'special_tax_output', 'vat_input'] as const satisfies readonly AccountSubtype[];
const OTHER_TAX_SUBTYPES = ['income_tax_payable', 'social_security_payable'] as const satisfies readonly AccountSubtype[];

interface AccountLine {
  account: AccountRecord;
  opening: number;
  debit: number;
  credit: number;
  closing: number;
}

export async function taxAccountLines(organizationId: string, from: string, to: string) {
  const [chart, before, during] = await Promise.all([
    loadChart(organizationId),
    accountBalances(organizationId, { asOf: addCalendarDays(from, -1) }),
    accountBalances(organizationId, { from, to }),
  ]);
  const lineOf = (account: AccountRecord): AccountLine => {
    const movement: Totals = during.get(account.id) ?? { debit: 0, credit: 0 };
    const opening = normalBalance(account.type, before.get(account.id));
    return { account, opening, debit: movement.debit, credit: movement.credit, closing: opening + normalBalance(account.type, movement) };
  };
  const of = (subtypes: readonly string[]) => chart.filter((a) => subtypes.includes(a.subtype)).sort(byCode).map(lineOf);
  return { salesTax: of(SALES_TAX_SUBTYPES), otherTax: of(OTHER_TAX_SUBTYPES) };
}

export async function buildTaxSummary(request: ReportRequest): Promise<TaxReportTable> {
  const { language: lang, organization, period } = request;
  const money = (minor: number) => amount(minor, organization.currency);
  const { salesTax, otherTax } = await taxAccountLines(organization.id, period.from, period.to);

  const table = frame(request, 'tax-summary', tr(lang, 'Tax Summary', 'ملخص الضرائب'), {
    period_label: rangeLabel(lang, period.from, period.to),
    from: period.from,
    to: period.to,
  });
  const columns: ReportColumn[] = [
    { key: 'account', label: tr(lang, 'Account', 'الحساب'), kind: 'text' },
    { key: 'opening', label: tr(lang, 'Opening balance', 'الرصيد الافتتاحي'), kind: 'money' },
    { key: 'debit', label: tr(lang, 'Debits', 'مدين'), kind: 'money' },
    { key: 'credit', label: tr(lang, 'Credits', 'دائن'), kind: 'money' },
    { key: 'closing', label: tr(lang, 'Closing balance', 'الرصيد الختامي'), kind: 'money' },
  ];
  const row = (line: AccountLine): ReportRow => ({
    cells: { account: accountLabel(lang, line.account), opening: money(line.opening), debit: money(line.debit), credit: money(line.credit), closing: money(line.closing) },
  });

  // Liabilities (output and special tax) less the input tax asset: what the organization owes on sales tax.
  const signed = (line: AccountLine, field: 'opening' | 'closing') => (line.account.type === 'asset' ? -line[field] : line[field]);
  const net = (field: 'opening' | 'closing') => salesTax.reduce((sum, line) => sum + signed(line, field), 0);
  const sum = (lines: AccountLine[], field: keyof Omit<AccountLine, 'account'>) => lines.reduce((total, line) => total + line[field], 0);
  const netClosing = net('closing');
  const movementOf = (subtype: string) =>
    salesTax.filter((l) => l.account.subtype === subtype).reduce((total, l) => total + (l.closing - l.opening), 0);

  table.highlights.push(
    { label: tr(lang, 'Output tax for the period', 'ضريبة المخرجات للفترة'), value: money(movementOf('vat_output')), kind: 'money' },
    { label: tr(lang, 'Input tax for the period', 'ضريبة المدخلات للفترة'), value: money(movementOf('vat_input')), kind: 'money' },
    { label: tr(lang, 'Net sales tax payable', 'صافي ضريبة المبيعات المستحقة'), value: money(netClosing), kind: 'money' },
  );
  table.sections.push(
    {
      title: tr(lang, 'Sales tax', 'ضريبة المبيعات'),
      columns,
      rows: [
        ...salesTax.map(row),
        {
          cells: { account: tr(lang, 'Net sales tax payable (output + special − input)', 'صافي ضريبة المبيعات المستحقة (المخرجات + الخاصة − المدخلات)'), opening: money(net('opening')), debit: null, credit: null, closing: money(netClosing) },
          style: 'total',
        },
      ],
      empty_text: tr(lang, 'No sales tax accounts in the chart of accounts.', 'لا توجد حسابات ضريبة مبيعات في دليل الحسابات.'),
    },
    {
      title: tr(lang, 'Income tax and social security', 'ضريبة الدخل والضمان الاجتماعي'),
      columns,
      rows: [
        ...otherTax.map(row),
        {
          cells: { account: tr(lang, 'Total', 'المجموع'), opening: money(sum(otherTax, 'opening')), debit: money(sum(otherTax, 'debit')), credit: money(sum(otherTax, 'credit')), closing: money(sum(otherTax, 'closing')) },
          style: 'total',
        },
      ],
    },
  );
  table.notes.push(
    tr(
      lang,
      'Balances are shown on each account’s normal side: credit for the tax payable accounts, debit for input tax.',
      'تظهر الأرصدة في الجانب الطبيعي لكل حساب: دائنة لحسابات الضريبة المستحقة ومدينة لضريبة المدخلات.',
    ),
  );
  if (netClosing < 0) {
    table.notes.push(tr(lang, 'A negative net sales tax is a credit carried forward to the next return.', 'صافي ضريبة المبيعات السالب رصيد دائن يُدوَّر إلى الإقرار التالي.'));
  }
  return table;
}

export const taxSummaryReport: ReportDefinition = { id: 'tax-summary', build: buildTaxSummary };
