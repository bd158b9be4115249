/**
 * The analyses as catalogue reports (the table model of reportCatalogue.ts, previewed and exported
 * in the caller's language): ageing of receivables and payables by contact, the receivables and
 * payables analyses, and the POS sales summary.
 */
import type { CollectionRiskLevel } from '@daftar/shared/schemas/reportAnalyses';
import type { ReportColumn, ReportRow, ReportSection, ReportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { nowIso } from '../../platform/ids.js';
import { tr, type ReportDefinition, type ReportLanguage, type ReportRequest } from '../definition.js';
import { asOfLabel, moneyText, periodLabel, shareText } from './common.js';
import { ageingFigures, type AgeingSide as Side } from './ageing.js';
import { AGING_KEYS, type AgingAmounts, type AgingFigures, type AgingKey, type ContactName } from './openDocuments.js';
import { posSalesSummary } from './pos.js';

const agingLabel = (language: ReportLanguage, key: AgingKey) =>
  ({
    current: tr(language, 'Not yet due', 'غير مستحقة بعد'),
    days_1_30: tr(language, '1–30 days overdue', 'متأخرة 1–30 يوماً'),
    days_31_60: tr(language, '31–60 days overdue', 'متأخرة 31–60 يوماً'),
    days_61_90: tr(language, '61–90 days overdue', 'متأخرة 61–90 يوماً'),
    over_90: tr(language, 'Over 90 days overdue', 'متأخرة أكثر من 90 يوماً'),
  })[key];

const riskLabel = (language: ReportLanguage, risk: CollectionRiskLevel) =>
  ({ Low: tr(language, 'Low', 'منخفض'), Medium: tr(language, 'Medium', 'متوسط'), High: tr(language, 'High', 'مرتفع') })[risk];

const contactLabel = (language: ReportLanguage, side: Side) => (side === 'receivable' ? tr(language, 'Customer', 'العميل') : tr(language, 'Supplier', 'المورد'));

const nameIn = (language: ReportLanguage, names: Map<string, ContactName>, id: string) => {
  const name = names.get(id);
  return (language === 'ar' ? name?.name_ar || name?.name : name?.name) ?? id;
};

/** The notes every ageing table carries: how it is aged, what the risk means, what is left out. */
function agingNotes(language: ReportLanguage, side: Side): string[] {
  const risk = side === 'receivable' ? tr(language, 'Collection risk', 'مخاطر التحصيل') : tr(language, 'Payment risk', 'مخاطر السداد');
  return [
    tr(
      language,
      'Amounts are aged by days past the due date (the issue date when a document has none); average days outstanding is the amount-weighted age since issue.',
      'تُصنَّف المبالغ حسب عدد أيام التأخير عن تاريخ الاستحقاق (أو تاريخ الإصدار إن لم يُحدَّد استحقاق)، ومتوسط أيام التحصيل هو متوسط عمر الأرصدة منذ الإصدار مرجّحاً بمبالغها.',
    ),
    tr(
      language,
      `${risk}: High when 50% or more is overdue or 25% or more is over 90 days overdue; Low when less than 20% is overdue and the average age is 30 days or less; Medium otherwise.`,
      `${risk}: مرتفعة إذا كان 50% أو أكثر متأخراً أو كان 25% أو أكثر متأخراً أكثر من 90 يوماً؛ منخفضة إذا كان المتأخر أقل من 20% ومتوسط العمر 30 يوماً أو أقل؛ ومتوسطة فيما عدا ذلك.`,
    ),
    side === 'receivable'
      ? tr(
          language,
          'Customer credits from overpayments and returns are held in customer store credit (a liability) and are not deducted here; the total equals the accounts receivable balance.',
          'أرصدة العملاء الدائنة الناتجة عن الدفعات الزائدة والمردودات مسجّلة في حساب أرصدة العملاء الدائنة (التزام) ولا تُطرح هنا؛ والإجمالي يساوي رصيد حساب الذمم المدينة.',
        )
      : tr(
          language,
          'Advances paid to suppliers are held in prepaid expenses and are not deducted here; the total equals the accounts payable balance.',
          'الدفعات المقدمة للموردين مسجّلة في المصاريف المدفوعة مقدماً ولا تُطرح هنا؛ والإجمالي يساوي رصيد حساب الذمم الدائنة.',
        ),
    tr(
      language,
      'Payments and credit notes are counted as recorded today, including any dated after this date.',
      'تُحتسب الدفعات والإشعارات الدائنة كما هي مسجّلة اليوم، بما فيها المؤرخة بعد هذا التاريخ.',
    ),
  ];
}

interface AgingTable {
  request: ReportRequest;
  side: Side;
  asOf: string;
  figures: AgingFigures;
  names: Map<string, ContactName>;
}

function agingHighlights({ request, side, figures }: AgingTable, withCount: boolean): ReportTablePublic['highlights'] {
  const { language, organization } = request;
  const text = (minor: number) => moneyText(minor, organization.currency);
  return [
    { label: tr(language, 'Total outstanding', 'إجمالي الرصيد المستحق'), value: text(figures.total), kind: 'money' },
    { label: tr(language, 'Overdue', 'المتأخر عن الاستحقاق'), value: text(figures.overdue), kind: 'money' },
    ...(withCount
      ? [{ label: side === 'receivable' ? tr(language, 'Open invoices', 'الفواتير المفتوحة') : tr(language, 'Open bills', 'فواتير الشراء المفتوحة'), value: String(figures.documentCount), kind: 'number' as const }]
      : []),
    {
      label: tr(language, 'Average days outstanding', side === 'receivable' ? 'متوسط أيام التحصيل' : 'متوسط أيام السداد'),
      value: figures.averageDays.toFixed(1),
      kind: 'number',
    },
    {
      label: side === 'receivable' ? tr(language, 'Collection risk', 'مخاطر التحصيل') : tr(language, 'Payment risk', 'مخاطر السداد'),
      value: riskLabel(language, figures.risk),
      kind: 'text',
    },
  ];
}

function frame(request: ReportRequest, report_id: ReportTablePublic['report_id'], title: string, asOf: string) {
  return {
    report_id,
    title,
    organization_name: request.organization.name,
    currency: request.organization.currency,
    language: request.language,
    period_label: asOfLabel(request.language, asOf),
    from: null,
    to: asOf,
    generated_at: nowIso(),
  };
}

/** One row per contact with the bucket columns, alphabetical, and the total row. */
function agingByContact(table: AgingTable, reportId: 'accounts-receivable' | 'accounts-payable'): ReportTablePublic {
  const { request, side, figures, names, asOf } = table;
  const { language, organization } = request;
  const text = (minor: number) => moneyText(minor, organization.currency);
  const columns: ReportColumn[] = [
    { key: 'contact', label: contactLabel(language, side), kind: 'text' },
    ...AGING_KEYS.map((key) => ({ key, label: agingLabel(language, key), kind: 'money' as const })),
    { key: 'total', label: tr(language, 'Total', 'الإجمالي'), kind: 'money' },
  ];
  const cellsOf = (label: string, aging: AgingAmounts, total: number) => ({
    contact: label,
    ...Object.fromEntries(AGING_KEYS.map((key) => [key, text(aging[key])])),
    total: text(total),
  });
  const collator = new Intl.Collator(language === 'ar' ? 'ar' : 'en');
  const rows: ReportRow[] = figures.contacts
    .map((c) => ({ name: nameIn(language, names, c.contact_id), contact: c }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ name, contact }) => ({ cells: cellsOf(name, contact.aging, contact.total) }));
  if (rows.length) rows.push({ cells: cellsOf(tr(language, 'Total', 'الإجمالي'), figures.aging, figures.total), style: 'total' });
  const receivable = side === 'receivable';
  return {
    ...frame(
      request,
      reportId,
      receivable ? tr(language, 'Accounts Receivable Ageing', 'أعمار الذمم المدينة') : tr(language, 'Accounts Payable Ageing', 'أعمار الذمم الدائنة'),
      asOf,
    ),
    highlights: agingHighlights(table, false),
    sections: [
      {
        title: receivable ? tr(language, 'Ageing by customer', 'أعمار الذمم حسب العميل') : tr(language, 'Ageing by supplier', 'أعمار الذمم حسب المورد'),
        columns,
        rows,
        empty_text: receivable
          ? tr(language, 'No customer owes anything on this date.', 'لا توجد مبالغ مستحقة على العملاء في هذا التاريخ.')
          : tr(language, 'Nothing is owed to suppliers on this date.', 'لا توجد مبالغ مستحقة للموردين في هذا التاريخ.'),
      },
    ],
    notes: agingNotes(language, side),
  };
}

/** The analysis figures: the buckets with their shares, and the five contacts owed or owing the most. */
function agingAnalysis(table: AgingTable, reportId: 'receivables-analysis' | 'payables-analysis'): ReportTablePublic {
  const { request, side, figures, names, asOf } = table;
  const { language, organization } = request;
  const text = (minor: number) => moneyText(minor, organization.currency);
  const receivable = side === 'receivable';
  const buckets: ReportSection = {
    title: tr(language, 'Ageing', 'أعمار الأرصدة'),
    columns: [
      { key: 'bucket', label: tr(language, 'Age', 'العمر'), kind: 'text' },
      { key: 'amount', label: tr(language, 'Amount', 'المبلغ'), kind: 'money' },
      { key: 'share', label: tr(language, 'Share', 'النسبة'), kind: 'percent' },
    ],
    rows: [
      ...AGING_KEYS.map((key) => ({ cells: { bucket: agingLabel(language, key), amount: text(figures.aging[key]), share: shareText(figures.aging[key], figures.total) } })),
      { cells: { bucket: tr(language, 'Total', 'الإجمالي'), amount: text(figures.total), share: figures.total ? '100.0' : '0.0' }, style: 'total' as const },
    ],
  };
  const top: ReportSection = {
    title: receivable ? tr(language, 'Top customers', 'أكبر العملاء المدينين') : tr(language, 'Top suppliers', 'أكبر الموردين الدائنين'),
    columns: [
      { key: 'rank', label: '#', kind: 'number' },
      { key: 'contact', label: contactLabel(language, side), kind: 'text' },
      { key: 'outstanding', label: tr(language, 'Outstanding', 'الرصيد المستحق'), kind: 'money' },
      { key: 'share', label: tr(language, 'Share', 'النسبة'), kind: 'percent' },
    ],
    rows: figures.contacts.slice(0, 5).map((c, i) => ({
      cells: { rank: i + 1, contact: nameIn(language, names, c.contact_id), outstanding: text(c.total), share: shareText(c.total, figures.total) },
    })),
    empty_text: receivable
      ? tr(language, 'No customer owes anything on this date.', 'لا توجد مبالغ مستحقة على العملاء في هذا التاريخ.')
      : tr(language, 'Nothing is owed to suppliers on this date.', 'لا توجد مبالغ مستحقة للموردين في هذا التاريخ.'),
  };
  return {
    ...frame(
      request,
      reportId,
      receivable ? tr(language, 'Receivables Analysis', 'تحليل الذمم المدينة') : tr(language, 'Payables Analysis', 'تحليل الذمم الدائنة'),
      asOf,
    ),
    highlights: agingHighlights(table, true),
    sections: [buckets, top],
    notes: agingNotes(language, side),
  };
}

async function agingTable(request: ReportRequest, side: Side, named?: number): Promise<AgingTable> {
  const { asOf, figures, names } = await ageingFigures(side, request.organization.id, request.asOf, request.organization, named);
  return { request, side, asOf, figures, names };
}

/** Tender names as the till shows them. */
const tenderLabel = (language: ReportLanguage, tender: string) =>
  ({
    cash: tr(language, 'Cash', 'نقداً'),
    card: tr(language, 'Card', 'بطاقة'),
    cliq: tr(language, 'CliQ', 'كليك'),
    store_credit: tr(language, 'Store credit', 'رصيد المتجر'),
    on_account: tr(language, 'On account', 'على الحساب'),
    gift_card: tr(language, 'Gift card', 'بطاقة هدايا'),
  })[tender] ?? tender;

async function posSalesSummaryTable(request: ReportRequest): Promise<ReportTablePublic> {
  const { language, organization, period } = request;
  const summary = await posSalesSummary(organization, { start_date: period.from, end_date: period.to, terminal_id: request.query.terminal_id });
  const noSales = tr(language, 'No POS sales were recorded in this period.', 'لم تُسجَّل مبيعات نقاط بيع في هذه الفترة.');
  const sold = summary.transaction_count > 0 || summary.returns_count > 0;
  const line = (label: string, amount: string, style: ReportRow['style'] = 'normal') => ({ cells: { item: label, amount }, style });
  return {
    report_id: 'pos-sales-summary',
    title: tr(language, 'POS Sales Summary', 'ملخص مبيعات نقاط البيع'),
    organization_name: organization.name,
    currency: organization.currency,
    language,
    period_label: periodLabel(language, summary.start_date, summary.end_date),
    from: summary.start_date,
    to: summary.end_date,
    generated_at: nowIso(),
    highlights: [
      { label: tr(language, 'Transactions', 'عدد العمليات'), value: String(summary.transaction_count), kind: 'number' },
      { label: tr(language, 'Net sales', 'صافي المبيعات'), value: summary.net_sales, kind: 'money' },
      { label: tr(language, 'Sales tax', 'ضريبة المبيعات'), value: summary.tax, kind: 'money' },
      { label: tr(language, 'Average sale', 'متوسط قيمة العملية'), value: summary.average_transaction_value, kind: 'money' },
    ],
    sections: [
      {
        title: tr(language, 'Summary', 'الملخص'),
        columns: [
          { key: 'item', label: tr(language, 'Item', 'البند'), kind: 'text' },
          { key: 'amount', label: tr(language, 'Amount', 'المبلغ'), kind: 'money' },
        ],
        rows: sold
          ? [
              line(tr(language, 'Gross sales', 'إجمالي المبيعات'), summary.gross_sales),
              line(tr(language, 'Discounts', 'الخصومات'), summary.discounts),
              line(tr(language, 'Net sales', 'صافي المبيعات'), summary.net_sales, 'subtotal'),
              line(tr(language, 'Sales tax', 'ضريبة المبيعات'), summary.tax),
              line(tr(language, 'Sales including tax', 'المبيعات شاملة الضريبة'), summary.sales_with_tax, 'subtotal'),
              line(tr(language, 'Returns (refunded, tax included)', 'المردودات (المبالغ المعادة شاملة الضريبة)'), summary.returns),
              line(tr(language, 'Total collected', 'إجمالي المقبوضات'), summary.total_collected, 'total'),
            ]
          : [],
        empty_text: noSales,
      },
      {
        title: tr(language, 'By payment method', 'حسب طريقة الدفع'),
        columns: [
          { key: 'method', label: tr(language, 'Payment method', 'طريقة الدفع'), kind: 'text' },
          { key: 'amount', label: tr(language, 'Amount', 'المبلغ'), kind: 'money' },
        ],
        rows: summary.by_payment_method.map((m) => ({ cells: { method: tenderLabel(language, m.payment_method), amount: m.amount } })),
        empty_text: noSales,
      },
      {
        title: tr(language, 'By hour', 'حسب الساعة'),
        columns: [
          { key: 'hour', label: tr(language, 'Hour', 'الساعة'), kind: 'text' },
          { key: 'transactions', label: tr(language, 'Transactions', 'عدد العمليات'), kind: 'number' },
          { key: 'takings', label: tr(language, 'Takings with tax, less refunds', 'المقبوضات شاملة الضريبة بعد المردودات'), kind: 'money' },
        ],
        rows: summary.by_hour.map((h) => ({ cells: { hour: `${String(h.hour).padStart(2, '0')}:00`, transactions: h.transaction_count, takings: h.gross_sales } })),
        empty_text: noSales,
      },
      {
        title: tr(language, 'By day', 'حسب اليوم'),
        columns: [
          { key: 'date', label: tr(language, 'Date', 'التاريخ'), kind: 'date' },
          { key: 'transactions', label: tr(language, 'Transactions', 'عدد العمليات'), kind: 'number' },
          { key: 'net_sales', label: tr(language, 'Net sales', 'صافي المبيعات'), kind: 'money' },
          { key: 'returns', label: tr(language, 'Returns', 'المردودات'), kind: 'money' },
          { key: 'total_collected', label: tr(language, 'Total collected', 'إجمالي المقبوضات'), kind: 'money' },
        ],
        rows: summary.by_day.map((d) => ({ cells: { date: d.date, transactions: d.transaction_count, net_sales: d.net_sales, returns: d.returns, total_collected: d.total_collected } })),
        empty_text: noSales,
      },
    ],
    notes: summary.terminal_id ? [tr(language, `Terminal ${summary.terminal_id} only.`, `نقطة البيع ${summary.terminal_id} فقط.`)] : [],
  };
}

/** Every contact with a balance is named for the by-contact ageing. */
const ALL = Number.MAX_SAFE_INTEGER;

export const analysisReports: ReportDefinition[] = [
  { id: 'accounts-receivable', build: async (request) => agingByContact(await agingTable(request, 'receivable', ALL), 'accounts-receivable') },
  { id: 'accounts-payable', build: async (request) => agingByContact(await agingTable(request, 'payable', ALL), 'accounts-payable') },
  { id: 'receivables-analysis', build: async (request) => agingAnalysis(await agingTable(request, 'receivable'), 'receivables-analysis') },
  { id: 'payables-analysis', build: async (request) => agingAnalysis(await agingTable(request, 'payable'), 'payables-analysis') },
  { id: 'pos-sales-summary', build: posSalesSummaryTable },
];
