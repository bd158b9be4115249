/**
 * Turning report tables into files and handing them over. A file small enough for a Lambda reply
 * is answered as the bytes; a larger one is written to the exports bucket and answered as JSON
 * with a presigned download (15 minutes), which the web client's `apiDownload` follows.
 *
 * The limit is on the file's bytes: API Gateway and Lambda carry binary replies base64-encoded
 * (4 bytes for every 3) in a response of at most 6 MB, so 4 MB of file is the most that fits with
 * room for the headers. REPORT_EXPORT_INLINE_LIMIT_BYTES lowers it (tests use a few bytes).
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { EXPORT_FILE_TYPES, type ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import type { z } from 'zod';
import type { reportDownloadPublic } from '@daftar/shared/schemas/reportCatalogue';
import { attachmentDisposition } from '../../file-uploads/files.js';
import { Reply } from '../../http/api.js';
import { config } from '../../platform/config.js';
import { uuidv7 } from '../../platform/ids.js';
import { s3 } from '../../platform/storage.js';
import { reportCsv } from './csv.js';
import type { ReportTable } from './format.js';
import { reportXlsx } from './xlsx.js';

/**
 * The PDF stack (pdfkit, fontkit and its shaping tables) is most of this Lambda's import time; it
 * is loaded by the first PDF export, so the JSON report routes' cold starts do not pay for it.
 */
const printing = () => import('./pdf.js');

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
      return reportXlsx(table, options);
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

/** Puts the file in the exports bucket and answers where to download it from. */
export async function storeExport(organizationId: string, file: ExportFile): Promise<z.output<typeof reportDownloadPublic>> {
  const key = `${organizationId}/exports/${uuidv7()}/${file.fileName}`;
  await s3.send(
    new PutObjectCommand({
      Bucket: config.exportsBucket,
      Key: key,
      Body: file.bytes,
      ContentType: file.contentType,
      ContentLength: file.bytes.length,
    }),
  );
  const signedAt = Date.now();
  const downloadUrl = await getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: config.exportsBucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(file.fileName),
      ResponseContentType: file.contentType,
    }),
    { expiresIn: EXPORT_DOWNLOAD_SECONDS },
  );
  return {
    download_url: downloadUrl,
    file_name: file.fileName,
    content_type: file.contentType,
    size_bytes: file.bytes.length,
    expires_at: new Date(signedAt + EXPORT_DOWNLOAD_SECONDS * 1000).toISOString(),
  };
}

/** The reply for an export: the file itself, or (too large to answer inline) its presigned download. */
export async function deliverExport(organizationId: string, file: ExportFile): Promise<Reply> {
  if (file.bytes.length <= inlineLimitBytes()) {
    return new Reply(200, file.bytes, { 'content-type': file.contentType, 'content-disposition': attachmentDisposition(file.fileName) });
  }
  return Reply.json(200, await storeExport(organizationId, file));
}
