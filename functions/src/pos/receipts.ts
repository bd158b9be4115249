/**
 * Till receipts by e-mail (issue 15). The cashier asks for it at the counter; the mail goes from
 * the `posReceipt` queue (receipt-consumer.ts), so the sale never waits on the mail service and a
 * refused delivery is retried by SQS.
 *
 * The receipt's own item (PosTransaction) carries the delivery: `receipt_status` not_sent → queued
 * → sent | failed, with `receipt_email`, `receipt_language`, `receipt_attempts`, `receipt_error`,
 * `receipt_sent_at`. The consumer sends only a receipt that is queued or failed and records the
 * outcome on condition that nobody asked again meanwhile, so a message delivered twice sends once,
 * and a new request while one is in flight is the one that counts.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { z } from 'zod';
import type { receiptStatusPublic, sendReceiptBody } from '@daftar/shared/schemas/pos';
import type { StoredTicketLoyalty } from '../loyalty/till.js';
import { presentTicketLoyalty } from './present.js';
import { receiptDateTime, receiptHtml, receiptSubject, receiptText, type ReceiptLanguage, type ReceiptView, type ReceiptViewLine } from '@daftar/shared/pos/receipt-text';
import { PosTerminal } from '../db/posTerminal.js';
import { PosTransaction, type PosTransactionRecord, type StoredPosLine, type StoredPosPayment } from '../db/posTransaction.js';
import { isConditionFailure } from '../db/transaction.js';
import { getSubmission } from '../e-invoicing/submission.js';
import { getSettingsItem } from '../e-invoicing/settings.js';
import { EXCHANGE_SUFFIX, type PosDocumentType } from './einvoice-documents.js';
import { formatAmount } from '../ledger/present.js';
import { readOrganization } from '../organizations/settings.js';
import { config } from '../platform/config.js';
import { Conflict, NotFound, UpstreamFailed } from '../platform/errors.js';
import { nowIso } from '../platform/ids.js';
import { logger } from '../platform/logger.js';

export type ReceiptStatus = z.infer<typeof receiptStatusPublic>;

/** The queue message: which receipt to send; everything else is read from the receipt when sending. */
export interface ReceiptMessage { organization_id: string; transaction_id: string }

export async function getReceipt(organizationId: string, transactionId: string): Promise<PosTransactionRecord> {
  const { data } = await PosTransaction.get({ organization_id: organizationId, id: transactionId }).go({ consistent: true });
  if (!data) throw new NotFound('Receipt not found');
  return data;
}

export const presentReceiptStatus = (receipt: PosTransactionRecord): ReceiptStatus => ({
  transaction_id: receipt.id,
  status: receipt.receipt_status,
  email: receipt.receipt_email ?? null,
  attempts: receipt.receipt_attempts ?? 0,
  last_error: receipt.receipt_error ?? null,
  sent_at: receipt.receipt_sent_at ?? null,
});

let sqsClient: SQSClient | undefined;
async function enqueue(message: ReceiptMessage): Promise<void> {
  const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  sqsClient ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  await sqsClient.send(new SendMessageCommand({ QueueUrl: config.posReceiptQueueUrl, MessageBody: JSON.stringify(message) }));
}

/**
 * Marks the receipt queued for `email` (a conditional update: the receipt must exist) and puts the
 * message on the queue. When the queue refuses the message, the receipt is marked failed with why,
 * so it does not read "queued" for a mail that will never go, and the caller gets 502 to try again.
 */
export async function queueReceipt(organizationId: string, transactionId: string, email: string, language: ReceiptLanguage): Promise<ReceiptStatus> {
  let after: PosTransactionRecord;
  try {
    const { data } = await PosTransaction.patch({ organization_id: organizationId, id: transactionId })
      .set({ receipt_status: 'queued', receipt_email: email, receipt_language: language })
      .remove(['receipt_error'])
      .go({ response: 'all_new' });
    after = data as PosTransactionRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound('Receipt not found');
    throw error;
  }
  try {
    await enqueue({ organization_id: organizationId, transaction_id: transactionId });
  } catch (error) {
    const why = `The receipt could not be queued: ${error instanceof Error ? error.message : String(error)}`;
    logger.error('pos receipt: queue refused the message', { transaction_id: transactionId, error: why });
    await PosTransaction.patch({ organization_id: organizationId, id: transactionId })
      .set({ receipt_status: 'failed', receipt_error: why })
      .where((a, { eq }) => `${eq(a.receipt_status, 'queued')} AND ${eq(a.receipt_email, email)}`)
      .go()
      .catch(() => undefined);
    throw new UpstreamFailed('The receipt could not be queued for sending; try again');
  }
  return presentReceiptStatus(after);
}

export const sendReceipt = (organizationId: string, transactionId: string, body: z.output<typeof sendReceiptBody>) =>
  queueReceipt(organizationId, transactionId, body.email, body.language);

/** Sends again to the address the receipt was last sent to (409 when it never had one). */
export async function resendReceipt(organizationId: string, transactionId: string): Promise<ReceiptStatus> {
  const receipt = await getReceipt(organizationId, transactionId);
  if (!receipt.receipt_email) throw new Conflict('This receipt was never e-mailed; send it to an address first');
  const language: ReceiptLanguage = receipt.receipt_language === 'ar' ? 'ar' : 'en';
  return queueReceipt(organizationId, transactionId, receipt.receipt_email, language);
}

// ---------------------------------------------------------------------------------------------
// Rendering (the consumer's)

/**
 * The receipt's JoFotara documents as pos/einvoice.ts submits them (keyed by the receipt's id): a
 * sale is a `pos_receipt`; a return of a sale a `pos_return` credit note; an exchange's new lines a
 * `pos_receipt` numbered `<number>-EX`; a return without a receipt has no document. Each carries
 * the portal's QR once accepted. When nothing was submitted and the organization has no portal
 * credentials, the receipt says nothing about e-invoices rather than "pending" for ever.
 */
export async function receiptEinvoices(receipt: PosTransactionRecord): Promise<ReceiptView['einvoices']> {
  if (receipt.einvoice_status === 'not_applicable' && !(receipt.new_lines as unknown[] | undefined)?.length) return [];
  const expected: { type: PosDocumentType; number: string }[] = [];
  if (receipt.kind === 'sale') expected.push({ type: 'pos_receipt', number: receipt.number });
  else {
    if (receipt.original_transaction_id) expected.push({ type: 'pos_return', number: receipt.number });
    if ((receipt.new_lines as unknown[] | undefined)?.length) expected.push({ type: 'pos_receipt', number: `${receipt.number}${EXCHANGE_SUFFIX}` });
  }
  if (!expected.length) return [];
  const [submissions, settings] = await Promise.all([
    Promise.all(expected.map((d) => getSubmission(receipt.organization_id, d.type, receipt.id))),
    getSettingsItem(receipt.organization_id),
  ]);
  const configured = !!settings?.client_id_encrypted && !!settings?.secret_key_encrypted;
  if (!configured && submissions.every((s) => !s)) return [];
  return expected.map((d, i) => {
    const submission = submissions[i];
    return { number: d.number, qr: submission?.state === 'submitted' ? (submission.qr ?? null) : null };
  });
}

const viewLine = (line: StoredPosLine, currency: string): ReceiptViewLine => ({
  name: line.name,
  name_ar: line.name_ar,
  quantity: (line.quantity / 1000).toFixed(3).replace(/\.?0+$/, ''),
  unit_price: line.unit_price,
  gross: formatAmount(line.gross, currency),
  discount: formatAmount(line.discount, currency),
});

/** Net and tax per rate over the receipt's lines (sold or returned, and an exchange's new ones). */
function taxesByRate(lines: StoredPosLine[], currency: string): ReceiptView['taxes'] {
  const byRate = new Map<string, { rate: string; exempt: boolean; net: number; tax: number }>();
  for (const line of lines) {
    const exempt = line.tax_category === 'exempt';
    const key = exempt ? 'exempt' : line.tax_rate;
    const entry = byRate.get(key) ?? { rate: line.tax_rate, exempt, net: 0, tax: 0 };
    entry.net += line.net;
    entry.tax += line.tax;
    byRate.set(key, entry);
  }
  return [...byRate.values()]
    .sort((a, b) => Number(b.rate) - Number(a.rate))
    .map((t) => ({ rate: t.rate, exempt: t.exempt, net: formatAmount(t.net, currency), tax: formatAmount(t.tax, currency) }));
}

/** Everything the receipt prints, read from the receipt, its terminal and the organization. */
export async function receiptView(receipt: PosTransactionRecord): Promise<{ view: ReceiptView; timeZone: string }> {
  const [organization, terminal, einvoices] = await Promise.all([
    readOrganization(receipt.organization_id),
    PosTerminal.get({ organization_id: receipt.organization_id, id: receipt.terminal_id }).go(),
    receiptEinvoices(receipt),
  ]);
  const currency = organization.base_currency;
  const lines = (receipt.lines ?? []) as StoredPosLine[];
  const newLines = (receipt.new_lines ?? []) as StoredPosLine[];
  const payments = (receipt.payments ?? []) as StoredPosPayment[];
  const refunds = (receipt.refunds ?? []) as { tender: StoredPosPayment['tender']; amount: number }[];
  const view: ReceiptView = {
    kind: receipt.kind,
    shop: { name: organization.name, name_ar: organization.name_ar ?? null, tax_number: organization.tax_number ?? organization.gst_registration_number ?? null },
    header: terminal.data?.receipt_header ?? null,
    footer: terminal.data?.receipt_footer ?? null,
    number: receipt.number,
    occurred_at: receiptDateTime(receipt.occurred_at, organization.timezone),
    customer_name: receipt.customer_name ?? null,
    currency,
    lines: lines.map((l) => viewLine(l, currency)),
    new_lines: newLines.map((l) => viewLine(l, currency)),
    subtotal: formatAmount(receipt.subtotal, currency),
    discount: formatAmount(receipt.discount, currency),
    promotions: ((receipt.promotions as { name: string; name_ar: string | null; discount: number }[] | undefined) ?? []).map((p) => ({ name: p.name, name_ar: p.name_ar, discount: formatAmount(p.discount, currency) })),
    loyalty: presentTicketLoyalty(receipt.loyalty as StoredTicketLoyalty | undefined, currency),
    taxes: taxesByRate([...lines, ...newLines], currency),
    total: formatAmount(receipt.total, currency),
    payments: payments.map((p) => ({ tender: p.tender, amount: formatAmount(p.amount, currency) })),
    refunds: refunds.map((r) => ({ tender: r.tender, amount: formatAmount(r.amount, currency) })),
    change: formatAmount(receipt.change, currency),
    einvoices,
  };
  return { view, timeZone: organization.timezone };
}

export interface RenderedReceipt { subject: string; text: string; html: string; einvoices: ReceiptView['einvoices'] }

export async function renderReceipt(receipt: PosTransactionRecord, language: ReceiptLanguage): Promise<RenderedReceipt> {
  const { view } = await receiptView(receipt);
  return { subject: receiptSubject(view, language), text: receiptText(view, language), html: receiptHtml(view, language), einvoices: view.einvoices };
}

/** What the consumer records after an attempt, on condition that the receipt still waits for this same delivery. */
export async function recordDelivery(receipt: PosTransactionRecord, outcome: { sent: true } | { sent: false; error: string }): Promise<boolean> {
  const key = { organization_id: receipt.organization_id, id: receipt.id };
  try {
    if (outcome.sent) {
      await PosTransaction.patch(key)
        .set({ receipt_status: 'sent', receipt_sent_at: nowIso() })
        .add({ receipt_attempts: 1 })
        .remove(['receipt_error'])
        .where((a, { eq }) => `${eq(a.receipt_status, receipt.receipt_status)} AND ${eq(a.receipt_email, receipt.receipt_email ?? '')}`)
        .go();
    } else {
      await PosTransaction.patch(key)
        .set({ receipt_status: 'failed', receipt_error: outcome.error.slice(0, 1000) })
        .add({ receipt_attempts: 1 })
        .where((a, { eq }) => `${eq(a.receipt_status, receipt.receipt_status)} AND ${eq(a.receipt_email, receipt.receipt_email ?? '')}`)
        .go();
    }
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
