/**
 * Report tables for the writers' tests: a small profit and loss in English and in Arabic (every row
 * style, an indent, a percent and a date column, an empty section, notes), and a long ledger-like
 * table that runs over several pages.
 */
import type { ReportTable } from './format.js';

export const SAMPLE_ORGANIZATION = 'Al-Noor Trading, "Amman" & Sons';

export function sampleTable(language: 'en' | 'ar' = 'en', currency = 'JOD'): ReportTable {
  const ar = language === 'ar';
  return {
    report_id: 'profit-loss',
    title: ar ? 'قائمة الدخل' : 'Profit & Loss Statement',
    organization_name: ar ? 'مؤسسة النور للتجارة' : SAMPLE_ORGANIZATION,
    currency,
    language,
    period_label: ar ? '1–30 حزيران 2026' : '1–30 Jun 2026',
    from: '2026-06-01',
    to: '2026-06-30',
    generated_at: '2026-07-01T09:30:00.000Z',
    highlights: [
      { label: ar ? 'إجمالي الإيرادات' : 'Total income', value: '1234567.500', kind: 'money' },
      { label: ar ? 'صافي الربح' : 'Net income', value: '11.166', kind: 'money' },
      { label: ar ? 'هامش الربح' : 'Net margin', value: '12.5', kind: 'percent' },
    ],
    sections: [
      {
        title: ar ? 'الإيرادات' : 'Income',
        columns: [
          { key: 'account', label: ar ? 'الحساب' : 'Account', kind: 'text' },
          { key: 'date', label: ar ? 'التاريخ' : 'Date', kind: 'date' },
          { key: 'count', label: ar ? 'عدد القيود' : 'Entries', kind: 'number' },
          { key: 'share', label: ar ? 'النسبة من الإيرادات' : 'Share of income', kind: 'percent' },
          { key: 'amount', label: ar ? 'المبلغ' : 'Amount', kind: 'money' },
        ],
        rows: [
          { cells: { account: ar ? 'المبيعات' : 'Sales' }, style: 'heading', indent: 0 },
          { cells: { account: ar ? 'مبيعات محلية، نقدية' : 'Local sales, cash', date: '2026-06-15', count: 1204, share: '87.5', amount: '1080246.500' }, style: 'normal', indent: 1 },
          { cells: { account: ar ? 'إيرادات أخرى' : 'Other income "misc"', date: '2026-06-30', count: 3, share: '12.5', amount: '154321.000' }, style: 'normal', indent: 1 },
          { cells: { account: ar ? 'مجموع المبيعات' : 'Total sales', amount: '1234567.500' }, style: 'subtotal', indent: 0 },
          { cells: { account: ar ? 'صافي الربح' : 'Net income', share: '-0.75', amount: '11.166' }, style: 'total', indent: 0 },
        ],
      },
      {
        title: ar ? 'المصاريف' : 'Expenses',
        columns: [
          { key: 'account', label: ar ? 'الحساب' : 'Account', kind: 'text' },
          { key: 'amount', label: ar ? 'المبلغ' : 'Amount', kind: 'money' },
        ],
        rows: [
          { cells: { account: ar ? 'رواتب وأجور' : 'Salaries and wages', amount: '-2500.250' }, style: 'normal', indent: 0 },
          { cells: { account: '=HYPERLINK("x")', amount: null }, style: 'normal', indent: 0 },
        ],
      },
      {
        title: ar ? 'تكلفة المبيعات' : 'Cost of sales',
        columns: [
          { key: 'account', label: ar ? 'الحساب' : 'Account', kind: 'text' },
          { key: 'amount', label: ar ? 'المبلغ' : 'Amount', kind: 'money' },
        ],
        rows: [],
        empty_text: ar ? 'لا توجد تكلفة مبيعات في هذه الفترة' : 'No cost of sales in this period',
      },
    ],
    notes: [ar ? 'الأرقام بالدينار الأردني.' : 'Figures from the ledger, line one\nline two.'],
  };
}

/** A table of `rows` rows: enough for several pages. */
export function longTable(rows: number, language: 'en' | 'ar' = 'en'): ReportTable {
  const ar = language === 'ar';
  return {
    ...sampleTable(language),
    report_id: 'audit-trail',
    title: ar ? 'سجل التدقيق' : 'Audit Trail',
    highlights: [],
    notes: [],
    sections: [
      {
        title: ar ? 'الأحداث' : 'Events',
        columns: [
          { key: 'n', label: ar ? 'رقم' : 'Number', kind: 'number' },
          { key: 'what', label: ar ? 'الوصف' : 'Description', kind: 'text' },
          { key: 'amount', label: ar ? 'المبلغ' : 'Amount', kind: 'money' },
        ],
        rows: Array.from({ length: rows }, (_, i) => ({
          cells: { n: i + 1, what: `${ar ? 'قيد يومية' : 'Journal entry'} JE-${String(i + 1).padStart(6, '0')}`, amount: `${(i + 1) * 10}.125` },
          style: 'normal' as const,
          indent: 0,
        })),
      },
    ],
  };
}
