/**
 * Catalogue import jobs (GitHub issue 14), the API's side: the upload is read far enough to find
 * its header row (a file without sku and name columns, unreadable, empty or too long is a 422 and
 * no job), stored in the exports bucket (its objects expire after days: the file is needed only
 * while the job runs), recorded as a job, and queued; the `productImport`
 * consumer (consumer.ts, run.ts) does the rest. The S3 and SQS clients are loaded by the first
 * import, not by the products Lambda's cold start.
 */
import type { ProductImportJobPublic } from '@daftar/shared/schemas/products';
import type { AuditActor } from '../../db/auditLog.js';
import { MAX_STORED_ERRORS, ProductImportJob, type ProductImportJobRecord } from '../../db/productImportJob.js';
import { config } from '../../platform/config.js';
import { NotFound, Unavailable } from '../../platform/errors.js';
import { nowIso, uuidv7 } from '../../platform/ids.js';
import { logger } from '../../platform/logger.js';
import { importSheet, type ImportFormat } from './sheet.js';

/** The queue message: which job to carry on with. */
export interface ImportMessage {
  organization_id: string;
  job_id: string;
}

const clients = async () => {
  const [s3Commands, { s3 }, sqs] = await Promise.all([import('@aws-sdk/client-s3'), import('../../platform/storage.js'), import('@aws-sdk/client-sqs')]);
  return { s3, s3Commands, sqs };
};

let sqsClient: import('@aws-sdk/client-sqs').SQSClient | undefined;

/** Queues a job's next step (locally the queue URL's host does not resolve: the configured endpoint does). */
export async function enqueueImport(message: ImportMessage): Promise<void> {
  const { sqs } = await clients();
  sqsClient ??= new sqs.SQSClient({ useQueueUrlAsEndpoint: false });
  await sqsClient.send(new sqs.SendMessageCommand({ QueueUrl: config.productImportQueueUrl, MessageBody: JSON.stringify(message) }));
}

export async function readImportFile(job: Pick<ProductImportJobRecord, 's3_key'>): Promise<Buffer> {
  const { s3, s3Commands } = await clients();
  const object = await s3.send(new s3Commands.GetObjectCommand({ Bucket: config.exportsBucket, Key: job.s3_key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

export function presentImportJob(job: ProductImportJobRecord): ProductImportJobPublic {
  return {
    id: job.id,
    state: job.state,
    dry_run: job.dry_run,
    file_name: job.file_name,
    rows_total: job.rows_total,
    rows_done: job.rows_done,
    created: job.created,
    updated: job.updated,
    errors: ((job.errors as ProductImportJobPublic['errors'] | undefined) ?? []).slice(0, MAX_STORED_ERRORS),
    errors_total: job.errors_total,
    columns: (job.columns as ProductImportJobPublic['columns']) ?? [],
    created_at: job.created_at,
    finished_at: job.finished_at ?? null,
  };
}

export async function getImportJob(organizationId: string, id: string): Promise<ProductImportJobRecord> {
  const { data } = await ProductImportJob.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Import not found');
  return data;
}

export interface ImportUpload {
  fileName: string;
  format: ImportFormat;
  bytes: Buffer;
  dryRun: boolean;
}

/** Checks the file's header row, stores the file, records the job and queues it. */
export async function startImport(organizationId: string, upload: ImportUpload, actor: AuditActor): Promise<ProductImportJobRecord> {
  const sheet = await importSheet(upload.bytes, upload.format);
  const id = uuidv7();
  const s3Key = `${organizationId}/imports/${id}/${upload.fileName.replace(/[/\\]/g, '-')}`;
  const { s3, s3Commands } = await clients();
  await s3.send(new s3Commands.PutObjectCommand({ Bucket: config.exportsBucket, Key: s3Key, Body: upload.bytes, ContentLength: upload.bytes.length }));
  const now = nowIso();
  const job: ProductImportJobRecord = {
    organization_id: organizationId,
    id,
    state: 'validating',
    dry_run: upload.dryRun,
    file_name: upload.fileName,
    s3_key: s3Key,
    format: upload.format,
    columns: sheet.header.cells.map((header, i) => ({ header: header.trim(), field: sheet.match.fields[i] ?? null })).filter((c) => c.header !== ''),
    rows_total: sheet.rows.length,
    rows_done: 0,
    created: 0,
    updated: 0,
    errors: [],
    errors_total: 0,
    actor: { ...actor },
    created_at: now,
    updated_at: now,
  };
  await ProductImportJob.create(job).go();
  try {
    await enqueueImport({ organization_id: organizationId, job_id: id });
  } catch (error) {
    logger.error('product import: the queue refused a job', { organization_id: organizationId, job_id: id, error: error instanceof Error ? error.message : String(error) });
    await ProductImportJob.patch({ organization_id: organizationId, id })
      .set({ state: 'failed', updated_at: nowIso(), finished_at: nowIso(), errors: [{ row: 0, column: '', message: 'The import could not be queued; upload the file again' }], errors_total: 1 })
      .go()
      .catch(() => undefined);
    throw new Unavailable('The import queue is unavailable; the import was not started, upload the file again');
  }
  return job;
}
