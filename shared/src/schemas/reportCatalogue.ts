/**
 * The Financial Reports screen's catalogue (SPEC §2) and the one table model every report is
 * previewed and exported as: the screen renders it, and the PDF, Excel and CSV writers read it,
 * so a report's figures are laid out once, on the server, in the caller's language.
 */
import * as z from 'zod';
import { REPORT_PERIODS } from '../reportPeriods.js';
import { calendarDate } from './common.js';

// Schemas here are built on first use (z.lazy): the reports Lambda imports this module at every
// cold start, and building every schema then was about 5 % of its load CPU (issue 13). One
// that other schemas derive from (`.extend`, `.optional()`, …) stays built at import.

export const REPORT_CATEGORIES = ['financial', 'tax', 'business', 'compliance'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** The 13 reports of SPEC §2, in the screen's order. */
export const REPORT_CATALOGUE = [
  { id: 'profit-loss', title: 'Profit & Loss Statement', category: 'financial', popular: true, new: false },
  { id: 'balance-sheet', title: 'Balance Sheet', category: 'financial', popular: true, new: false },
  { id: 'cash-flow', title: 'Cash Flow Statement', category: 'financial', popular: true, new: false },
  { id: 'trial-balance', title: 'Trial Balance', category: 'financial', popular: false, new: false },
  { id: 'vat-return', title: 'VAT Return Report', category: 'tax', popular: false, new: true },
  { id: 'tax-summary', title: 'Tax Summary', category: 'tax', popular: false, new: false },
  { id: 'accounts-receivable', title: 'Accounts Receivable', category: 'business', popular: false, new: false },
  { id: 'accounts-payable', title: 'Accounts Payable', category: 'business', popular: false, new: false },
  { id: 'inventory-valuation', title: 'Inventory Valuation', category: 'business', popular: false, new: false },
  { id: 'expense-breakdown', title: 'Expense Breakdown', category: 'business', popular: false, new: false },
  { id: 'einvoice-compliance', title: 'E-Invoice Compliance', category: 'compliance', popular: false, new: true },
  { id: 'audit-trail', title: 'Audit Trail', category: 'compliance', popular: false, new: false },
  { id: 'pos-sales-summary', title: 'POS Sales Summary', category: 'business', popular: false, new: true },
] as const satisfies readonly { id: string; title: string; category: ReportCategory; popular: boolean; new: boolean }[];

export type CatalogueReportId = (typeof REPORT_CATALOGUE)[number]['id'];
export const CATALOGUE_REPORT_IDS = REPORT_CATALOGUE.map((r) => r.id) as [CatalogueReportId, ...CatalogueReportId[]];

/**
 * Reports that export without being catalogue cards: the five of SPEC §7's export routes that are
 * not in the catalogue under the same id.
 */
export const EXPORTABLE_REPORT_IDS = [...CATALOGUE_REPORT_IDS, 'cash-flow-categories', 'receivables-analysis', 'payables-analysis', 'working-capital'] as const;
export type ExportableReportId = (typeof EXPORTABLE_REPORT_IDS)[number];

export const EXPORT_FORMATS = ['pdf', 'excel', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormat = z.lazy(() => z.enum(EXPORT_FORMATS));

/** File extension and media type of each export format. */
export const EXPORT_FILE_TYPES: Record<ExportFormat, { extension: string; contentType: string }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  excel: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
};

/** The period query every period-bound report takes (SPEC §7: period, custom_start, custom_end). */
export const reportPeriodQuery = z.object({
  period: z.enum(REPORT_PERIODS).default('current_month'),
  custom_start: calendarDate.optional(),
  custom_end: calendarDate.optional(),
});

/** Catalogue preview and export: the period, a balance date, and the language of the labels. */
export const catalogueReportQuery = z.lazy(() => reportPeriodQuery.extend({
  as_of_date: calendarDate.optional(),
  /** Labels' language; defaults to the caller's Accept-Language (ar or en). */
  lang: z.enum(['en', 'ar']).optional(),
}));

export const bulkExportBody = z.lazy(() => z.strictObject({
  report_ids: z.array(z.enum(CATALOGUE_REPORT_IDS)).min(1, 'Choose at least one report').max(REPORT_CATALOGUE.length),
  format: exportFormat,
  period: z.enum(REPORT_PERIODS).default('current_month'),
  custom_start: calendarDate.optional(),
  custom_end: calendarDate.optional(),
  lang: z.enum(['en', 'ar']).optional(),
}));
export type BulkExportBody = z.infer<typeof bulkExportBody>;

// ---------------------------------------------------------------------------------------------
// The report table

export const REPORT_COLUMN_KINDS = ['text', 'money', 'number', 'percent', 'date'] as const;
export const reportColumn = z.lazy(() => z.object({
  key: z.string(),
  label: z.string(),
  /** money: a decimal string in the report's currency; number: a plain count; percent: "12.5". */
  kind: z.enum(REPORT_COLUMN_KINDS),
}));
export type ReportColumn = z.infer<typeof reportColumn>;

export const REPORT_ROW_STYLES = ['normal', 'heading', 'subtotal', 'total'] as const;
export const reportRow = z.lazy(() => z.object({
  cells: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  style: z.enum(REPORT_ROW_STYLES).default('normal'),
  /** Nesting depth of the label (0 = flush). */
  indent: z.number().int().min(0).max(4).default(0),
}));
export type ReportRow = z.input<typeof reportRow>;

export const reportSection = z.lazy(() => z.object({
  title: z.string().optional(),
  columns: z.array(reportColumn).min(1),
  rows: z.array(reportRow),
  /** Shown when rows is empty. */
  empty_text: z.string().optional(),
}));
export type ReportSection = z.input<typeof reportSection>;

/** Headline figures above the sections (e.g. Net income, Total outstanding). */
export const reportHighlight = z.lazy(() => z.object({ label: z.string(), value: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) }));

export const reportTablePublic = z.lazy(() => z.object({
  report_id: z.enum(EXPORTABLE_REPORT_IDS),
  title: z.string(),
  organization_name: z.string(),
  currency: z.string(),
  language: z.enum(['en', 'ar']),
  /** Human wording of the period or date, in the report's language ("1–30 Nov 2026", "As of …"). */
  period_label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  generated_at: z.string(),
  highlights: z.array(reportHighlight).default([]),
  sections: z.array(reportSection),
  notes: z.array(z.string()).default([]),
}));
export type ReportTablePublic = z.input<typeof reportTablePublic>;

export const reportCatalogueEntryPublic = z.lazy(() => z.object({
  id: z.enum(CATALOGUE_REPORT_IDS),
  title: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  popular: z.boolean(),
  new: z.boolean(),
}));
export const reportCataloguePublic = z.lazy(() => z.object({ data: z.array(reportCatalogueEntryPublic), count: z.number() }));

/** A large export is written to S3 and answered as a presigned download instead of the bytes. */
export const reportDownloadPublic = z.lazy(() => z.object({
  download_url: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  expires_at: z.string(),
}));
