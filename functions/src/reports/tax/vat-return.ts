/**
 * The `vat-return` catalogue report: the GST return of jordan-tax.ts laid out as a table, for the
 * two-month filing period holding the requested period's last day (or `query.tax_period`).
 */
import type { ReportColumn, ReportRow } from '@daftar/shared/schemas/reportCatalogue';
import { tr, type ReportDefinition, type ReportRequest } from '../definition.js';
import { amount, dateLabel, frame, type TaxReportTable } from './common.js';
import { filingPeriodOfDate, filingPeriodOfMonth, GST_FILING_DAYS, gstReturnFigures } from './jordan-tax.js';

export async function buildVatReturn(request: ReportRequest): Promise<TaxReportTable> {
  const { language: lang, organization } = request;
  const period = request.query.tax_period ? filingPeriodOfMonth(request.query.tax_period) : filingPeriodOfDate(request.period.to);
  const f = await gstReturnFigures(organization, period);
  const money = (minor: number) => amount(minor, organization.currency);

  const table = frame(request, 'vat-return', tr(lang, 'VAT Return Report', 'إقرار ضريبة المبيعات العامة'), {
    period_label: lang === 'ar' ? period.label_ar : period.label,
    from: period.from,
    to: period.to,
  });
  const netLabel = f.netTaxDue >= 0 ? tr(lang, 'Net tax due', 'صافي الضريبة المستحقة') : tr(lang, 'Credit carried forward', 'رصيد دائن مدوّر');
  table.highlights.push(
    { label: tr(lang, 'Output tax', 'ضريبة المخرجات'), value: money(f.outputTax), kind: 'money' },
    { label: tr(lang, 'Input tax', 'ضريبة المدخلات'), value: money(f.inputTax), kind: 'money' },
    { label: netLabel, value: money(Math.abs(f.netTaxDue)), kind: 'money' },
    { label: tr(lang, 'Due date', 'تاريخ الاستحقاق'), value: f.dueDate, kind: 'date' },
  );

  const columns: ReportColumn[] = [
    { key: 'label', label: tr(lang, 'Item', 'البند'), kind: 'text' },
    { key: 'taxable_amount', label: tr(lang, 'Amount before tax', 'المبلغ قبل الضريبة'), kind: 'money' },
    { key: 'tax_amount', label: tr(lang, 'Tax', 'الضريبة'), kind: 'money' },
    { key: 'documents', label: tr(lang, 'Documents', 'عدد المستندات'), kind: 'number' },
  ];
  const row = (label: string, taxable: number | null, tax: number | null, documents: number | null, style: ReportRow['style'] = 'normal'): ReportRow => ({
    cells: { label, taxable_amount: taxable === null ? null : money(taxable), tax_amount: tax === null ? null : money(tax), documents },
    style,
  });

  const salesRows = f.sales.rows().map((r) => row(tr(lang, `Sales at ${r.rate}%`, `مبيعات خاضعة بنسبة ${r.rate}%`), r.taxable, r.tax, r.count));
  salesRows.push(
    row(tr(lang, 'Zero-rated sales (0%)', 'مبيعات خاضعة بنسبة الصفر'), f.zeroRatedSales, 0, null),
    row(tr(lang, 'Exempt sales', 'مبيعات معفاة'), f.exemptSales, 0, null),
    row(tr(lang, 'Total sales and output tax', 'مجموع المبيعات وضريبة المخرجات'), f.totalSales, f.outputTax, null, 'total'),
  );
  table.sections.push({ title: tr(lang, 'Sales (net of credit notes)', 'المبيعات (بعد خصم إشعارات الدائن)'), columns, rows: salesRows });

  const purchaseRows = f.purchases.rows().map((r) => row(tr(lang, `Purchases at ${r.rate}%`, `مشتريات خاضعة بنسبة ${r.rate}%`), r.taxable, r.tax, r.count));
  purchaseRows.push(
    row(tr(lang, 'Zero-rated and exempt purchases', 'مشتريات معفاة أو خاضعة بنسبة الصفر'), f.exemptPurchases, 0, null),
    row(tr(lang, 'Total purchases and input tax', 'مجموع المشتريات وضريبة المدخلات'), f.purchases.taxable + f.exemptPurchases, f.inputTax, null, 'total'),
  );
  table.sections.push({ title: tr(lang, 'Purchases and expenses', 'المشتريات والمصاريف'), columns, rows: purchaseRows });

  const settlementColumns: ReportColumn[] = [
    { key: 'label', label: tr(lang, 'Item', 'البند'), kind: 'text' },
    { key: 'amount', label: tr(lang, 'Amount', 'المبلغ'), kind: 'money' },
  ];
  table.sections.push({
    title: tr(lang, 'Tax due', 'الضريبة المستحقة'),
    columns: settlementColumns,
    rows: [
      { cells: { label: tr(lang, 'Output tax', 'ضريبة المخرجات'), amount: money(f.outputTax) } },
      { cells: { label: tr(lang, 'Less: input tax', 'ينزل: ضريبة المدخلات'), amount: money(f.inputTax) } },
      { cells: { label: tr(lang, 'Net tax due (negative: credit carried forward)', 'صافي الضريبة المستحقة (السالب رصيد دائن مدوّر)'), amount: money(f.netTaxDue) }, style: 'total' },
    ],
  });

  const notes = table.notes;
  notes.push(
    f.gstRegistrationNumber
      ? tr(lang, `GST registration number: ${f.gstRegistrationNumber}.`, `رقم التسجيل في ضريبة المبيعات: ${f.gstRegistrationNumber}.`)
      : tr(lang, 'No GST registration number is recorded for the organization.', 'لم يُسجَّل رقم التسجيل في ضريبة المبيعات للمنشأة.'),
    tr(
      lang,
      `The return and the tax are due within ${GST_FILING_DAYS} days after the period ends: by ${dateLabel(lang, f.dueDate)}.`,
      `يُقدَّم الإقرار وتُسدَّد الضريبة خلال ${GST_FILING_DAYS} يوماً من نهاية الفترة: حتى ${dateLabel(lang, f.dueDate)}.`,
    ),
  );
  if (f.credits.count > 0) {
    notes.push(
      tr(
        lang,
        `Sales are shown after ${f.credits.count} credit note(s) issued in the period: ${money(f.credits.taxable)} of sales and ${money(f.credits.tax)} of output tax.`,
        `المبيعات معروضة بعد خصم ${f.credits.count} إشعار دائن صدرت في الفترة: ${money(f.credits.taxable)} من المبيعات و${money(f.credits.tax)} من ضريبة المخرجات.`,
      ),
    );
  }
  notes.push(
    tr(
      lang,
      'Exported sales are not recorded separately on documents; they are included in zero-rated sales.',
      'لا تُسجَّل المبيعات المصدَّرة منفصلة على المستندات، وهي مشمولة في المبيعات الخاضعة بنسبة الصفر.',
    ),
  );
  if (f.nonRecoverableTax > 0) {
    notes.push(
      tr(
        lang,
        `${money(f.nonRecoverableTax)} of tax paid on purchases is not recoverable and is left out of input tax.`,
        `${money(f.nonRecoverableTax)} من الضريبة المدفوعة على المشتريات غير قابلة للخصم ولم تُحتسب في ضريبة المدخلات.`,
      ),
    );
  }
  if (f.specialTax !== 0) {
    notes.push(
      tr(
        lang,
        `Special sales tax of ${money(f.specialTax)} was booked in the period; it is filed monthly on its own return.`,
        `قُيّدت ضريبة مبيعات خاصة بقيمة ${money(f.specialTax)} في الفترة، وتُقدَّم شهرياً بإقرار مستقل.`,
      ),
    );
  }
  notes.push(
    f.ledger.agrees
      ? tr(lang, 'Output and input tax agree with the sales tax accounts in the ledger.', 'تتطابق ضريبة المخرجات والمدخلات مع حسابات ضريبة المبيعات في دفتر الأستاذ.')
      : tr(
          lang,
          `The ledger's sales tax accounts differ from the documents: output tax ${money(f.ledger.outputTax)}, input tax ${money(f.ledger.inputTax)}. Review manual journal entries to those accounts.`,
          `تختلف حسابات ضريبة المبيعات في دفتر الأستاذ عن المستندات: ضريبة المخرجات ${money(f.ledger.outputTax)} وضريبة المدخلات ${money(f.ledger.inputTax)}. راجع القيود اليدوية على هذه الحسابات.`,
        ),
  );
  return table;
}

export const vatReturnReport: ReportDefinition = { id: 'vat-return', build: buildVatReturn };
