/**
 * The `einvoice` dead-letter queue's consumer: a message lands there after maxReceiveCount
 * deliveries that did not end it. consumer.ts marks a submission failed itself on the last
 * delivery when it can; this catches the rest (the last delivery crashed or timed out before
 * recording anything), so no submission stays `queued` or `submitting` for ever: it shows as
 * failed and may be submitted again. Poison messages (unreadable, or naming no submission) are
 * logged and dropped here: they have nothing to mark.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { einvoiceSubmissionMessage } from '@daftar/shared/schemas/einvoiceSubmission';
import { logger } from '../platform/logger.js';
import { getSubmission, markFailed } from './submission.js';

export const DEAD_LETTER_MESSAGE = 'The submission queue gave up on this document after repeated failed deliveries; submit it again';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const records = event.Records ?? [];
  const results = await Promise.allSettled(
    records.map(async (record) => {
      let body: unknown;
      try {
        body = JSON.parse(record.body);
      } catch {
        body = undefined;
      }
      const parsed = einvoiceSubmissionMessage.safeParse(body);
      if (!parsed.success) {
        logger.error('einvoice dead letter: not a submission message, dropped', { message_id: record.messageId });
        return;
      }
      const message = parsed.data;
      const item = await getSubmission(message.organization_id, message.document_type, message.document_id);
      if (!item || item.queue_id !== message.queue_id) {
        logger.warn('einvoice dead letter: no current submission for it, dropped', { ...message });
        return;
      }
      const after = await markFailed(item, DEAD_LETTER_MESSAGE);
      logger.warn('einvoice dead letter', { ...message, state: after?.state ?? null });
    }),
  );
  return {
    batchItemFailures: records.flatMap((record, index) => (results[index]!.status === 'rejected' ? [{ itemIdentifier: record.messageId }] : [])),
  };
}
