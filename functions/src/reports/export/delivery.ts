/**
 * Handing an export file over: inline as the reply, or stored in the exports bucket and answered
 * with a presigned download. Loaded on the first export only (files.ts), so the S3 client it
 * needs is not part of the reports Lambda's cold start.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { reportDownloadPublic } from '@daftar/shared/schemas/reportCatalogue';
import type { z } from 'zod';
import { attachmentDisposition } from '../../file-uploads/files.js';
import { Reply } from '../../http/api.js';
import { config } from '../../platform/config.js';
import { uuidv7 } from '../../platform/ids.js';
import { s3 } from '../../platform/storage.js';
import { EXPORT_DOWNLOAD_SECONDS, inlineLimitBytes, type ExportFile } from './files.js';

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

export async function deliverExport(organizationId: string, file: ExportFile): Promise<Reply> {
  if (file.bytes.length <= inlineLimitBytes()) {
    return new Reply(200, file.bytes, { 'content-type': file.contentType, 'content-disposition': attachmentDisposition(file.fileName) });
  }
  return Reply.json(200, await storeExport(organizationId, file));
}
