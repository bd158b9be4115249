/**
 * The `posStock` queue's consumer (routes.ts `consumers`): each message {organization_id,
 * transaction_id} is one posted till receipt's follow-up work: its stock at the exact cost
 * (settlement.ts), then its JoFotara submission (einvoice.ts, itself queued to the e-invoicing queue). A message for a
 * receipt already settled writes nothing; a failure (a storage error, levels that kept moving) is
 * delivered again. After its messages, a delivery sweeps the organization's other pending receipts
 * (and, every few minutes, receipts without a JoFotara submission), so a message lost between the
 * sale and the queue is made good by the next one.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../platform/logger.js';
import { settlePending, settleReceipt } from './settlement.js';
import { resubmitMissing, submitPosReceipt } from './einvoice.js';
import { countMissing, countReceiptProducts } from './product-figures.js';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  const organizations = new Set<string>();
  for (const record of event.Records ?? []) {
    let message: { organization_id?: unknown; transaction_id?: unknown };
    try {
      message = JSON.parse(record.body);
    } catch {
      logger.error('pos stock: poison message', { message_id: record.messageId });
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    if (typeof message.organization_id !== 'string' || typeof message.transaction_id !== 'string') {
      logger.error('pos stock: poison message', { message_id: record.messageId });
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    try {
      await settleReceipt(message.organization_id, message.transaction_id);
      await submitPosReceipt(message.organization_id, message.transaction_id);
      await countReceiptProducts(message.organization_id, message.transaction_id);
      organizations.add(message.organization_id);
    } catch (error) {
      logger.warn('pos stock: settlement failed, it will come again', { message_id: record.messageId, error: error instanceof Error ? error.message : String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  for (const organizationId of organizations) {
    await settlePending(organizationId).catch(() => undefined);
    // Receipts whose submission never started or whose products were not counted (a message lost
    // after the sale): at most every five minutes per organization and instance, as each reads the
    // last days' receipts.
    const last = lastResubmit.get(organizationId) ?? 0;
    if (Date.now() - last > RESUBMIT_EVERY_MS) {
      lastResubmit.set(organizationId, Date.now());
      await resubmitMissing(organizationId).catch((error) => logger.warn('pos: e-invoice sweep failed', { organization_id: organizationId, error: error instanceof Error ? error.message : String(error) }));
      await countMissing(organizationId).catch((error) => logger.warn('pos: product figures sweep failed', { organization_id: organizationId, error: error instanceof Error ? error.message : String(error) }));
    }
  }
  return { batchItemFailures: failures };
}

const RESUBMIT_EVERY_MS = 5 * 60_000;
const lastResubmit = new Map<string, number>();
