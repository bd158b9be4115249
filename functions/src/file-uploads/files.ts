/** File records and their objects in the uploads bucket. */
import type { z } from 'zod';
import type { schemas } from '@daftar/shared';
import { FileUpload, type FileUploadItem } from '../db/fileUpload.js';
import { isReferenced } from '../db/reference.js';
import { Conflict, NotFound } from '../platform/errors.js';
import type { UploadedFile } from '../http/body.js';
import { config } from '../platform/config.js';
import { uuidv7 } from '../platform/ids.js';
import { logger } from '../platform/logger.js';
import { displayFilename, safeFilename } from './content.js';

/**
 * The S3 client and its commands are loaded by the first request that stores, deletes or signs:
 * listing, reading and updating records never touch S3, and the Lambda's cold start need not read
 * the client (infra/lib/lambda-bundle.ts puts it in a chunk of its own).
 */
const storage = async () => {
  const [commands, { s3 }] = await Promise.all([import('@aws-sdk/client-s3'), import('../platform/storage.js')]);
  return { s3, DeleteObjectCommand: commands.DeleteObjectCommand, GetObjectCommand: commands.GetObjectCommand, PutObjectCommand: commands.PutObjectCommand };
};

export type FilePublic = z.infer<typeof schemas.filePublic>;
export const DOWNLOAD_URL_SECONDS = 15 * 60;

export function presentFile(item: FileUploadItem): FilePublic {
  return {
    id: item.id,
    organization_id: item.organization_id,
    filename: item.filename,
    content_type: item.content_type,
    size: item.size,
    description: item.description ?? null,
    tags: item.tags ?? [],
    file_type: item.file_type,
    status: item.status,
    uploaded_by: item.uploaded_by,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

export async function getFile(organizationId: string, id: string): Promise<FileUploadItem> {
  const { data } = await FileUpload.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('File not found');
  return data;
}

export interface UploadInput {
  organizationId: string;
  uploadedBy: string;
  file: UploadedFile;
  description?: string;
  tags: string[];
  fileType: FileUploadItem['file_type'];
}

/**
 * Stores the bytes first, then the record: a record never points at a missing object. If the
 * record cannot be written the object is removed again.
 */
export async function storeUpload(input: UploadInput): Promise<FileUploadItem> {
  const now = new Date();
  const id = uuidv7(now.getTime());
  const filename = displayFilename(input.file.filename);
  const s3Key = `${input.organizationId}/${id}/${safeFilename(filename)}`;
  const { s3, PutObjectCommand, DeleteObjectCommand } = await storage();
  await s3.send(new PutObjectCommand({
    Bucket: config.uploadsBucket,
    Key: s3Key,
    Body: input.file.content,
    ContentType: input.file.contentType,
    ContentLength: input.file.content.length,
  }));
  try {
    const { data } = await FileUpload.create({
      organization_id: input.organizationId,
      id,
      filename,
      content_type: input.file.contentType,
      size: input.file.content.length,
      s3_key: s3Key,
      description: input.description || undefined,
      tags: input.tags,
      file_type: input.fileType,
      status: 'uploaded',
      uploaded_by: input.uploadedBy,
      version: 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    }).go();
    return data;
  } catch (err) {
    await s3.send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: s3Key })).catch((cleanupErr: unknown) =>
      logger.error('orphaned upload object', { key: s3Key, error: String(cleanupErr) }));
    throw err;
  }
}

/**
 * A file an expense keeps as its receipt stays: the expense's transaction wrote a reference to it
 * (db/reference.ts), and a record whose file vanished would lose its evidence.
 */
export async function assertFileUnused(file: FileUploadItem) {
  if (await isReferenced(file.organization_id, { type: 'file', id: file.id }, 'expense')) {
    throw new Conflict(`File "${file.filename}" is the receipt of an expense and cannot be deleted; remove it from the expense first`);
  }
}

/**
 * Removes the record, then the object. Were the object deletion to fail, what is left is an
 * unreachable object (logged), never a record whose download fails.
 */
export async function deleteStoredFile(file: FileUploadItem) {
  await FileUpload.remove({ organization_id: file.organization_id, id: file.id }).go();
  try {
    const { s3, DeleteObjectCommand } = await storage();
    await s3.send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: file.s3_key }));
  } catch (err) {
    logger.error('upload object not deleted', { key: file.s3_key, error: String(err) });
  }
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(filename: string) {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A presigned GET that downloads the object under its original name, valid for 15 minutes. */
export async function downloadUrl(file: FileUploadItem) {
  const [{ s3, GetObjectCommand }, { getSignedUrl }] = await Promise.all([storage(), import('@aws-sdk/s3-request-presigner')]);
  const url = await getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: config.uploadsBucket,
      Key: file.s3_key,
      ResponseContentDisposition: attachmentDisposition(file.filename),
      ResponseContentType: file.content_type,
    }),
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
  return { url, expires_in: DOWNLOAD_URL_SECONDS, filename: file.filename };
}
