/**
 * Turning report tables into files and handing them over. A file small enough for a Lambda reply
 * is answered as the bytes; a larger one is written to the exports bucket and answered as JSON
 * with a presigned download (15 minutes), which the web client's `apiDownload` follows.
 *
 * The limit is on the file's bytes: API Gateway and Lambda carry binary replies base64-encoded
 * (4 bytes for every 3) in a response of at most 6 MB, so 4 MB of file is the most that fits with
 * room for the headers. REPORT_EXPORT_INLINE_LIMIT_BYTES lowers it (tests use a few bytes).
 */
import { EXPORT_FILE_TYPES, type ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import type { Reply } from '../../http/api.js';
import { reportCsv } from './csv.js';
import type { ReportTable } from './format.js';

/**
 * What only a file export uses is loaded by the first one, so the JSON report routes' cold starts
 * do not read it: the PDF stack (pdfkit, fontkit and its shaping tables, most of it), the XLSX
 * writer, and the S3 client that stores and signs large files (delivery.ts). In the Lambda each is
 * a chunk beside index.mjs (infra/lib/lambda-bundle.ts).
 */
const printing = () => import('./pdf.js');
const spreadsheets = () => import('./xlsx.js');
const delivery = () => import('./delivery.js');

export const DEFAULT_INLINE_LIMIT_BYTES = 4 * 1024 * 1024;
export const EXPORT_DOWNLOAD_SECONDS = 15 * 60;

export interface ExportFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

export interface RenderOptions {
  /** The organization's zone, for the "generated" time printed on the report. */
  timeZone: string;
}

/** The bytes of a report table in an export format. */
export async function renderReport(table: ReportTable, format: ExportFormat, options: RenderOptions): Promise<Buffer> {
  switch (format) {
    case 'pdf':
      return (await printing()).reportPdf(table, options);
    case 'excel':
      return (await spreadsheets()).reportXlsx(table, options);
    case 'csv':
      return reportCsv(table, options);
  }
}

export const contentTypeOf = (format: ExportFormat) => EXPORT_FILE_TYPES[format].contentType;

/** The largest file answered inline, in bytes. */
export function inlineLimitBytes(): number {
  const configured = Number(process.env.REPORT_EXPORT_INLINE_LIMIT_BYTES);
  return Number.isFinite(configured) && configured > 0 ? Math.min(configured, DEFAULT_INLINE_LIMIT_BYTES) : DEFAULT_INLINE_LIMIT_BYTES;
}

/** The reply for an export: the file itself, or (too large to answer inline) its presigned download. */
export async function deliverExport(organizationId: string, file: ExportFile): Promise<Reply> {
  return (await delivery()).deliverExport(organizationId, file);
}
