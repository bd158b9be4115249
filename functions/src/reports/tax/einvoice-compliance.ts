/**
 * The `einvoice-compliance` catalogue report (issue #6): of the invoices and returns posted in the
 * period, how many reached JoFotara and how many are queued, rejected, failed or were never
 * submitted; the rejections with the portal's EINV codes and messages; the documents waiting or
 * stuck; the posted documents never submitted. The figures are e-invoicing/compliance.ts's.
 */
import type { EinvoiceDocumentType, EinvoiceSubmissionState } from '@daftar/shared/schemas/einvoiceSubmission';
import type { ReportColumn, ReportRow } from '@daftar/shared/schemas/reportCatalogue';
import { einvoiceCompliance } from '../../e-invoicing/compliance.js';
import { tr, type ReportDefinition, type ReportLanguage, type ReportRequest } from '../definition.js';
import { frame, rangeLabel, type TaxReportTable } from './common.js';

const STATE_LABELS: Record<EinvoiceSubmissionState | 'never_submitted', [string, string]> = {
  submitted: ['Submitted', 'مُرسلة ومقبولة'],
  queued: ['Queued', 'في قائمة الانتظار'],
  submitting: ['Being submitted', 'قيد الإرسال'],
  rejected: ['Rejected by JoFotara', 'مرفوضة من نظام الفوترة'],
  failed: ['Failed', 'تعذّر الإرسال'],
  credentials_invalid: ['Refused: credentials not accepted', 'مرفوضة: بيانات الربط غير مقبولة'],
  never_submitted: ['Not submitted', 'لم تُرسل'],
};
const STATE_ORDER = ['submitted', 'queued', 'submitting', 'rejected', 'failed', 'credentials_invalid', 'never_submitted'] as const;

const DOCUMENT_STATUS_LABELS: Record<string, [string, string]> = {
  confirmed: ['Confirmed', 'مؤكدة'],
  sent: ['Sent', 'مُرسلة للعميل'],
  partially_paid: ['Partially paid', 'مدفوعة جزئياً'],
  paid: ['Paid', 'مدفوعة'],
};

const stateLabel = (lang: ReportLanguage, state: keyof typeof STATE_LABELS) => tr(lang, ...STATE_LABELS[state]);
const DOCUMENT_TYPE_LABELS: Record<EinvoiceDocumentType, [string, string]> = {
  invoice: ['Invoice', 'فاتورة'],
  return: ['Credit note', 'إشعار دائن'],
  pos_receipt: ['Till receipt', 'إيصال نقطة البيع'],
  pos_return: ['Till return', 'مرتجع نقطة البيع'],
  layaway_pickup: ['Layaway pickup', 'استلام حجز'],
};
const documentType = (lang: ReportLanguage, type: EinvoiceDocumentType) => tr(lang, ...DOCUMENT_TYPE_LABELS[type]);

export async function buildEinvoiceCompliance(request: ReportRequest): Promise<TaxReportTable> {
  const { language: lang, period } = request;
  const report = await einvoiceCompliance(request.organization.id, { from: period.from, to: period.to });
  const table = frame(request, 'einvoice-compliance', tr(lang, 'E-Invoice Compliance', 'الامتثال للفوترة الإلكترونية'), {
    period_label: rangeLabel(lang, period.from, period.to),
    from: period.from,
    to: period.to,
  });
  const { counts } = report;
  table.highlights.push(
    { label: tr(lang, 'Posted documents', 'المستندات المرحّلة'), value: String(counts.posted_documents), kind: 'number' },
    { label: stateLabel(lang, 'submitted'), value: String(counts.submitted), kind: 'number' },
    { label: tr(lang, 'Submitted share', 'نسبة المُرسل'), value: report.submitted_percent, kind: 'percent' },
    { label: stateLabel(lang, 'never_submitted'), value: String(counts.never_submitted), kind: 'number' },
  );

  table.sections.push({
    title: tr(lang, 'Documents by submission state', 'المستندات حسب حالة الإرسال'),
    columns: [
      { key: 'state', label: tr(lang, 'State', 'الحالة'), kind: 'text' },
      { key: 'documents', label: tr(lang, 'Documents', 'عدد المستندات'), kind: 'number' },
    ],
    rows: [
      ...STATE_ORDER.map((state) => ({ cells: { state: stateLabel(lang, state), documents: counts[state] } })),
      { cells: { state: tr(lang, 'Posted documents', 'المستندات المرحّلة'), documents: counts.posted_documents }, style: 'total' },
    ],
  });

  const documentColumns: ReportColumn[] = [
    { key: 'number', label: tr(lang, 'Number', 'الرقم'), kind: 'text' },
    { key: 'date', label: tr(lang, 'Date', 'التاريخ'), kind: 'date' },
    { key: 'type', label: tr(lang, 'Document', 'المستند'), kind: 'text' },
  ];
  const rejectionRows: ReportRow[] = report.rejections.flatMap((rejection): ReportRow[] => {
    const base = { number: rejection.document_number, date: rejection.issue_date, type: documentType(lang, rejection.document_type) };
    if (!rejection.errors.length) return [{ cells: { ...base, code: null, reason: rejection.last_error } }];
    return rejection.errors.map((error) => ({ cells: { ...base, code: error.code, reason: error.message } }));
  });
  table.sections.push({
    title: tr(lang, 'Rejections and their reasons', 'المستندات المرفوضة وأسباب الرفض'),
    columns: [...documentColumns, { key: 'code', label: tr(lang, 'EINV code', 'رمز الخطأ'), kind: 'text' }, { key: 'reason', label: tr(lang, 'Reason', 'السبب'), kind: 'text' }],
    rows: rejectionRows,
    empty_text: tr(lang, 'JoFotara rejected no document of this period.', 'لم يرفض نظام الفوترة أي مستند في هذه الفترة.'),
  });

  const pending = (['queued', 'submitting', 'failed', 'credentials_invalid'] as const).flatMap((state) => report.by_state[state]);
  table.sections.push({
    title: tr(lang, 'Waiting or failed submissions', 'مستندات بانتظار الإرسال أو تعذّر إرسالها'),
    columns: [
      ...documentColumns,
      { key: 'state', label: tr(lang, 'State', 'الحالة'), kind: 'text' },
      { key: 'attempts', label: tr(lang, 'Attempts', 'المحاولات'), kind: 'number' },
      { key: 'last_error', label: tr(lang, 'Last error', 'آخر خطأ'), kind: 'text' },
    ],
    rows: pending.map((entry) => ({
      cells: {
        number: entry.document_number,
        date: entry.issue_date,
        type: documentType(lang, entry.document_type),
        state: stateLabel(lang, entry.state),
        attempts: entry.attempts,
        last_error: entry.last_error,
      },
    })),
    empty_text: tr(lang, 'No submission is waiting or failed.', 'لا توجد مستندات بانتظار الإرسال أو متعثرة.'),
  });

  table.sections.push({
    title: tr(lang, 'Confirmed but never submitted', 'مستندات مؤكدة لم تُرسل'),
    columns: [
      ...documentColumns,
      { key: 'status', label: tr(lang, 'Status', 'حالة المستند'), kind: 'text' },
      { key: 'total', label: tr(lang, 'Total', 'الإجمالي'), kind: 'money' },
    ],
    rows: report.never_submitted.map((doc) => ({
      cells: { number: doc.document_number, date: doc.issue_date, type: documentType(lang, doc.document_type), status: DOCUMENT_STATUS_LABELS[doc.status] ? tr(lang, ...DOCUMENT_STATUS_LABELS[doc.status]!) : doc.status, total: doc.total },
    })),
    empty_text: tr(lang, 'Every posted document of this period was submitted.', 'أُرسلت جميع المستندات المرحّلة في هذه الفترة.'),
  });

  if (counts.never_submitted > 0) {
    table.notes.push(
      tr(
        lang,
        'Invoices that did not go through JoFotara may be refused for the buyer’s input-tax deduction; submit them from the invoice or credit note.',
        'قد لا تُقبل الفواتير التي لم تمر عبر نظام الفوترة الوطني لخصم ضريبة المدخلات لدى المشتري؛ أرسلها من صفحة الفاتورة أو الإشعار الدائن.',
      ),
    );
  }
  return table;
}

export const einvoiceComplianceReport: ReportDefinition = { id: 'einvoice-compliance', build: buildEinvoiceCompliance };
