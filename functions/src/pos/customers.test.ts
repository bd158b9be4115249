/**
 * Customers at the counter through the routes: found by name (Arabic spelling variants), phone in
 * any form and e-mail; added with a name or a phone alone through the contacts' own code; their
 * receipts newest first; what they owe on invoices and hold as store credit.
 */
import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { createContact, getContact, listContacts, presentContactOption } from '../contacts/contacts.js';
import { StoreCredit } from '../db/storeCredit.js';
import { ensureChartOfAccounts } from '../ledger/chart.js';
import { storeReceipt, storeTerminal } from './counter-test-support.js';

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const P = `/api/v1/organizations/${org.id}/pos/customers`;
  const contact = (fields: Record<string, unknown>) => createContact(org.id, contactCreate.parse({ contact_type: 'customer', ...fields }));
  const search = async (query: string, limit?: number) => {
    const res = await call('GET', `${P}/search`, { ...as('member'), query: { query, limit } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { data: { id: string; name: string; phone: string | null; email: string | null }[]; count: number };
    expect(body.count).toBeGreaterThanOrEqual(body.data.length);
    return body.data;
  };
  return { org, users, as, P, contact, search };
}

describe('customer search at the counter', () => {
  it('finds customers by name without hamza or diacritics, by phone in local, international and spaced forms, and by e-mail; never suppliers or inactive ones', async () => {
    const s = await setup();
    const ahmad = await s.contact({ name: 'أحمد الخطيب', phone: '+962 79 123 4567' });
    const trading = await s.contact({ contact_type: 'both', name: 'Ahmad Trading', email: 'orders@ahmadtrading.jo', phone: '0777000111' });
    await s.contact({ contact_type: 'supplier', name: 'Ahmad Supplies', phone: '0791234999' });
    await s.contact({ name: 'Ahmad Former', is_active: false });

    expect((await s.search('احمد')).map((c) => c.id)).toEqual([ahmad.id]);
    expect((await s.search('الخطيب')).map((c) => c.id)).toEqual([ahmad.id]);
    for (const phone of ['0791234567', '+962791234567', '079 123 4567', '00962 79 123', '0791']) {
      expect((await s.search(phone)).map((c) => c.id), phone).toEqual([ahmad.id]);
    }
    // The customer typed +962 7 77…, stored as 077…
    expect((await s.search('+962777000111')).map((c) => c.id)).toEqual([trading.id]);
    expect(await s.search('ORDERS@ahmad')).toEqual([{ id: trading.id, name: 'Ahmad Trading', phone: '0777000111', email: 'orders@ahmadtrading.jo' }]);
    // "ahmad": the customer-and-supplier, not the supplier nor the inactive customer.
    expect((await s.search('ahmad')).map((c) => c.name)).toEqual(['Ahmad Trading']);
    expect(await s.search('nobody')).toEqual([]);
  });

  it('answers at most `limit`, in name order, and refuses an empty query or a limit over 50 (422)', async () => {
    const s = await setup();
    for (const name of ['Sami C', 'Sami A', 'Sami B']) await s.contact({ name });
    expect((await s.search('sami', 2)).map((c) => c.name)).toEqual(['Sami A', 'Sami B']);
    const page = await call('GET', `${s.P}/search`, { ...s.as('member'), query: { query: 'sami', limit: 2 } });
    expect(page.body.count).toBe(3);
    const empty = await call('GET', `${s.P}/search`, { ...s.as('member'), query: { query: '  ' } });
    expect(empty.status).toBe(422);
    const tooMany = await call('GET', `${s.P}/search`, { ...s.as('member'), query: { query: 'sami', limit: 51 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0].loc).toEqual(['query', 'limit']);
  });

  it('is for members and up: a viewer gets 403, a stranger 401', async () => {
    const s = await setup();
    expect((await call('GET', `${s.P}/search`, { ...s.as('viewer'), query: { query: 'a' } })).status).toBe(403);
    expect((await call('GET', `${s.P}/search`, { query: { query: 'a' } })).status).toBe(401);
  });
});

describe('quick create', () => {
  it('makes a customer contact of a phone alone (named by the phone), found at once by search and listed among the contacts', async () => {
    const s = await setup();
    const res = await call('POST', `${s.P}/quick-create`, { ...s.as('member'), json: { phone: '079 555 1234' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: '079 555 1234', phone: '079 555 1234', email: null });
    const stored = await getContact(s.org.id, res.body.id);
    expect(stored).toMatchObject({ contact_type: 'customer', is_active: true, currency: 'JOD' });
    expect((await s.search('+962795551234')).map((c) => c.id)).toEqual([res.body.id]);
    const customers = await listContacts(s.org.id, { skip: 0, limit: 10, include_inactive: false, types: ['customer'] }, presentContactOption);
    expect(customers.data.map((c) => c.id)).toContain(res.body.id);
  });

  it('takes a name with an e-mail (stored lower-case by the contacts rules), and refuses neither name nor phone, a bad e-mail or a bad phone (422)', async () => {
    const s = await setup();
    const named = await call('POST', `${s.P}/quick-create`, { ...s.as('member'), json: { name: 'ليلى حداد', email: 'Layla@Example.JO' } });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body).toMatchObject({ name: 'ليلى حداد', phone: null, email: 'layla@example.jo' });

    const nothing = await call('POST', `${s.P}/quick-create`, { ...s.as('member'), json: { email: 'x@example.jo' } });
    expect(nothing.status).toBe(422);
    expect(nothing.body.detail[0].loc).toEqual(['body', 'name']);
    const badEmail = await call('POST', `${s.P}/quick-create`, { ...s.as('member'), json: { name: 'Omar', email: 'not-an-address' } });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.detail[0]).toMatchObject({ loc: ['body', 'email'], msg: 'Invalid email address' });
    const badPhone = await call('POST', `${s.P}/quick-create`, { ...s.as('member'), json: { phone: '07-12' } });
    expect(badPhone.status).toBe(422);
    expect((await call('POST', `${s.P}/quick-create`, { ...s.as('viewer'), json: { name: 'Omar' } })).status).toBe(403);
  });
});

describe("a customer's receipts and balance", () => {
  it('lists the receipts newest first up to the limit, only theirs, and 404s an unknown customer or a supplier', async () => {
    const s = await setup();
    const customer = await s.contact({ name: 'Rana' });
    const other = await s.contact({ name: 'Yousef' });
    const supplier = await s.contact({ contact_type: 'supplier', name: 'Mill' });
    const terminal = await storeTerminal(s.org.id, { receipt_prefix: 'R1' });
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 8, minutes)).toISOString();
    const first = await storeReceipt(s.org.id, terminal, { number_seq: 1, customer_id: customer.id, customer_name: 'Rana', occurred_at: at(0) });
    const third = await storeReceipt(s.org.id, terminal, { number_seq: 3, customer_id: customer.id, customer_name: 'Rana', occurred_at: at(30) });
    const second = await storeReceipt(s.org.id, terminal, { number_seq: 2, customer_id: customer.id, customer_name: 'Rana', occurred_at: at(10), kind: 'return', total: 500, lines: [] });
    await storeReceipt(s.org.id, terminal, { number_seq: 4, customer_id: other.id, occurred_at: at(40) });
    await storeReceipt(s.org.id, terminal, { number_seq: 5, occurred_at: at(50) });

    const history = await call('GET', `${s.P}/${customer.id}/purchase-history`, s.as('member'));
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.customer_id).toBe(customer.id);
    // The receipts as GET pos/transactions/{id} presents them.
    expect(history.body.data.map((r: Record<string, unknown>) => [r.id, r.number, r.kind, r.occurred_at, r.total_amount, r.customer_id])).toEqual([
      [third.id, 'R1-000003', 'sale', at(30), '3.000', customer.id],
      [second.id, 'R1-000002', 'return', at(10), '0.500', customer.id],
      [first.id, 'R1-000001', 'sale', at(0), '3.000', customer.id],
    ]);
    expect(history.body.data[0]).toMatchObject({
      terminal_id: terminal.id,
      customer_name: 'Rana',
      lines: [expect.objectContaining({ name: 'Arabic coffee', quantity: '2', gross: '2.500', tax: '0.345' }), expect.objectContaining({ name: 'Bread', quantity: '1', gross: '0.500' })],
      payments: [expect.objectContaining({ tender: 'cash', amount: '5.000' })],
      change: '2.000',
      receipt_status: 'not_sent',
    });
    const two = await call('GET', `${s.P}/${customer.id}/purchase-history`, { ...s.as('member'), query: { limit: 2 } });
    expect(two.body.data.map((r: { id: string }) => r.id)).toEqual([third.id, second.id]);

    expect((await call('GET', `${s.P}/no-such-customer/purchase-history`, s.as('member'))).status).toBe(404);
    const ofSupplier = await call('GET', `${s.P}/${supplier.id}/purchase-history`, s.as('member'));
    expect(ofSupplier.status).toBe(404);
    expect(ofSupplier.body.detail).toBe('Customer not found');
    expect((await call('GET', `${s.P}/${customer.id}/purchase-history`, { ...s.as('member'), query: { limit: 0 } })).status).toBe(422);
  });

  it("owes what the customer's confirmed invoices still have due and holds the store credit balance; zero for a new customer", async () => {
    const s = await setup();
    await ensureChartOfAccounts(s.org.id);
    const customer = await s.contact({ name: 'Hotel Petra' });
    const fresh = await s.contact({ name: 'New face' });
    const balance = async (id: string) => {
      const res = await call('GET', `${s.P}/${id}/account-balance`, s.as('member'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    expect(await balance(fresh.id)).toEqual({ customer_id: fresh.id, receivable: '0.000', store_credit: '0.000', loyalty: null });

    const O = `/api/v1/organizations/${s.org.id}`;
    const invoice = async (unit_price: string) => {
      const draft = await call('POST', `${O}/invoices/with-line-items`, { ...s.as('member'), json: { contact_id: customer.id, issue_date: '2026-11-01', lines: [{ description: 'Catering', quantity: '2', unit_price }] } });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      return draft.body as { id: string };
    };
    const confirmed = await invoice('12.500');
    expect((await call('POST', `${O}/invoices/${confirmed.id}/confirm`, s.as('admin'))).status).toBe(200);
    await invoice('99.000'); // a draft is in no books and owes nothing
    await StoreCredit.create({ organization_id: s.org.id, customer_id: customer.id, balance: 7250, updated_at: new Date().toISOString() }).go();

    expect(await balance(customer.id)).toEqual({ customer_id: customer.id, receivable: '25.000', store_credit: '7.250', loyalty: null });
    expect((await call('GET', `${s.P}/nobody/account-balance`, s.as('member'))).status).toBe(404);
  });
});
