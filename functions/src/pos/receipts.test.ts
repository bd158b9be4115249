/**
 * Receipts by e-mail: the route queues the receipt (its status, the SQS message), the consumer
 * sends it bilingual to the local outbox with the e-invoice's QR or "pending", records sent or
 * failed (SQS retries the failed), and a duplicate delivery sends nothing twice.
 */
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { EinvoiceSubmission } from '../db/einvoiceSubmission.js';
import { EinvoicingSettings } from '../db/einvoicingSettings.js';
import { Organization } from '../db/organization.js';
import { PosTransaction } from '../db/posTransaction.js';
import { sqsEvent, sqsRecord } from '../e-invoicing/test-support.js';
import { config } from '../platform/config.js';
import { uuidv7 } from '../platform/ids.js';
import { handler as consume } from './receipt-consumer.js';
import { storedLine, storeReceipt, storeTerminal } from './counter-test-support.js';

const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });

/** The receipt messages now on this file's queue for `organizationId`, taken off it. */
async function takeMessages(organizationId: string): Promise<{ organization_id: string; transaction_id: string }[]> {
  const out: { organization_id: string; transaction_id: string }[] = [];
  for (let round = 0; round < 5; round++) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: config.posReceiptQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: round === 0 ? 1 : 0 }));
    if (!Messages.length) break;
    out.push(...Messages.map((m) => JSON.parse(m.Body!)));
  }
  return out.filter((m) => m.organization_id === organizationId);
}

async function setup() {
  const { org, users } = await organizationWithRoles();
  await Organization.patch({ id: org.id }).set({ name: 'Al Noor Bakery', name_ar: 'مخبز النور', tax_number: '12345678' }).go();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const terminal = await storeTerminal(org.id, { receipt_prefix: 'NB1', receipt_header: 'Rainbow Street, Amman', receipt_footer: 'Exchanges within 7 days' });
  const T = `/api/v1/organizations/${org.id}/pos/transactions`;
  // 10:15 in Amman (UTC+3).
  const receipt = await storeReceipt(org.id, terminal, { occurred_at: '2026-11-26T07:15:00.000Z', customer_name: 'Rana' });
  const send = (id: string, json: unknown, role: keyof typeof users = 'member') => call('POST', `${T}/${id}/send-receipt`, { ...as(role), json });
  const status = async (id: string) => {
    const res = await call('GET', `${T}/${id}/receipt-status`, as('viewer'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return { org, users, as, terminal, T, receipt, send, status };
}

describe('send-receipt and the receipt consumer', () => {
  it('queues the receipt, then the consumer e-mails it in both languages, records it sent, and sends a duplicate delivery once', async () => {
    const s = await setup();
    const to = uniqueEmail('rana');
    const res = await s.send(s.receipt.id, { email: ` ${to.toUpperCase()} `, language: 'ar' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ transaction_id: s.receipt.id, status: 'queued', email: to, attempts: 0, last_error: null, sent_at: null });
    expect(outbox(to)).toHaveLength(0);

    const messages = await takeMessages(s.org.id);
    expect(messages).toEqual([{ organization_id: s.org.id, transaction_id: s.receipt.id }]);
    const record = sqsRecord(messages[0]);
    expect(await consume(sqsEvent(record))).toEqual({ batchItemFailures: [] });

    const mails = outbox(to);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    // Arabic first for an Arabic reader, English after; numbers between left-to-right marks.
    expect(mail.subject).toBe('إيصالك \u200ENB1-000001\u200E من مخبز النور — Your receipt NB1-000001 from Al Noor Bakery');
    expect(mail.text).not.toMatch(/[\u2066-\u2069]/);
    for (const expected of [
      'مخبز النور',
      'Al Noor Bakery',
      'Rainbow Street, Amman',
      'Receipt — Receipt no.: NB1-000001',
      'Date: 2026-11-26 10:15',
      'Customer: Rana',
      'Arabic coffee / قهوة عربية',
      '  2 × 1.250 = 2.500',
      'Bread / خبز',
      '  1 × 0.500 = 0.500',
      'Subtotal / المجموع الفرعي: \u200E2.655 JOD\u200E',
      'Tax 16% / الضريبة \u200E16%\u200E: \u200E0.345 JOD\u200E',
      'Exempt / معفى: \u200E0.000 JOD\u200E',
      'Total / الإجمالي: \u200E3.000 JOD\u200E',
      'Paid: Cash / المدفوع: نقدًا: \u200E5.000 JOD\u200E',
      'Change / الباقي: \u200E2.000 JOD\u200E',
      'Exchanges within 7 days',
    ]) expect(mail.text, expected).toContain(expected);
    // No e-invoicing in this organization: the receipt says nothing of e-invoices.
    expect(mail.text).not.toMatch(/e-invoice/i);
    expect(mail.html).toContain('<span dir="ltr">NB1-000001</span>');
    expect(mail.html).toContain('قهوة عربية');
    expect(mail.html).not.toMatch(/[\u2066-\u2069]/);

    const sent = await s.status(s.receipt.id);
    expect(sent).toMatchObject({ status: 'sent', email: to, attempts: 1, last_error: null });
    expect(Date.parse(sent.sent_at)).toBeGreaterThan(Date.now() - 60_000);

    // The same message again (SQS delivers at least once): nothing more is sent.
    expect(await consume(sqsEvent(record))).toEqual({ batchItemFailures: [] });
    expect(outbox(to)).toHaveLength(1);
    expect((await s.status(s.receipt.id)).attempts).toBe(1);
  });

  it('attaches the JoFotara QR of an accepted e-invoice as a PNG, and says "pending" while the credit note of a return is not accepted yet', async () => {
    const s = await setup();
    await EinvoicingSettings.create({ organization_id: s.org.id, client_id_encrypted: 'sealed', secret_key_encrypted: 'sealed', created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).go();
    const submission = (documentType: 'pos_receipt' | 'pos_return', documentId: string, number: string, state: 'submitted' | 'queued') =>
      EinvoiceSubmission.create({
        organization_id: s.org.id, document_type: documentType, document_id: documentId, document_number: number, issue_date: '2026-11-26',
        state, queue_id: uuidv7(), uuid: crypto.randomUUID(), icv: 1, invoice_type: 'general_sales', payment_method: 'cash', type_code: '388', type_name: '011',
        document: {}, payable_amount: '3.000', attempts: 1, ...(state === 'submitted' ? { qr: 'AQ1BbCBOb29yIEJha2VyeQIIMTIzNDU2Nzg=' } : {}),
        version: 1, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
      }).go();
    await submission('pos_receipt', s.receipt.id, s.receipt.number, 'submitted');
    const saleTo = uniqueEmail('sale');
    expect((await s.send(s.receipt.id, { email: saleTo })).status).toBe(202);

    const returned = await storeReceipt(s.org.id, s.terminal, {
      kind: 'return', number_seq: 2, original_transaction_id: s.receipt.id, occurred_at: '2026-11-26T08:00:00.000Z',
      lines: [storedLine({ name: 'Bread', name_ar: 'خبز', quantity: 1000, unit_price: '0.500', gross: 500, net: 500, tax: 0, tax_rate: '0', tax_category: 'exempt', original_line_id: s.receipt.lines[1].id })],
      payments: [], refunds: [{ tender: 'cash', amount: 500 }], subtotal: 500, net: 500, tax: 0, total: 500, tendered: 0, change: 0,
    });
    await submission('pos_return', returned.id, returned.number, 'queued');
    const returnTo = uniqueEmail('return');
    expect((await s.send(returned.id, { email: returnTo, language: 'en' })).status).toBe(202);

    const messages = await takeMessages(s.org.id);
    expect(messages).toHaveLength(2);
    expect(await consume(sqsEvent(...messages.map((m) => sqsRecord(m))))).toEqual({ batchItemFailures: [] });

    const [saleMail] = outbox(saleTo);
    expect(saleMail!.subject).toBe('Your receipt NB1-000001 from Al Noor Bakery — إيصالك \u200ENB1-000001\u200E من مخبز النور');
    expect(saleMail!.text).toContain('JoFotara e-invoice NB1-000001: its QR code is attached');
    expect(saleMail!.attachments).toEqual([{ filename: 'NB1-000001-jofotara-qr.png', content_type: 'image/png', size: expect.any(Number) }]);
    expect(saleMail!.attachments![0]!.size).toBeGreaterThan(200);

    const [returnMail] = outbox(returnTo);
    expect(returnMail!.text).toContain('Return receipt — Receipt no.: NB1-000002');
    expect(returnMail!.text).toContain('Refund / المبلغ المسترد: \u200E0.500 JOD\u200E');
    expect(returnMail!.text).toContain('Refunded: Cash / المسترد: نقدًا: \u200E0.500 JOD\u200E');
    expect(returnMail!.text).toContain('E-invoice NB1-000002 pending');
    expect(returnMail!.text).toContain('الفاتورة الإلكترونية \u200ENB1-000002\u200E قيد الإرسال');
    expect(returnMail!.attachments ?? []).toEqual([]);
  });

  it('marks the receipt failed with the reason and attempts + 1 when the mail service refuses, answers the message for retry, and sends on the retry', async () => {
    const s = await setup();
    const to = uniqueEmail('retry');
    expect((await s.send(s.receipt.id, { email: to })).status).toBe(202);
    const [message] = await takeMessages(s.org.id);

    // A mail service that does not answer: a consumer (fresh modules, so a fresh SES client) pointed at a closed port.
    const endpoint = process.env.AWS_ENDPOINT_URL_SESV2;
    process.env.AWS_ENDPOINT_URL_SESV2 = 'http://127.0.0.1:9';
    vi.resetModules();
    const broken = await import('./receipt-consumer.js');
    const record = sqsRecord(message, 1, 'message-1');
    try {
      expect(await broken.handler(sqsEvent(record))).toEqual({ batchItemFailures: [{ itemIdentifier: 'message-1' }] });
    } finally {
      process.env.AWS_ENDPOINT_URL_SESV2 = endpoint;
    }
    expect(outbox(to)).toHaveLength(0);
    const failed = await s.status(s.receipt.id);
    expect(failed).toMatchObject({ status: 'failed', email: to, attempts: 1, sent_at: null });
    expect(failed.last_error).toMatch(/^The receipt could not be e-mailed: /);

    vi.resetModules();
    const working = await import('./receipt-consumer.js');
    expect(await working.handler(sqsEvent(sqsRecord(message, 2, 'message-1')))).toEqual({ batchItemFailures: [] });
    expect(outbox(to)).toHaveLength(1);
    expect(await s.status(s.receipt.id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('answers a message that does not parse for retry (poison, until the dead-letter queue), and one for a receipt that is gone as done', async () => {
    const s = await setup();
    const poison = sqsRecord('not json', 1, 'poison');
    const gone = sqsRecord({ organization_id: s.org.id, transaction_id: 'no-such-receipt' }, 1, 'gone');
    expect(await consume(sqsEvent(poison, gone))).toEqual({ batchItemFailures: [{ itemIdentifier: 'poison' }] });
  });
});

describe('receipt-status and resend-receipt', () => {
  it('resends to the stored address and language, refuses a receipt never e-mailed (409), and 404s an unknown receipt', async () => {
    const s = await setup();
    expect(await s.status(s.receipt.id)).toEqual({ transaction_id: s.receipt.id, status: 'not_sent', email: null, attempts: 0, last_error: null, sent_at: null });
    const never = await call('POST', `${s.T}/${s.receipt.id}/resend-receipt`, s.as('member'));
    expect(never.status).toBe(409);

    const to = uniqueEmail('again');
    await s.send(s.receipt.id, { email: to, language: 'ar' });
    await consume(sqsEvent(...(await takeMessages(s.org.id)).map((m) => sqsRecord(m))));
    expect(outbox(to)).toHaveLength(1);

    const again = await call('POST', `${s.T}/${s.receipt.id}/resend-receipt`, s.as('member'));
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body).toMatchObject({ status: 'queued', email: to, attempts: 1 });
    await consume(sqsEvent(...(await takeMessages(s.org.id)).map((m) => sqsRecord(m))));
    const mails = outbox(to);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^إيصالك /);
    expect(await s.status(s.receipt.id)).toMatchObject({ status: 'sent', attempts: 2 });
    const stored = (await PosTransaction.get({ organization_id: s.org.id, id: s.receipt.id }).go()).data!;
    expect(stored.receipt_language).toBe('ar');

    for (const [method, path] of [['POST', 'send-receipt'], ['GET', 'receipt-status'], ['POST', 'resend-receipt']] as const) {
      const res = await call(method, `${s.T}/no-such-receipt/${path}`, { ...s.as('member'), json: method === 'POST' && path === 'send-receipt' ? { email: 'a@example.jo' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await takeMessages(s.org.id)).toEqual([]);
  });

  it('refuses an address that is not one (422), a viewer sending (403), and sends nothing', async () => {
    const s = await setup();
    const bad = await s.send(s.receipt.id, { email: 'rana at example' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'email'], msg: 'Invalid email address' });
    expect((await s.send(s.receipt.id, { email: 'rana@example.jo' }, 'viewer')).status).toBe(403);
    expect(await s.status(s.receipt.id)).toMatchObject({ status: 'not_sent' });
    expect(await takeMessages(s.org.id)).toEqual([]);
  });
});
