/**
 * E-mailing an invoice: the bilingual PDF attached to a bilingual message, then the invoice
 * records when and to whom it went (and a confirmed invoice becomes sent). The mail goes out
 * first: recording a delivery that did not happen would be worse than the rare retry after a
 * failed record, and sending again is allowed anyway.
 */
import type { InvoiceSendRequest } from '@daftar/shared/schemas/invoiceReturns';
import { getSubmission } from '../e-invoicing/submission.js';
import type { InvoiceStatus } from '@daftar/shared/schemas/invoices';
import { Invoice, outstandingOf, type InvoiceRecord } from '../db/invoice.js';
import { isConditionFailure } from '../db/transaction.js';
import { isolateLtr } from '../documents/pdf/bidi.js';
import { Conflict, UpstreamFailed, ValidationError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { renderEmail, sendMail } from '../platform/mailer.js';
import { nowIso } from '../platform/ids.js';
import { getInvoice } from './invoices.js';
import { invoiceFilename, invoicePdf, printedAmount, printingParties } from './pdf.js';

export const SENDABLE_STATUSES: readonly InvoiceStatus[] = ['confirmed', 'sent', 'partially_paid', 'paid'];

/** Attempts to record the delivery when a payment or return changed the invoice meanwhile. */
const RECORD_ATTEMPTS = 4;

export interface SentInvoice {
  before: InvoiceRecord;
  after: InvoiceRecord;
  recipients: { to: string; cc: string[] };
}

export async function sendInvoice(organizationId: string, invoiceId: string, request: InvoiceSendRequest): Promise<SentInvoice> {
  const invoice = await getInvoice(organizationId, invoiceId);
  if (!SENDABLE_STATUSES.includes(invoice.status)) {
    throw new Conflict(`The invoice is ${invoice.status}; only a confirmed invoice can be sent`);
  }
  const parties = await printingParties(organizationId, invoice.contact_id);
  const to = request.to ?? parties.contact?.email;
  if (!to) {
    throw new ValidationError([{ loc: ['body', 'to'], msg: 'The customer has no e-mail address; give one in "to"', type: 'missing' }]);
  }
  const cc = [...new Set(request.cc ?? [])].filter((address) => address !== to);

  const submission = await getSubmission(organizationId, 'invoice', invoice.id);
  const pdf = await invoicePdf(invoice, parties, { qr: submission?.state === 'submitted' ? submission.qr ?? undefined : undefined });
  const seller = parties.organization.legal_name ?? parties.organization.name;
  const number = invoice.number!;
  const due = `${printedAmount(outstandingOf(invoice), invoice.currency)} ${invoice.currency}`;
  // Numbers and dates stay whole inside the Arabic sentences (see isolateLtr).
  const ltr = isolateLtr;
  const personal = request.message ? [request.message] : [];
  const content = renderEmail({
    en: {
      heading: `Invoice ${number} from ${seller}`,
      paragraphs: [
        ...personal,
        `Please find attached tax invoice ${number} dated ${invoice.issue_date}${invoice.due_date ? `, due on ${invoice.due_date}` : ''}.`,
        `Amount due: ${due}.`,
      ],
    },
    ar: {
      heading: `الفاتورة ${ltr(number)} من ${seller}`,
      paragraphs: [
        ...personal,
        `مرفق الفاتورة الضريبية رقم ${ltr(number)} بتاريخ ${ltr(invoice.issue_date)}${invoice.due_date ? `، تستحق في ${ltr(invoice.due_date)}` : ''}.`,
        `المبلغ المستحق: ${ltr(due)}.`,
      ],
    },
  });
  const subjects = { en: `Invoice ${number} from ${seller}`, ar: `فاتورة ${ltr(number)} من ${seller}` };
  try {
    await sendMail({
      to: [to, ...cc],
      subject: request.language === 'ar' ? `${subjects.ar} — ${subjects.en}` : `${subjects.en} — ${subjects.ar}`,
      text: content.text,
      html: content.html,
      attachments: [{ filename: invoiceFilename(invoice), contentType: 'application/pdf', content: pdf }],
    });
  } catch (error) {
    logger.error('invoice mail refused', { invoice_id: invoice.id, error: error instanceof Error ? error.message : String(error) });
    throw new UpstreamFailed('The e-mail service did not accept the message; the invoice was not marked as sent. Try again later');
  }

  const after = await recordDelivery(invoice, [to, ...cc].join(', '));
  return { before: invoice, after, recipients: { to, cc } };
}

/**
 * sent_at / sent_to, and confirmed → sent, conditioned on the version read; a payment or a return
 * recorded in between changes the version, so the invoice is read again and the delivery recorded
 * on the new version.
 */
async function recordDelivery(first: InvoiceRecord, sentTo: string): Promise<InvoiceRecord> {
  let invoice = first;
  for (let attempt = 1; ; attempt++) {
    const now = nowIso();
    const status: InvoiceStatus = invoice.status === 'confirmed' ? 'sent' : invoice.status;
    try {
      await Invoice.patch({ organization_id: invoice.organization_id, id: invoice.id })
        .set({ sent_at: now, sent_to: sentTo, status, version: invoice.version + 1, updated_at: now })
        .where((a, { eq }) => `${eq(a.status, invoice.status)} AND ${eq(a.version, invoice.version)}`)
        .go();
      return { ...invoice, sent_at: now, sent_to: sentTo, status, version: invoice.version + 1, updated_at: now };
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= RECORD_ATTEMPTS) {
        if (isConditionFailure(error)) throw new Conflict('The invoice was e-mailed, but it kept changing while the delivery was being recorded; reload it');
        throw error;
      }
      invoice = await getInvoice(invoice.organization_id, invoice.id);
    }
  }
}
