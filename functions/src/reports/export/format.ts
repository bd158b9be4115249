/**
 * What the three writers share: the report table as the writers read it (defaults applied), how a
 * cell reads on paper, the export's file name, and the labels of the page furniture. The table's
 * values are machine values (money as decimal strings such as "-1234.500", percents as "12.5",
 * dates as YYYY-MM-DD); each writer decides how to show them: the PDF groups thousands, the XLSX
 * writes numbers with a number format, the CSV writes them plain.
 */
import type { z } from 'zod';
import { money } from '@daftar/shared';
import { EXPORT_FILE_TYPES, type ExportFormat, type ExportableReportId, type reportTablePublic } from '@daftar/shared/schemas/reportCatalogue';

/** A report table with the schema's defaults applied (row style and indent, highlights, notes). */
export type ReportTable = z.output<typeof reportTablePublic>;
export type ReportTableColumn = ReportTable['sections'][number]['columns'][number];
export type ReportTableRow = ReportTable['sections'][number]['rows'][number];
export type CellValue = string | number | null | undefined;
export type ColumnKind = ReportTableColumn['kind'];

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The value as a plain decimal string ("1234.5", "-3"), or null when it is not a number. */
export function decimalText(value: CellValue): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim().replace(/^\+/, '');
  return DECIMAL.test(text) ? text : null;
}

/** "1234567.5" → "1,234,567.5"; the sign and the decimals are kept as written. */
export function groupThousands(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole, fraction] = (negative ? decimal.slice(1) : decimal).split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** The cell as it reads on a printed page. */
export function displayCell(value: CellValue, kind: ColumnKind): string {
  if (value === null || value === undefined) return '';
  const decimal = decimalText(value);
  switch (kind) {
    case 'money':
    case 'number':
      return decimal === null ? String(value) : groupThousands(decimal);
    case 'percent':
      return decimal === null ? String(value) : `${decimal}%`;
    default:
      return String(value);
  }
}

export const isNumericKind = (kind: ColumnKind) => kind === 'money' || kind === 'number' || kind === 'percent';

/**
 * The column a row's `indent` applies to: the section's label column, the text column with the
 * longest texts (an account's name rather than its code, which may come first).
 */
export function labelColumnIndex(section: ReportTable['sections'][number]): number {
  let best = -1;
  let bestLength = -1;
  section.columns.forEach((column, i) => {
    if (column.kind !== 'text') return;
    const longest = Math.max(0, ...section.rows.map((row) => String(row.cells[column.key] ?? '').length));
    if (longest > bestLength) {
      best = i;
      bestLength = longest;
    }
  });
  return best === -1 ? 0 : best;
}

/** Decimal places of the report's currency (3 for JOD); 2 for a code the money module does not know. */
export function currencyDecimals(currency: string): number {
  return money.isCurrencyCode(currency) ? money.minorUnitsOf(currency) : 2;
}

export function currencyName(currency: string, language: 'en' | 'ar'): string {
  if (!money.isCurrencyCode(currency)) return currency;
  const info = money.currencyInfo(currency);
  return language === 'ar' ? info.name_ar : info.name_en;
}

/**
 * The date and time a report was generated, in the organization's zone: "2026-06-15 14:03".
 * An unknown zone falls back to UTC rather than failing the export.
 */
export function generatedAtText(generatedAt: string, timeZone: string): string {
  const at = new Date(generatedAt);
  if (Number.isNaN(at.getTime())) return generatedAt;
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(at)
      .replace(',', '');
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/**
 * File names use the route's name of a report (SPEC §7: the cash flow statement's export is
 * `cash-flow-statement-…`); the catalogue's other ids already are the route names.
 */
const FILE_SLUGS: Partial<Record<ExportableReportId, string>> = { 'cash-flow': 'cash-flow-statement' };
export const reportFileSlug = (reportId: ExportableReportId) => FILE_SLUGS[reportId] ?? reportId;

/**
 * The organization's name as it can stand in a file name: kept as written (spaces and Arabic
 * letters included), only characters that no file system accepts (path separators, `:*?"<>|`,
 * control characters) become hyphens.
 */
export function fileNamePart(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return cleaned || 'organization';
}

/** `{report-slug}-{organization name}-{YYYY-MM-DD}.{pdf|xlsx|csv}` (SPEC §7). */
export function exportFileName(reportId: ExportableReportId, organizationName: string, date: string, format: ExportFormat): string {
  return `${reportFileSlug(reportId)}-${fileNamePart(organizationName)}-${date}.${EXPORT_FILE_TYPES[format].extension}`;
}

/** The bulk export's archive: `reports-{organization name}-{YYYY-MM-DD}.zip`. */
export const bulkExportFileName = (organizationName: string, date: string) => `reports-${fileNamePart(organizationName)}-${date}.zip`;

/** Labels of the page furniture every format prints. */
export const furniture = {
  generated: { en: 'Generated', ar: 'تاريخ الإصدار' },
  currency: { en: 'Amounts in', ar: 'العملة' },
  notes: { en: 'Notes', ar: 'ملاحظات' },
  continued: { en: '(continued)', ar: '(تابع)' },
  page: { en: (n: number, of: number) => `Page ${n} of ${of}`, ar: (n: number, of: number) => `صفحة ${n} من ${of}` },
} as const;
