/**
 * The `productImport` queue's consumer (routes.ts `consumers`): each message {organization_id,
 * job_id} carries a catalogue import on (run.ts). Lambda event-source semantics: the handler
 * answers `batchItemFailures` with the messages to deliver again. A message that does not parse is
 * poison (reported failed until the dead-letter queue takes it); a job already settled is left
 * alone, so a duplicate delivery writes nothing twice; a crash (a storage error) delivers the
 * message again, and the job resumes after its saved `rows_done`.
 */
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger, setCorrelationId } from '../../platform/logger.js';
import type { ImportMessage } from './jobs.js';
import { runImportJob } from './run.js';

function parseMessage(body: string): ImportMessage | null {
  try {
    const value = JSON.parse(body) as Partial<ImportMessage>;
    return typeof value.organization_id === 'string' && typeof value.job_id === 'string' ? { organization_id: value.organization_id, job_id: value.job_id } : null;
  } catch {
    return null;
  }
}

async function process(record: SQSRecord, context: Context | undefined): Promise<boolean> {
  const message = parseMessage(record.body);
  if (!message) {
    logger.error('product import: poison message', { message_id: record.messageId });
    return false;
  }
  const remainingMs = context?.getRemainingTimeInMillis ? () => context.getRemainingTimeInMillis() : undefined;
  const job = await runImportJob(message.organization_id, message.job_id, { remainingMs });
  if (job) logger.info('product import: delivery done', { ...message, state: job.state, rows_done: job.rows_done, rows_total: job.rows_total });
  return true;
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  if (context?.awsRequestId) setCorrelationId(context.awsRequestId);
  const failures: { itemIdentifier: string }[] = [];
  // One at a time: a job is heavy, and the queue's batch size is 1 anyway.
  for (const record of event.Records ?? []) {
    try {
      if (!(await process(record, context))) failures.push({ itemIdentifier: record.messageId });
    } catch (error) {
      logger.error('product import: delivery failed, it will come again', { message_id: record.messageId, error: error instanceof Error ? error.message : String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
