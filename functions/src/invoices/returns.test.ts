import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { Invoice } from '../db/invoice.js';
import { InvoiceReturn } from '../db/invoiceReturn.js';
import { JournalEntry } from '../db/journalEntry.js';
import { closePeriod, createPeriod } from '../ledger/periods.js';
import { invoicesPath, invoicingOrganization, pdfText, trialRows } from './test-helpers.js';

const storedInvoice = async (orgId: string, id: string) => (await Invoice.get({ organization_id: orgId, id }).go({ consistent: true })).data!;
const storedReturns = async (orgId: string) => (await InvoiceReturn.query.byCreation({ organization_id: orgId }).go({ pages: 'all' })).data;
const storedEntries = async (orgId: string) => (await JournalEntry.query.byId({ organization_id: orgId }).go({ pages: 'all' })).data;

/** The worked example confirmed: 1200 Dr 11.166, 2200 Cr 0.161, 4100 Cr 11.005. */
async function setup() {
  const context = await invoicingOrganization();
  const invoice = await context.createConfirmed();
  const [water, bread] = invoice.lines as { id: string }[];
  const returnsPath = `${invoicesPath(context.org.id)}/${invoice.id}/returns`;
  const giveBack = (lines: { line_id: string; quantity: string | number }[], extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    call('POST', returnsPath, { ...context.as('admin'), headers, json: { issue_date: '2025-06-20', reason: 'Damaged in transport — تالف أثناء النقل', lines, ...extra } });
  return { ...context, invoice, water: water!, bread: bread!, giveBack };
}

describe('invoice returns (credit notes)', () => {
  it('credits part of an unpaid invoice: RET-000001 posted against receivable, invoice partially settled', async () => {
    // prepare
    const { org, as, invoice, water, giveBack } = await setup();
    // act
    const res = await giveBack([{ line_id: water.id, quantity: '1' }]);
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      number: 'RET-000001',
      status: 'confirmed',
      original_invoice_id: invoice.id,
      original_invoice_number: 'INV-000001',
      issue_date: '2025-06-20',
      lines: [{ line_id: water.id, description: 'Mineral water 330ml', quantity: '1', unit_price: '0.335', tax_rate: '16', net: '0.335', tax: '0.054', gross: '0.389' }],
      net_total: '0.335',
      tax_total: '0.054',
      gross_total: '0.389',
      applied_to_invoice: '0.389',
      store_credit: '0.000',
    });
    expect(await trialRows(org.id)).toEqual({
      rows: [
        ['1200', 10_777, 0],
        ['2200', 0, 107],
        ['4100', 0, 11_005],
        ['4300', 335, 0],
      ],
      totalDebit: 11_112,
      totalCredit: 11_112,
    });
    const entry = (await storedEntries(org.id)).find((e) => e.id === res.body.journal_entry_id);
    expect(entry).toMatchObject({ source_type: 'credit_note', source_id: res.body.id, status: 'posted', date: '2025-06-20' });
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ status: 'partially_paid', amount_credited: 389, returned_quantities: { [water.id]: '1' }, version: 3 });
    const shown = await call('GET', `${invoicesPath(org.id)}/${invoice.id}`, as('viewer'));
    expect(shown.body).toMatchObject({ amount_credited: '0.389', balance_due: '10.777' });
  });

  it('caps each line at what is left: 3 of 3 then 1 more is 422 and the books stay as they were', async () => {
    // prepare
    const { org, invoice, water, giveBack } = await setup();
    const all = await giveBack([{ line_id: water.id, quantity: 3 }]);
    const books = await trialRows(org.id);
    // act
    const oneMore = await giveBack([{ line_id: water.id, quantity: '1' }]);
    // assess
    expect(all.status, JSON.stringify(all.body)).toBe(201);
    expect(all.body).toMatchObject({ net_total: '1.005', tax_total: '0.161', gross_total: '1.166' });
    expect(oneMore.status).toBe(422);
    expect(oneMore.body.detail).toEqual([
      { loc: ['body', 'lines', 0, 'quantity'], msg: 'All 3 of "Mineral water 330ml" have already been returned', type: 'too_big' },
    ]);
    expect(await trialRows(org.id)).toEqual(books);
    expect(await storedReturns(org.id)).toHaveLength(1);
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ version: 3, returned_quantities: { [water.id]: '3' }, amount_credited: 1_166 });
  });

  it('credits exactly what a line charged when it comes back in parts (the last part takes the rounding)', async () => {
    // prepare
    const { org, water, giveBack } = await setup();
    // act: 0.0536 of tax per bottle rounds to 0.054, but the three bottles were charged 0.161
    const parts = [];
    for (let i = 0; i < 3; i++) parts.push(await giveBack([{ line_id: water.id, quantity: '1' }]));
    // assess
    expect(parts.map((p) => [p.status, p.body.number, p.body.tax_total, p.body.gross_total])).toEqual([
      [201, 'RET-000001', '0.054', '0.389'],
      [201, 'RET-000002', '0.054', '0.389'],
      [201, 'RET-000003', '0.053', '0.388'],
    ]);
    expect(await trialRows(org.id)).toEqual({
      rows: [
        ['1200', 10_000, 0],
        ['4100', 0, 11_005],
        ['4300', 1_005, 0],
      ],
      totalDebit: 11_005,
      totalCredit: 11_005,
    });
  });

  it('on a half-paid invoice credits receivable up to what is owed and the rest to store credit', async () => {
    // prepare
    const { org, as, customer, invoice, water, bread, giveBack } = await setup();
    const payment = await call('POST', `/api/v1/organizations/${org.id}/payments`, {
      ...as('admin'),
      json: { payment_type: 'received', payment_method: 'cash', date: '2025-06-18', contact_id: customer.id, amount: '6.000', allocations: [{ invoice_id: invoice.id, amount: '6.000' }] },
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    // act
    const withinBalance = await giveBack([{ line_id: water.id, quantity: '1' }]);
    const booksAfterFirst = await trialRows(org.id);
    const beyondBalance = await giveBack([{ line_id: bread.id, quantity: '1' }]);
    // assess
    expect(withinBalance.status, JSON.stringify(withinBalance.body)).toBe(201);
    expect(withinBalance.body).toMatchObject({ gross_total: '0.389', applied_to_invoice: '0.389', store_credit: '0.000' });
    expect(booksAfterFirst.totalDebit).toBe(booksAfterFirst.totalCredit);
    expect(beyondBalance.status, JSON.stringify(beyondBalance.body)).toBe(201);
    expect(beyondBalance.body).toMatchObject({ gross_total: '10.000', tax_total: '0.000', applied_to_invoice: '4.777', store_credit: '5.223' });
    const books = await trialRows(org.id);
    expect(books.rows.filter(([code]) => ['1200', '2200', '2500', '4100', '4300'].includes(code))).toEqual([
      ['2200', 0, 107],
      ['2500', 0, 5_223],
      ['4100', 0, 11_005],
      ['4300', 10_335, 0],
    ]);
    expect(books.totalDebit).toBe(books.totalCredit);
    expect(books.totalDebit).toBe(6_000 + 10_335);
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ status: 'paid', amount_paid: 6_000, amount_credited: 5_166 });
  });

  it('refuses bad requests with the location of the mistake, writing nothing', async () => {
    // prepare
    const { org, invoice, water, bread, giveBack } = await setup();
    const books = await trialRows(org.id);
    // act
    const tooMany = await giveBack([{ line_id: water.id, quantity: '4' }]);
    const unknownLine = await giveBack([{ line_id: bread.id, quantity: '1' }, { line_id: 'no-such-line', quantity: '1' }]);
    const twice = await giveBack([{ line_id: water.id, quantity: '1' }, { line_id: water.id, quantity: '1' }]);
    const fractional = await giveBack([{ line_id: water.id, quantity: '0.0001' }]);
    const early = await giveBack([{ line_id: water.id, quantity: '1' }], { issue_date: '2025-06-01' });
    const noReason = await giveBack([{ line_id: water.id, quantity: '1' }], { reason: ' ' });
    const unknownField = await giveBack([{ line_id: water.id, quantity: '1' }], { refund: true });
    // assess
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0]).toMatchObject({ loc: ['body', 'lines', 0, 'quantity'], msg: expect.stringContaining('At most 3') });
    expect(unknownLine.status).toBe(422);
    expect(unknownLine.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'lines', 1, 'line_id'] })]);
    expect(twice.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'lines', 1, 'line_id'] })]);
    expect(fractional.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'lines', 0, 'quantity'] })]);
    expect(early.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'issue_date'] })]);
    expect([twice, fractional, early, noReason, unknownField].map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    expect(await trialRows(org.id)).toEqual(books);
    expect(await storedReturns(org.id)).toHaveLength(0);
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ version: 2, amount_credited: 0, status: 'confirmed' });
  });

  it('refuses a draft (409), a closed period (409), viewers and members (403) and strangers (404)', async () => {
    // prepare
    const { org, as, createDraft, invoice, water, giveBack } = await setup();
    const draft = await createDraft();
    const stranger = await createUser();
    const theirs = await createOrganization(stranger.user.id);
    const line = [{ line_id: water.id, quantity: '1' }];
    const body = { issue_date: '2025-06-20', reason: 'Broken', lines: line };
    const books = await trialRows(org.id);
    // act
    const onDraft = await call('POST', `${invoicesPath(org.id)}/${draft.id}/returns`, { ...as('admin'), json: { ...body, lines: [{ line_id: draft.lines[0].id, quantity: '1' }] } });
    const byViewer = await call('POST', `${invoicesPath(org.id)}/${invoice.id}/returns`, { ...as('viewer'), json: body });
    const byMember = await call('POST', `${invoicesPath(org.id)}/${invoice.id}/returns`, { ...as('member'), json: body });
    const byStranger = await call('POST', `${invoicesPath(theirs.id)}/${invoice.id}/returns`, { token: stranger.token, org: theirs.id, json: body });
    const period = await createPeriod(org.id, { start_date: '2025-06-01', end_date: '2025-06-30' });
    await closePeriod(org.id, period.id, null);
    const inClosedPeriod = await giveBack(line);
    // assess
    expect(onDraft.status).toBe(409);
    expect(byViewer.status).toBe(403);
    expect(byMember.status).toBe(403);
    expect(byStranger.status).toBe(404);
    expect(inClosedPeriod.status).toBe(409);
    expect(inClosedPeriod.body.detail).toMatch(/closed/);
    expect(await trialRows(org.id)).toEqual(books);
    expect(await storedReturns(org.id)).toHaveLength(0);
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ version: 2, status: 'confirmed' });
  });

  it('answers a retry with the same Idempotency-Key from the first result, crediting once', async () => {
    // prepare
    const { org, invoice, water, giveBack } = await setup();
    const headers = { 'idempotency-key': 'return-7f3a' };
    const lines = [{ line_id: water.id, quantity: '1' }];
    // act
    const first = await giveBack(lines, {}, headers);
    const books = await trialRows(org.id);
    const retry = await giveBack(lines, {}, headers);
    const otherBody = await giveBack([{ line_id: water.id, quantity: '2' }], {}, headers);
    // assess
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(otherBody.status).toBe(422);
    expect(await trialRows(org.id)).toEqual(books);
    expect(await storedReturns(org.id)).toHaveLength(1);
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ returned_quantities: { [water.id]: '1' }, amount_credited: 389 });
  });

  it('lets only one of two simultaneous returns take the last units', async () => {
    // prepare
    const { org, invoice, water, giveBack } = await setup();
    // act
    const results = await Promise.all([1, 2].map(() => giveBack([{ line_id: water.id, quantity: '2' }])));
    // assess
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect([409, 422]).toContain(statuses[1]);
    expect(await storedReturns(org.id)).toHaveLength(1);
    expect(await storedInvoice(org.id, invoice.id)).toMatchObject({ returned_quantities: { [water.id]: '2' }, amount_credited: 777 });
    const books = await trialRows(org.id);
    expect(books.rows).toContainEqual(['4300', 670, 0]);
    expect(books.totalDebit).toBe(books.totalCredit);
  });

  it('lists returns (all or per invoice), reads one, and prints it as a credit note naming the invoice', async () => {
    // prepare
    const { org, as, water, bread, giveBack, createConfirmed } = await setup();
    const other = await createConfirmed();
    const first = await giveBack([{ line_id: water.id, quantity: '1' }]);
    const second = await giveBack([{ line_id: bread.id, quantity: '1' }]);
    const elsewhere = await call('POST', `${invoicesPath(org.id)}/${other.id}/returns`, {
      ...as('admin'),
      json: { issue_date: '2025-06-21', reason: 'Wrong item', lines: [{ line_id: other.lines[1].id, quantity: '1' }] },
    });
    const stranger = await createUser();
    const theirs = await createOrganization(stranger.user.id);
    const listPath = `${invoicesPath(org.id)}/return/invoices`;
    // act
    const all = await call('GET', listPath, as('viewer'));
    const page = await call('GET', listPath, { ...as('viewer'), query: { skip: 1, limit: 1 } });
    const ofOther = await call('GET', listPath, { ...as('viewer'), query: { invoice_id: other.id } });
    const one = await call('GET', `${listPath}/${first.body.id}`, as('viewer'));
    const pdf = await call('GET', `${listPath}/${second.body.id}/pdf`, as('viewer'));
    const foreign = await call('GET', `${invoicesPath(theirs.id)}/return/invoices/${first.body.id}`, { token: stranger.token, org: theirs.id });
    const missing = await call('GET', `${listPath}/0197aaaa-0000-7000-8000-000000000000`, as('viewer'));
    // assess
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    expect(all.body.count).toBe(3);
    expect(all.body.data.map((r: { number: string }) => r.number)).toEqual(['RET-000003', 'RET-000002', 'RET-000001']);
    expect(page.body).toMatchObject({ count: 3, data: [{ number: 'RET-000002' }] });
    expect(ofOther.body).toMatchObject({ count: 1, data: [{ number: 'RET-000003', original_invoice_number: 'INV-000002' }] });
    expect(one.body).toEqual(first.body);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('RET-000002.pdf');
    const { items } = await pdfText(pdf.raw);
    expect(items).toEqual(expect.arrayContaining(['Credit note', 'إشعار دائن', 'RET-000002', 'INV-000001', 'الفاتورة الأصلية', 'خبز عربي', '10.000 JOD']));
    expect(items).toContain('يصحح هذا الإشعار الفاتورة رقم INV-000001.');
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
  });
});
