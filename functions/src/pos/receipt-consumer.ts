/**
 * The `posReceipt` queue's consumer (routes.ts `consumers.posReceipt`): each message
 * {organization_id, transaction_id} e-mails one till receipt, bilingual, with the JoFotara QR code
 * attached once the e-invoice was accepted ("e-invoice pending" before).
 *
 * Lambda event-source semantics: the handler answers `batchItemFailures` with the messages to
 * deliver again. A message that does not parse is poison (failed until the dead-letter queue takes
 * it). A receipt that is gone, has no address, or is not waiting (sent already: a duplicate
 * delivery) is acknowledged without mail. A receipt that cannot be rendered or a mail the service
 * refuses marks the receipt failed (error, attempts + 1) and the message comes again; the receipt
 * is still failed, with why, when SQS gives up.
 */
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { toBuffer as qrPng } from 'qrcode';
import type { Attachment } from '../platform/mailer.js';
import { sendMail } from '../platform/mailer.js';
import { logger, setCorrelationId } from '../platform/logger.js';
import { PosTransaction } from '../db/posTransaction.js';
import { recordDelivery, renderReceipt, type ReceiptMessage } from './receipts.js';

function parseMessage(body: string): ReceiptMessage | null {
  try {
    const value = JSON.parse(body) as Partial<ReceiptMessage>;
    return typeof value.organization_id === 'string' && typeof value.transaction_id === 'string'
      ? { organization_id: value.organization_id, transaction_id: value.transaction_id }
      : null;
  } catch {
    return null;
  }
}

type Outcome = 'done' | 'again';

/** Sends one receipt; 'again' when the message must come back. */
export async function deliver(message: ReceiptMessage): Promise<Outcome> {
  const { data: receipt } = await PosTransaction.get({ organization_id: message.organization_id, id: message.transaction_id }).go({ consistent: true });
  if (!receipt || !receipt.receipt_email || (receipt.receipt_status !== 'queued' && receipt.receipt_status !== 'failed')) {
    logger.info('pos receipt: nothing to send', { ...message, status: receipt?.receipt_status ?? 'missing' });
    return 'done';
  }
  const language = receipt.receipt_language === 'ar' ? 'ar' : 'en';
  try {
    const rendered = await renderReceipt(receipt, language);
    // A PNG per accepted e-invoice: mail clients show attached images, where inline SVG and data: URLs are stripped.
    const attachments: Attachment[] = await Promise.all(
      rendered.einvoices
        .filter((e): e is { number: string; qr: string } => !!e.qr)
        .map(async (e) => ({ filename: `${e.number}-jofotara-qr.png`, contentType: 'image/png', content: await qrPng(e.qr, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 }) })),
    );
    await sendMail({ to: receipt.receipt_email, subject: rendered.subject, text: rendered.text, html: rendered.html, attachments });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    logger.error('pos receipt: not sent, it will come again', { ...message, error: why });
    await recordDelivery(receipt, { sent: false, error: `The receipt could not be e-mailed: ${why}` });
    return 'again';
  }
  // false: someone asked for the receipt again meanwhile; that request's message sends it.
  await recordDelivery(receipt, { sent: true });
  return 'done';
}

async function process(record: SQSRecord): Promise<Outcome> {
  const message = parseMessage(record.body);
  if (!message) {
    logger.error('pos receipt: poison message', { message_id: record.messageId });
    return 'again';
  }
  return deliver(message);
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  if (context?.awsRequestId) setCorrelationId(context.awsRequestId);
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records ?? []) {
    try {
      if ((await process(record)) === 'again') failures.push({ itemIdentifier: record.messageId });
    } catch (error) {
      logger.error('pos receipt: delivery failed, it will come again', { message_id: record.messageId, error: error instanceof Error ? error.message : String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
