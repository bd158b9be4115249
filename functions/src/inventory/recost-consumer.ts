/**
 * The `stockRecost` queue's consumer (routes.ts `consumers`): each message {organization_id,
 * request_id} is one posting's re-costing request (inventory/recost.ts). A request already done
 * finds nothing; a failure (a level that kept moving, a storage error) is delivered again, and the
 * request shows its failures meanwhile (`GET inventory/recosting`).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../platform/logger.js';
import { runRecostRequest } from './recost.js';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records ?? []) {
    let message: { organization_id?: unknown; request_id?: unknown } = {};
    try {
      message = JSON.parse(record.body);
    } catch {
      // Not JSON: retrying cannot help.
    }
    if (typeof message.organization_id !== 'string' || typeof message.request_id !== 'string') {
      logger.error('stock recost: poison message', { message_id: record.messageId });
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    try {
      const outcomes = await runRecostRequest(message.organization_id, message.request_id);
      logger.info('stock recost: done', { organization_id: message.organization_id, request_id: message.request_id, levels: outcomes.length });
    } catch (error) {
      logger.warn('stock recost: failed, it will come again', { message_id: record.messageId, error: error instanceof Error ? error.message : String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
