import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { Invoice } from '../db/invoice.js';
import { JournalEntry } from '../db/journalEntry.js';
import { Tax } from '../db/tax.js';
import { trialBalance } from '../ledger/balances.js';
import { uuidv7, nowIso } from '../platform/ids.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/invoices`;

const storedInvoices = async (orgId: string) => (await Invoice.query.byCreation({ organization_id: orgId }).go({ pages: 'all' })).data;
const storedEntries = async (orgId: string) => (await JournalEntry.query.byId({ organization_id: orgId }).go({ pages: 'all' })).data;
/** Trial balance rows as [code, debit, credit] in fils. */
const trialRows = async (orgId: string) => {
  const tb = await trialBalance(orgId, '2099-12-31');
  return { rows: tb.rows.map((r) => [r.account.code, r.debit, r.credit]), totalDebit: tb.totalDebit, totalCredit: tb.totalCredit };
};

async function addTax(orgId: string, name: string, rate: string, category: 'standard' | 'exempt') {
  const now = nowIso();
  const { data } = await Tax.create({
    organization_id: orgId,
    id: uuidv7(),
    name,
    rate,
    tax_category: category,
    jofotara_category: category === 'standard' ? 'S' : 'O',
    sales_account_subtype: 'vat_output',
    created_at: now,
    updated_at: now,
  }).go();
  return data;
}

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Al Noor Trading' }));
  const gst16 = await addTax(org.id, 'GST 16%', '16', 'standard');
  const exempt = await addTax(org.id, 'Exempt', '0', 'exempt');
  /** The worked example: 3 × 0.335 at 16% and 1 × 10.000 exempt. */
  const workedExample = () => ({
    contact_id: customer.id,
    issue_date: '2025-06-15',
    due_date: '2025-07-15',
    notes: 'Thank you',
    lines: [
      { description: 'Mineral water 330ml', quantity: '3', unit_price: '0.335', tax_id: gst16.id },
      { description: 'Bread', quantity: '1', unit_price: '10.000', tax_id: exempt.id },
    ],
  });
  const createDraft = async (json: Record<string, unknown> = workedExample()) => {
    const res = await call('POST', `${base(org.id)}/with-line-items`, { ...as('member'), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  return { org, users, as, customer, gst16, exempt, workedExample, createDraft };
}

describe('invoices', () => {
  it('computes the worked example with per-line rounding and returns decimal strings', async () => {
    // prepare
    const { org, as, workedExample } = await setup();
    // act
    const res = await call('POST', `${base(org.id)}/with-line-items`, { ...as('member'), json: workedExample() });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'draft', number: null, currency: 'JOD', net_total: '11.005', tax_total: '0.161', gross_total: '11.166', version: 1 });
    expect(res.body.lines.map((l: { net: string; tax: string; gross: string }) => [l.net, l.tax, l.gross])).toEqual([
      ['1.005', '0.161', '1.166'],
      ['10.000', '0.000', '10.000'],
    ]);
    const [stored] = await storedInvoices(org.id);
    expect(stored).toMatchObject({ net_total: 11_005, tax_total: 161, gross_total: 11_166 });
    expect(await storedEntries(org.id)).toHaveLength(0);
  });

  it('confirms once: numbers the invoice and posts one balanced entry; a second confirm answers the confirmed invoice and changes nothing', async () => {
    // prepare
    const { org, as, createDraft } = await setup();
    const draft = await createDraft();
    // act
    const confirmed = await call('POST', `${base(org.id)}/${draft.id}/confirm`, as('admin'));
    const afterFirst = await trialRows(org.id);
    const again = await call('POST', `${base(org.id)}/${draft.id}/confirm`, as('admin'));
    // assess
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', number: 'INV-000001', version: 2 });
    expect(afterFirst).toEqual({
      rows: [
        ['1200', 11_166, 0],
        ['2200', 0, 161],
        ['4100', 0, 11_005],
      ],
      totalDebit: 11_166,
      totalCredit: 11_166,
    });
    const entries = await storedEntries(org.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: confirmed.body.journal_entry_id, source_type: 'invoice', source_id: draft.id, status: 'posted' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ number: confirmed.body.number, journal_entry_id: confirmed.body.journal_entry_id, version: confirmed.body.version });
    expect(await trialRows(org.id)).toEqual(afterFirst);
    expect(await storedEntries(org.id)).toHaveLength(1);
  });

  it('refuses a contact of another organization with 404 and writes nothing', async () => {
    // prepare
    const { org, as, workedExample } = await setup();
    const stranger = await createUser();
    const otherOrg = await createOrganization(stranger.user.id);
    const theirs = await createContact(otherOrg.id, contactCreate.parse({ contact_type: 'customer', name: 'Elsewhere LLC' }));
    // act
    const res = await call('POST', `${base(org.id)}/with-line-items`, { ...as('member'), json: { ...workedExample(), contact_id: theirs.id } });
    // assess
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Contact not found');
    expect(await storedInvoices(org.id)).toHaveLength(0);
  });

  it('refuses a negative quantity with 422 pointing at the line, and writes nothing', async () => {
    // prepare
    const { org, as, workedExample, gst16 } = await setup();
    const json = workedExample();
    json.lines[0] = { description: 'Water', quantity: '-3', unit_price: '0.335', tax_id: gst16.id };
    // act
    const res = await call('POST', `${base(org.id)}/with-line-items`, { ...as('member'), json });
    // assess
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc.slice(0, 3)).toEqual(['body', 'lines', 0]);
    expect(await storedInvoices(org.id)).toHaveLength(0);
  });

  it('does not let a viewer create an invoice (403) nor a member confirm one (403)', async () => {
    // prepare
    const { org, as, workedExample, createDraft } = await setup();
    const draft = await createDraft();
    // act
    const created = await call('POST', `${base(org.id)}/with-line-items`, { ...as('viewer'), json: workedExample() });
    const confirmed = await call('POST', `${base(org.id)}/${draft.id}/confirm`, as('member'));
    // assess
    expect(created.status).toBe(403);
    expect(confirmed.status).toBe(403);
    expect(await storedInvoices(org.id)).toHaveLength(1);
    expect(await storedEntries(org.id)).toHaveLength(0);
  });

  it('keeps a confirmed invoice immutable: edits, line changes and delete are 409', async () => {
    // prepare
    const { org, as, createDraft, workedExample } = await setup();
    const draft = await createDraft();
    const confirmed = await call('POST', `${base(org.id)}/${draft.id}/confirm`, as('admin'));
    const lineId = confirmed.body.lines[0].id;
    const url = `${base(org.id)}/${draft.id}`;
    // act
    const results = await Promise.all([
      call('PUT', url, { ...as('member'), json: { notes: 'changed', version: 2 } }),
      call('PUT', `${url}/with-line-items`, { ...as('member'), json: { ...workedExample(), version: 2 } }),
      call('POST', `${url}/line-items`, { ...as('member'), json: { description: 'Extra', quantity: '1', unit_price: '1' } }),
      call('PUT', `${url}/line-items/${lineId}`, { ...as('member'), json: { description: 'Extra', quantity: '1', unit_price: '1' } }),
      call('DELETE', `${url}/line-items/${lineId}`, as('member')),
      call('DELETE', url, as('member')),
    ]);
    // assess
    expect(results.map((r) => r.status)).toEqual([409, 409, 409, 409, 409, 409]);
    expect(results[0]!.body.detail).toMatch(/confirmed; only draft invoices/);
    const [stored] = await storedInvoices(org.id);
    expect(stored).toMatchObject({ status: 'confirmed', version: 2, gross_total: 11_166, notes: 'Thank you' });
  });

  it('edits a draft through line items with the version, recomputing totals; a stale version is 409', async () => {
    // prepare
    const { org, as, createDraft } = await setup();
    const draft = await createDraft();
    const url = `${base(org.id)}/${draft.id}`;
    // act
    const added = await call('POST', `${url}/line-items`, { ...as('member'), json: { description: 'Service', quantity: '2', unit_price: '5', discount: { type: 'percent', percent: '10' }, version: 1 } });
    const stale = await call('PUT', url, { ...as('member'), json: { notes: 'late', version: 1 } });
    const removed = await call('DELETE', `${url}/line-items/${draft.lines[1].id}`, { ...as('member'), query: { version: '2' } });
    const read = await call('GET', url, as('viewer'));
    const lines = await call('GET', `${url}/line-items`, as('viewer'));
    // assess
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ subtotal: '10.000', discount_amount: '1.000', net: '9.000', tax: '0.000', tax_category: 'exempt' });
    expect(stale.status).toBe(409);
    expect(removed.status).toBe(200);
    expect(read.body).toMatchObject({ version: 3, net_total: '10.005', tax_total: '0.161', gross_total: '10.166' });
    expect(lines.body.count).toBe(2);
  });

  it('moves status draft → cancelled and confirmed → sent only; duplicates into a new draft; lists by status', async () => {
    // prepare
    const { org, as, createDraft } = await setup();
    const first = await createDraft();
    const second = await createDraft();
    await call('POST', `${base(org.id)}/${second.id}/confirm`, as('admin'));
    // act
    const cancelled = await call('PUT', `${base(org.id)}/${first.id}/status`, { ...as('admin'), query: { new_status: 'cancelled' } });
    const voidConfirmed = await call('PUT', `${base(org.id)}/${second.id}/status`, { ...as('admin'), query: { new_status: 'cancelled' } });
    const sent = await call('PUT', `${base(org.id)}/${second.id}/status`, { ...as('admin'), query: { new_status: 'sent' } });
    const copy = await call('POST', `${base(org.id)}/${second.id}/duplicate`, as('member'));
    const drafts = await call('GET', base(org.id), { ...as('viewer'), query: { status: 'draft' } });
    const all = await call('GET', `${base(org.id)}/list`, as('viewer'));
    // assess
    expect(cancelled.body.status).toBe('cancelled');
    expect(voidConfirmed.status).toBe(409);
    expect(voidConfirmed.body.detail).toMatch(/cannot go from confirmed to cancelled/);
    expect(sent.body.status).toBe('sent');
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ status: 'draft', number: null, gross_total: '11.166', journal_entry_id: null });
    expect(drafts.body).toMatchObject({ count: 1, data: [{ id: copy.body.id }] });
    expect(all.body.count).toBe(3);
  });

  it('lets only one of two simultaneous confirmations post; both answer the same confirmed invoice', async () => {
    // prepare
    const { org, as, createDraft } = await setup();
    const draft = await createDraft();
    // act
    const results = await Promise.all([1, 2].map(() => call('POST', `${base(org.id)}/${draft.id}/confirm`, as('admin'))));
    // assess
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]!.body.number).toBe(results[1]!.body.number);
    expect(await storedEntries(org.id)).toHaveLength(1);
    expect((await trialRows(org.id)).totalDebit).toBe(11_166);
  });

  it('refuses a supplier as the customer (422) and a foreign currency (422)', async () => {
    // prepare
    const { org, as, workedExample } = await setup();
    const supplier = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Bottling Co' }));
    // act
    const bySupplier = await call('POST', `${base(org.id)}/with-line-items`, { ...as('member'), json: { ...workedExample(), contact_id: supplier.id } });
    const inDollars = await call('POST', `${base(org.id)}/with-line-items`, { ...as('member'), json: { ...workedExample(), currency: 'USD' } });
    // assess
    expect(bySupplier.status).toBe(422);
    expect(bySupplier.body.detail[0]).toMatchObject({ loc: ['body', 'contact_id'] });
    expect(inDollars.status).toBe(422);
    expect(await storedInvoices(org.id)).toHaveLength(0);
  });
});
