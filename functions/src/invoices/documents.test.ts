import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { Invoice } from '../db/invoice.js';
import { getInvoice } from './invoices.js';
import { invoicePdf, printingParties } from './pdf.js';
import { BUYER_NAME_AR, SELLER_NAME_AR, invoicesPath, invoicingOrganization, pdfText } from './test-helpers.js';

const storedInvoice = async (orgId: string, id: string) => (await Invoice.get({ organization_id: orgId, id }).go({ consistent: true })).data!;

/** Rectangles drawn on the pages (a QR code is one per dark module): `re` operators in the content streams. */
function rectanglesDrawn(bytes: Buffer): number {
  const pdf = bytes.toString('latin1');
  let count = 0;
  // Up to `endstream` with its end-of-line: a compressed stream may itself end in a CR or LF byte,
  // which stripping the EOL would cut off (inflate ignores what follows the end of its data).
  for (const match of pdf.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a Flate stream (none here), or a font file
    }
    count += content.match(/ re\n/g)?.length ?? 0;
  }
  return count;
}

describe('invoice PDF', () => {
  it('prints a confirmed invoice bilingually: Arabic comes out whole and in reading order, with the figures', async () => {
    // prepare
    const { org, as, createConfirmed } = await invoicingOrganization();
    const invoice = await createConfirmed();
    // act
    const res = await call('GET', `${invoicesPath(org.id)}/${invoice.id}/pdf`, as('viewer'));
    // assess
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('INV-000001.pdf');
    expect(res.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { items, text, pages } = await pdfText(res.raw);
    expect(pages).toBe(1);
    // Each Arabic phrase is one item, in logical order: shaped runs drawn right to left and read back.
    expect(items).toEqual(expect.arrayContaining(['Tax invoice', 'فاتورة ضريبية', 'INV-000001', SELLER_NAME_AR, BUYER_NAME_AR, 'خبز عربي']));
    expect(items).toEqual(expect.arrayContaining(['رقم الفاتورة', 'الرقم الضريبي', '12345678', 'شارع الملكة رانيا 15، عمّان', '2025-06-15', '2025-07-15']));
    // Lines, the per-rate summary (16% and exempt) and the totals.
    expect(items).toEqual(expect.arrayContaining(['Mineral water 330ml', '0.335', '1.005', '0.161', '1.166', '10.000']));
    expect(items).toEqual(expect.arrayContaining(['Sales tax 16%', 'Exempt', 'معفى من الضريبة', '11.005', '11.166 JOD', 'المبلغ المستحق']));
    expect(text).not.toContain('DRAFT');
  });

  it('marks a draft DRAFT / مسودة and names the file after the draft', async () => {
    // prepare
    const { org, as, createDraft } = await invoicingOrganization();
    const draft = await createDraft();
    // act
    const res = await call('GET', `${invoicesPath(org.id)}/${draft.id}/pdf`, as('viewer'));
    // assess
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/invoice-draft-[0-9a-f-]+\.pdf/);
    const { text } = await pdfText(res.raw);
    expect(text).toContain('DRAFT');
    expect(text).toContain('مسودة');
    expect(text).not.toContain('INV-');
  });

  it('runs long invoices onto further pages with the page count in the footer', async () => {
    // prepare
    const { org, as, createConfirmed, customer, gst16 } = await invoicingOrganization();
    const lines = Array.from({ length: 70 }, (_, i) => ({ description: `صنف رقم ${i + 1} — item ${i + 1}`, quantity: '1', unit_price: '1.000', tax_id: gst16.id }));
    const invoice = await createConfirmed({ contact_id: customer.id, issue_date: '2025-06-15', lines });
    // act
    const res = await call('GET', `${invoicesPath(org.id)}/${invoice.id}/pdf`, as('viewer'));
    // assess
    const { pages, items } = await pdfText(res.raw);
    expect(pages).toBeGreaterThan(1);
    expect(items).toContain(`Page ${pages} of ${pages}`);
    expect(items).toContain(`صفحة ${pages} من ${pages}`);
    expect(items).toEqual(expect.arrayContaining(['70', '81.200 JOD']));
  });

  it('draws the QR code only when one is given', async () => {
    // prepare
    const { org, createConfirmed } = await invoicingOrganization();
    const invoice = await getInvoice(org.id, (await createConfirmed()).id);
    const parties = await printingParties(org.id, invoice.contact_id);
    // act
    const plain = await invoicePdf(invoice, parties);
    const withQr = await invoicePdf(invoice, parties, { qr: 'AQ1EYWZ0YXIgdGVzdCBRUgIIMTIzNDU2Nzg=' });
    // assess
    expect(rectanglesDrawn(withQr) - rectanglesDrawn(plain)).toBeGreaterThan(100);
  });

  it("answers 404 for another organization's invoice", async () => {
    // prepare
    const { org, createConfirmed } = await invoicingOrganization();
    const invoice = await createConfirmed();
    const stranger = await createUser();
    const theirs = await createOrganization(stranger.user.id);
    // act
    const viaTheirOrg = await call('GET', `${invoicesPath(theirs.id)}/${invoice.id}/pdf`, { token: stranger.token, org: theirs.id });
    const viaOurs = await call('GET', `${invoicesPath(org.id)}/${invoice.id}/pdf`, { token: stranger.token, org: org.id });
    // assess
    expect(viaTheirOrg.status).toBe(404);
    expect(viaOurs.status).toBe(404);
  });
});

describe('sending an invoice', () => {
  it("e-mails the PDF to the customer's address, marks the invoice sent, and may send again elsewhere", async () => {
    // prepare
    const customerEmail = uniqueEmail('customer');
    const { org, as, createConfirmed } = await invoicingOrganization(customerEmail);
    const invoice = await createConfirmed();
    const accountant = uniqueEmail('accountant');
    const copy = uniqueEmail('copy');
    // act
    const first = await call('POST', `${invoicesPath(org.id)}/${invoice.id}/send`, { ...as('member'), json: {} });
    const again = await call('POST', `${invoicesPath(org.id)}/${invoice.id}/send`, {
      ...as('member'),
      json: { to: accountant, cc: [copy], message: 'As discussed on the phone.', language: 'ar' },
    });
    // assess
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'sent', version: 3 });
    expect(first.body.sent_at).toBeTruthy();
    const [mail] = outbox(customerEmail);
    expect(outbox(customerEmail)).toHaveLength(1);
    expect(mail!.subject).toMatch(/^Invoice INV-000001 from مؤسسة النور للتجارة/);
    expect(mail!.attachments).toEqual([{ filename: 'INV-000001.pdf', content_type: 'application/pdf', size: expect.any(Number) }]);
    expect(mail!.attachments![0]!.size).toBeGreaterThan(10_000);
    expect(mail!.text).toContain('Amount due: 11.166 JOD');
    expect(mail!.text).toContain('المبلغ المستحق');

    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: 'sent', version: 4 });
    expect(outbox(accountant)).toHaveLength(1);
    expect(outbox(copy)).toHaveLength(1);
    expect(outbox(accountant)[0]!.subject).toMatch(/^فاتورة \u200EINV-000001\u200E من /);
    // No isolate controls (U+2066–U+2069) in the subject or the text: mail clients draw them as boxes.
    for (const sent of [mail!, outbox(accountant)[0]!]) expect(`${sent.subject}\n${sent.text}`).not.toMatch(/[\u2066-\u2069]/);
    expect(outbox(accountant)[0]!.text).toContain('As discussed on the phone.');
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ status: 'sent', sent_to: `${accountant}, ${copy}`, version: 4 });
    const { data: audits } = await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' });
    expect(audits.filter((a) => a.action === 'invoice.sent')).toHaveLength(2);
  });

  it('refuses a draft (409) and a customer without e-mail when no address is given (422), sending nothing', async () => {
    // prepare
    const { org, as, createDraft, createConfirmed } = await invoicingOrganization(null);
    const draft = await createDraft();
    const confirmed = await createConfirmed();
    const elsewhere = uniqueEmail('nobody');
    // act
    const draftSend = await call('POST', `${invoicesPath(org.id)}/${draft.id}/send`, { ...as('member'), json: { to: elsewhere } });
    const noAddress = await call('POST', `${invoicesPath(org.id)}/${confirmed.id}/send`, { ...as('member'), json: {} });
    const badAddress = await call('POST', `${invoicesPath(org.id)}/${confirmed.id}/send`, { ...as('member'), json: { to: 'not-an-address' } });
    // assess
    expect(draftSend.status).toBe(409);
    expect(draftSend.body.detail).toMatch(/draft/);
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.detail[0]).toMatchObject({ loc: ['body', 'to'] });
    expect(badAddress.status).toBe(422);
    expect(outbox(elsewhere)).toHaveLength(0);
    expect(await storedInvoice(org.id, confirmed.id)).toMatchObject({ status: 'confirmed', version: 2 });
    expect((await storedInvoice(org.id, confirmed.id)).sent_at).toBeUndefined();
  });

  it("does not let a viewer send (403) and answers 404 for another organization's invoice", async () => {
    // prepare
    const customerEmail = uniqueEmail('customer');
    const { org, as, createConfirmed } = await invoicingOrganization(customerEmail);
    const invoice = await createConfirmed();
    const stranger = await createUser();
    const theirs = await createOrganization(stranger.user.id);
    // act
    const byViewer = await call('POST', `${invoicesPath(org.id)}/${invoice.id}/send`, { ...as('viewer'), json: {} });
    const byStranger = await call('POST', `${invoicesPath(theirs.id)}/${invoice.id}/send`, { token: stranger.token, org: theirs.id, json: {} });
    // assess
    expect(byViewer.status).toBe(403);
    expect(byStranger.status).toBe(404);
    expect(outbox(customerEmail)).toHaveLength(0);
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ status: 'confirmed' });
  });
});
