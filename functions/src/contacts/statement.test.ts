import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { billsSetup } from '../bills/test-setup.js';
import { invoicesPath, invoicingOrganization } from '../invoices/test-helpers.js';
import { createContact } from './contacts.js';

const orgPath = (orgId: string) => `/api/v1/organizations/${orgId}`;
const statementPath = (orgId: string, contactId: string) => `${orgPath(orgId)}/contacts/${contactId}/statement`;

describe("a contact's account", () => {
  it("shows a customer's balance, invoices and a statement with a running balance over the period", async () => {
    // prepare: invoice A (paid, with 3.834 left over as store credit), invoice B (part credited, overdue), a draft
    const { org, as, customer, workedExample, createConfirmed, createDraft } = await invoicingOrganization();
    const invoiceA = await createConfirmed({ ...workedExample(), issue_date: '2025-01-10', due_date: '2025-02-09' });
    const invoiceB = await createConfirmed({ ...workedExample(), issue_date: '2025-06-15', due_date: '2025-07-15', reference: 'PO-77' });
    const draft = await createDraft({ ...workedExample(), issue_date: '2025-08-01', due_date: '2025-08-31' });
    const payment = await call('POST', `${orgPath(org.id)}/payments`, {
      ...as('member'),
      json: { payment_type: 'received', payment_method: 'cash', date: '2025-03-01', contact_id: customer.id, amount: '15.000', allocations: [{ invoice_id: invoiceA.id, amount: '11.166' }] },
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const credit = await call('POST', `${invoicesPath(org.id)}/${invoiceB.id}/returns`, {
      ...as('admin'),
      json: { issue_date: '2025-06-20', reason: 'Broken bottle', lines: [{ line_id: invoiceB.lines[0].id, quantity: '1' }] },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    // act
    const res = await call('GET', statementPath(org.id, customer.id), { ...as('viewer'), query: { start_date: '2025-02-01', end_date: '2025-12-31' } });
    const underAccounting = await call('GET', `${orgPath(org.id)}/accounting/contacts/${customer.id}/statement`, {
      ...as('viewer'),
      query: { start_date: '2025-02-01', end_date: '2025-12-31' },
    });
    const allTime = await call('GET', statementPath(org.id, customer.id), { ...as('viewer'), query: { start_date: '2000-01-01' } });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      contact_id: customer.id,
      role: 'customer',
      currency: 'JOD',
      start_date: '2025-02-01',
      end_date: '2025-12-31',
      // outstanding is B less the credit note (11.166 − 0.389); the store credit is what the payment left over
      balance: { outstanding: '10.777', outstanding_count: 1, overdue: '10.777', overdue_count: 1, credit: '3.834', net: '6.943' },
      opening_balance: '11.166',
      total_debit: '11.166',
      total_credit: '15.389',
      closing_balance: '6.943',
    });
    expect(res.body.lines).toEqual([
      { date: '2025-03-01', document_type: 'payment_received', document_id: payment.body.id, document_number: 'PAY-000001', reference: null, debit: '0.000', credit: '15.000', balance: '-3.834' },
      { date: '2025-06-15', document_type: 'invoice', document_id: invoiceB.id, document_number: 'INV-000002', reference: 'PO-77', debit: '11.166', credit: '0.000', balance: '7.332' },
      { date: '2025-06-20', document_type: 'credit_note', document_id: credit.body.id, document_number: 'RET-000001', reference: 'INV-000002', debit: '0.000', credit: '0.389', balance: '6.943' },
    ]);
    expect(res.body.documents).toEqual([
      { id: draft.id, document_type: 'invoice', number: null, status: 'draft', issue_date: '2025-08-01', due_date: '2025-08-31', total: '11.166', balance_due: '0.000', is_overdue: false },
      { id: invoiceB.id, document_type: 'invoice', number: 'INV-000002', status: 'partially_paid', issue_date: '2025-06-15', due_date: '2025-07-15', total: '11.166', balance_due: '10.777', is_overdue: true },
      { id: invoiceA.id, document_type: 'invoice', number: 'INV-000001', status: 'paid', issue_date: '2025-01-10', due_date: '2025-02-09', total: '11.166', balance_due: '0.000', is_overdue: false },
    ]);
    expect(underAccounting.body).toEqual(res.body);
    // Over all time the statement starts at zero and ends where the balance stands.
    expect(allTime.body).toMatchObject({ opening_balance: '0.000', closing_balance: allTime.body.balance.net });
    expect(allTime.body.lines).toHaveLength(4);
  });

  it("shows a supplier's bills, payments sent and what is owed to them", async () => {
    // prepare
    const { org, as, supplier, createDraft, confirm } = await billsSetup();
    const bill = await confirm((await createDraft()).id);
    const paid = await call('POST', `${orgPath(org.id)}/payments`, {
      ...as('member'),
      json: { payment_type: 'sent', payment_method: 'bank_transfer', date: '2025-06-20', contact_id: supplier.id, amount: '100.000', allocations: [{ bill_id: bill.id, amount: '100.000' }] },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // act
    const res = await call('GET', statementPath(org.id, supplier.id), { ...as('viewer'), query: { start_date: '2025-01-01', end_date: '2025-12-31' } });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const gross = Number(bill.gross_total);
    const owed = (gross - 100).toFixed(3);
    expect(res.body).toMatchObject({
      role: 'supplier',
      opening_balance: '0.000',
      total_debit: '100.000',
      total_credit: bill.gross_total,
      closing_balance: owed,
      balance: { outstanding: owed, outstanding_count: 1, credit: '0.000', net: owed },
    });
    expect(res.body.lines.map((l: { document_type: string; balance: string }) => [l.document_type, l.balance])).toEqual([
      ['bill', bill.gross_total],
      ['payment_sent', owed],
    ]);
    expect(res.body.documents).toMatchObject([{ id: bill.id, document_type: 'bill', number: bill.number, status: 'partially_paid', balance_due: owed }]);
  });

  it("reads a contact of type both in either role, refuses a role the contact does not have, and hides another organization's contact", async () => {
    // prepare
    const { org, as } = await invoicingOrganization();
    const both = await createContact(org.id, contactCreate.parse({ contact_type: 'both', name: 'Zarqa Traders' }));
    const supplierOnly = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Irbid Paper' }));
    const stranger = await createUser();
    const theirs = await createOrganization(stranger.user.id);
    // act
    const asCustomer = await call('GET', statementPath(org.id, both.id), as('viewer'));
    const asSupplier = await call('GET', statementPath(org.id, both.id), { ...as('viewer'), query: { role: 'supplier' } });
    const wrongRole = await call('GET', statementPath(org.id, supplierOnly.id), { ...as('viewer'), query: { role: 'customer' } });
    const backwards = await call('GET', statementPath(org.id, both.id), { ...as('viewer'), query: { start_date: '2025-05-01', end_date: '2025-04-01' } });
    const foreign = await call('GET', statementPath(theirs.id, both.id), { token: stranger.token, org: theirs.id });
    // assess
    expect(asCustomer.body).toMatchObject({ role: 'customer', lines: [], documents: [], closing_balance: '0.000', balance: { outstanding: '0.000', net: '0.000' } });
    expect(asCustomer.body.start_date).toBe(`${asCustomer.body.end_date.slice(0, 4)}-01-01`);
    expect(asSupplier.body.role).toBe('supplier');
    expect(wrongRole.status).toBe(422);
    expect(wrongRole.body.detail[0]).toMatchObject({ loc: ['query', 'role'], msg: 'Irbid Paper is a supplier, not a customer' });
    expect(backwards.status).toBe(422);
    expect(foreign.status).toBe(404);
  });
});
