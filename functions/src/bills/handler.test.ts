import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { defaultAccountId, ensureChartOfAccounts } from '../ledger/chart.js';
import { ledgerSnapshot } from '../ledger/test-helpers.js';
import { addPurchaseTax, billsSetup, storedBills, storedEntries, trialRows } from './test-setup.js';

describe('bills', () => {
  it('computes a draft with per-line rounding, keeps the supplier reference and each line account, and posts nothing', async () => {
    // prepare
    const { org, as, base, rentAndSupplies, account } = await billsSetup();
    // act
    const res = await call('POST', `${base}/with-line-items`, { ...as('member'), json: rentAndSupplies() });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'draft',
      number: null,
      supplier_reference: 'AOS-7731',
      currency: 'JOD',
      net_total: '537.035',
      tax_total: '85.926',
      gross_total: '622.961',
      amount_paid: '0.000',
      balance_due: '622.961',
      journal_entry_id: null,
      version: 1,
    });
    expect(res.body.lines.map((l: { account_id: string; net: string; tax: string }) => [l.account_id, l.net, l.tax])).toEqual([
      [account('6200'), '500.000', '80.000'],
      [account('6400'), '37.035', '5.926'],
    ]);
    const [stored] = await storedBills(org.id);
    expect(stored).toMatchObject({ gross_total: 622_961, supplier_reference: 'AOS-7731', lines: [{ account_id: account('6200') }, { account_id: account('6400') }] });
    expect(await storedEntries(org.id)).toHaveLength(0);
  });

  it('creates the same draft through plain POST bills', async () => {
    // prepare
    const { as, base, rentAndSupplies } = await billsSetup();
    // act
    const res = await call('POST', base, { ...as('member'), json: rentAndSupplies() });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'draft', gross_total: '622.961' });
  });

  it('confirms once: BILL-000001, Dr each line account its net, Dr input tax, Cr payable the gross; a second confirm answers the confirmed bill and changes nothing', async () => {
    // prepare
    const { org, users, as, base, createDraft, supplier, rentAndSupplies, account } = await billsSetup();
    const draft = await createDraft();
    // act
    const confirmed = await call('POST', `${base}/${draft.id}/confirm`, as('admin'));
    const afterFirst = await trialRows(org.id, users.viewer.token);
    const snapshot = await ledgerSnapshot(org.id);
    const again = await call('POST', `${base}/${draft.id}/confirm`, as('admin'));
    const second = await createDraft(rentAndSupplies({ lines: [{ description: 'Toner', quantity: '2', unit_price: '10', account_id: account('6400') }] }));
    const secondConfirmed = await call('POST', `${base}/${second.id}/confirm`, as('admin'));
    // assess
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', number: 'BILL-000001', version: 2, balance_due: '622.961' });
    // Dr rent and office supplies their nets, Dr input tax; Cr payable the gross.
    expect(afterFirst.rows).toEqual([
      ['1300', '85.926', '0.000'],
      ['2100', '0.000', '622.961'],
      ['6200', '500.000', '0.000'],
      ['6400', '37.035', '0.000'],
    ]);
    expect([afterFirst.total_debit, afterFirst.total_credit, afterFirst.balanced]).toEqual(['622.961', '622.961', true]);
    const [entry] = await storedEntries(org.id);
    expect(entry).toMatchObject({ id: confirmed.body.journal_entry_id, source_type: 'bill', source_id: draft.id, status: 'posted', reference: 'BILL-000001', memo: 'Bill BILL-000001' });
    expect(entry!.lines.find((l) => l.credit > 0)).toMatchObject({ credit: 622_961, contact_id: supplier.id });
    expect(entry!.lines.filter((l) => l.tax_id)).toHaveLength(1);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ number: 'BILL-000001', journal_entry_id: confirmed.body.journal_entry_id });
    expect(secondConfirmed.body.number).toBe('BILL-000002');
    // The refused confirmation wrote nothing; the second bill's posting is its own.
    expect(snapshot.entries).toHaveLength(1);
    expect((await trialRows(org.id, users.viewer.token)).rows).toContainEqual(['6400', '57.035', '0.000']);
  });

  it('sums the nets of lines on one account and keeps a non-recoverable tax in the cost', async () => {
    // prepare
    const { org, users, as, base, createDraft, rentAndSupplies, account } = await billsSetup();
    const notRecoverable = await addPurchaseTax(org.id, users.admin.token, 'GST 16% (not recoverable)', '16', { recoverable: false });
    expect(notRecoverable.purchase_account_subtype).toBeNull();
    const draft = await createDraft(
      rentAndSupplies({
        lines: [
          { description: 'Pens', quantity: '10', unit_price: '0.250', account_id: account('6400') },
          { description: 'Folders', quantity: '4', unit_price: '1.500', account_id: account('6400') },
          { description: 'Desk', quantity: '1', unit_price: '100', tax_id: notRecoverable.id, account_id: account('1700') },
        ],
      }),
    );
    // act
    const res = await call('POST', `${base}/${draft.id}/confirm`, as('admin'));
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const books = await trialRows(org.id, users.viewer.token);
    expect(books.rows).toEqual([
      ['1700', '116.000', '0.000'],
      ['2100', '0.000', '124.500'],
      ['6400', '8.500', '0.000'],
    ]);
    expect(books.balanced).toBe(true);
  });

  it('edits a draft: header with the version, lines added, replaced and removed, the whole draft replaced; a stale version is 409', async () => {
    // prepare
    const { as, base, createDraft, rentAndSupplies, account, gst16 } = await billsSetup();
    const draft = await createDraft();
    const url = `${base}/${draft.id}`;
    // act
    const header = await call('PUT', url, { ...as('member'), json: { supplier_reference: 'AOS-7731-B', notes: 'Second copy', version: 1 } });
    const stale = await call('PUT', url, { ...as('member'), json: { notes: 'late', version: 1 } });
    const added = await call('POST', `${url}/line-items`, { ...as('member'), json: { description: 'Stapler', quantity: '1', unit_price: '4', tax_id: gst16.id, account_id: account('6400'), version: 2 } });
    const replaced = await call('PUT', `${url}/line-items/${added.body.id}`, { ...as('member'), json: { description: 'Stapler', quantity: '2', unit_price: '4', account_id: account('6990') } });
    const removed = await call('DELETE', `${url}/line-items/${draft.lines[0].id}`, { ...as('member'), query: { version: '4' } });
    const lines = await call('GET', `${url}/line-items`, as('viewer'));
    const read = await call('GET', url, as('viewer'));
    const whole = await call('PUT', `${url}/with-line-items`, { ...as('member'), json: { ...rentAndSupplies({ supplier_reference: null }), version: 5 } });
    // assess
    expect(header.status, JSON.stringify(header.body)).toBe(200);
    expect(header.body).toMatchObject({ supplier_reference: 'AOS-7731-B', notes: 'Second copy', version: 2, gross_total: '622.961' });
    expect(stale.status).toBe(409);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ description: 'Stapler', net: '4.000', tax: '0.640', account_id: account('6400') });
    expect(replaced.body).toMatchObject({ id: added.body.id, net: '8.000', tax: '0.000', tax_category: 'exempt', account_id: account('6990') });
    expect(removed.status).toBe(200);
    expect(lines.body.count).toBe(2);
    expect(read.body).toMatchObject({ version: 5, net_total: '45.035', tax_total: '5.926', gross_total: '50.961', supplier_reference: 'AOS-7731-B' });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body).toMatchObject({ version: 6, gross_total: '622.961', supplier_reference: null, notes: null });
  });

  it('refuses bad lines with 422 at the line and writes nothing: a negative quantity, an unknown account, another organization’s account, an income account', async () => {
    // prepare
    const { org, as, base, rentAndSupplies, account } = await billsSetup();
    const stranger = await createUser();
    const otherOrg = await createOrganization(stranger.user.id);
    await ensureChartOfAccounts(otherOrg.id);
    const withSecondLine = (line: Record<string, unknown>) => {
      const json = rentAndSupplies();
      json.lines[1] = { description: 'Paper', quantity: '1', unit_price: '1', account_id: account('6400'), ...line } as never;
      return json;
    };
    const before = await ledgerSnapshot(org.id);
    // act
    const negative = await call('POST', `${base}/with-line-items`, { ...as('member'), json: withSecondLine({ quantity: '-3' }) });
    const unknown = await call('POST', `${base}/with-line-items`, { ...as('member'), json: withSecondLine({ account_id: '0190b0b0-0000-7000-8000-000000000000' }) });
    const foreign = await call('POST', `${base}/with-line-items`, { ...as('member'), json: withSecondLine({ account_id: defaultAccountId(otherOrg.id, '6400') }) });
    const income = await call('POST', `${base}/with-line-items`, { ...as('member'), json: withSecondLine({ account_id: account('4100') }) });
    const receivable = await call('POST', `${base}/with-line-items`, { ...as('member'), json: withSecondLine({ account_id: account('1200') }) });
    // assess
    expect(negative.status).toBe(422);
    expect(negative.body.detail[0].loc.slice(0, 3)).toEqual(['body', 'lines', 1]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toEqual([{ loc: ['body', 'lines', 1, 'account_id'], msg: 'Account not found', type: 'not_found' }]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail).toEqual(unknown.body.detail);
    expect(income.status).toBe(422);
    expect(income.body.detail[0]).toMatchObject({ loc: ['body', 'lines', 1, 'account_id'], msg: 'Account 4100 Sales is not an expense, inventory, fixed-asset or other asset account' });
    expect(receivable.status).toBe(422);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
  });

  it("answers 404 for another organization's supplier, 422 for a customer-only contact, and writes nothing", async () => {
    // prepare
    const { org, as, base, rentAndSupplies } = await billsSetup();
    const stranger = await createUser();
    const otherOrg = await createOrganization(stranger.user.id);
    const theirs = await createContact(otherOrg.id, contactCreate.parse({ contact_type: 'supplier', name: 'Elsewhere LLC' }));
    const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Walk-in buyer' }));
    const both = await createContact(org.id, contactCreate.parse({ contact_type: 'both', name: 'Trading partner' }));
    const before = await ledgerSnapshot(org.id);
    // act
    const foreign = await call('POST', `${base}/with-line-items`, { ...as('member'), json: rentAndSupplies({ contact_id: theirs.id }) });
    const byCustomer = await call('POST', `${base}/with-line-items`, { ...as('member'), json: rentAndSupplies({ contact_id: customer.id }) });
    const afterRefusals = await ledgerSnapshot(org.id);
    const byBoth = await call('POST', `${base}/with-line-items`, { ...as('member'), json: rentAndSupplies({ contact_id: both.id }) });
    // assess
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Contact not found');
    expect(byCustomer.status).toBe(422);
    expect(byCustomer.body.detail[0]).toMatchObject({ loc: ['body', 'contact_id'], msg: 'Walk-in buyer is a customer, not a supplier' });
    expect(afterRefusals).toEqual(before);
    expect(byBoth.status).toBe(201);
  });

  it('refuses to confirm into a closed period (409) and leaves the books and the bill as they were', async () => {
    // prepare
    const { org, as, base, createDraft, rentAndSupplies } = await billsSetup();
    const draft = await createDraft(rentAndSupplies({ issue_date: '2025-01-20', due_date: '2025-02-20' }));
    const periods = `/api/v1/organizations/${org.id}/accounting/periods`;
    const january = await call('POST', periods, { ...as('admin'), json: { start_date: '2025-01-01', end_date: '2025-01-31' } });
    const closed = await call('POST', `${periods}/${january.body.id}/close`, as('admin'));
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const before = await ledgerSnapshot(org.id);
    // act
    const byConfirm = await call('POST', `${base}/${draft.id}/confirm`, as('admin'));
    const byStatus = await call('PUT', `${base}/${draft.id}/status`, { ...as('admin'), query: { status: 'confirmed' } });
    // assess
    expect(byConfirm.status).toBe(409);
    expect(byConfirm.body.detail).toMatch(/^The accounting period containing 2025-01-20 is closed/);
    expect(byStatus.status).toBe(409);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
  });

  it('moves status draft → cancelled and draft → confirmed (posted like confirm); anything else is 409 with the reason', async () => {
    // prepare
    const { org, users, as, base, createDraft } = await billsSetup();
    const [first, second] = [await createDraft(), await createDraft()];
    const status = (id: string, value: string) => call('PUT', `${base}/${id}/status`, { ...as('admin'), query: { status: value } });
    // act
    const cancelled = await status(first.id, 'cancelled');
    const revived = await status(first.id, 'draft');
    const confirmed = await status(second.id, 'confirmed');
    const voided = await status(second.id, 'cancelled');
    const paid = await status(second.id, 'paid');
    const unknown = await status(second.id, 'overdue');
    const byMember = await call('PUT', `${base}/${second.id}/status`, { ...as('member'), query: { status: 'cancelled' } });
    // assess
    expect(cancelled.body).toMatchObject({ status: 'cancelled', version: 2 });
    expect(revived.status).toBe(409);
    expect(revived.body.detail).toBe('A bill cannot go from cancelled to draft');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', number: 'BILL-000001' });
    expect(confirmed.body.journal_entry_id).toBeTruthy();
    expect(voided.status).toBe(409);
    expect(voided.body.detail).toBe('A bill cannot go from confirmed to cancelled; only a draft can be cancelled: a confirmed bill is in the books');
    expect(paid.status).toBe(409);
    expect(paid.body.detail).toBe('A bill cannot go from confirmed to paid; payments settle a bill (POST …/payments)');
    expect(unknown.status).toBe(422);
    expect(byMember.status).toBe(403);
    expect(await storedEntries(org.id)).toHaveLength(1);
    expect((await trialRows(org.id, users.viewer.token)).total_debit).toBe('622.961');
  });

  it('keeps a confirmed bill immutable: edits, line changes and delete are 409', async () => {
    // prepare
    const { as, base, createDraft, confirm, rentAndSupplies, account } = await billsSetup();
    const bill = await confirm((await createDraft()).id);
    const url = `${base}/${bill.id}`;
    const line = { description: 'Extra', quantity: '1', unit_price: '1', account_id: account('6400') };
    // act
    const results = await Promise.all([
      call('PUT', url, { ...as('member'), json: { notes: 'changed', version: 2 } }),
      call('PUT', `${url}/with-line-items`, { ...as('member'), json: { ...rentAndSupplies(), version: 2 } }),
      call('POST', `${url}/line-items`, { ...as('member'), json: line }),
      call('PUT', `${url}/line-items/${bill.lines[0].id}`, { ...as('member'), json: line }),
      call('DELETE', `${url}/line-items/${bill.lines[0].id}`, as('member')),
      call('DELETE', url, as('member')),
    ]);
    // assess
    expect(results.map((r) => r.status)).toEqual([409, 409, 409, 409, 409, 409]);
    expect(results[0]!.body.detail).toBe('The bill is confirmed; only draft bills can be changed or deleted');
  });

  it('lets a viewer read but not create (403), and a member create but not confirm (403)', async () => {
    // prepare
    const { org, as, base, rentAndSupplies, createDraft } = await billsSetup();
    const draft = await createDraft();
    // act
    const byViewer = await call('POST', `${base}/with-line-items`, { ...as('viewer'), json: rentAndSupplies() });
    const plainByViewer = await call('POST', base, { ...as('viewer'), json: rentAndSupplies() });
    const confirmByMember = await call('POST', `${base}/${draft.id}/confirm`, as('member'));
    const read = await call('GET', `${base}/${draft.id}`, as('viewer'));
    // assess
    expect(byViewer.status).toBe(403);
    expect(plainByViewer.status).toBe(403);
    expect(confirmByMember.status).toBe(403);
    expect(read.status).toBe(200);
    expect(await storedBills(org.id)).toHaveLength(1);
    expect(await storedEntries(org.id)).toHaveLength(0);
  });

  it("answers 404 for another organization's bill, and to a stranger asking for ours", async () => {
    // prepare
    const { base, createDraft } = await billsSetup();
    const draft = await createDraft();
    const stranger = await createUser();
    const otherOrg = await createOrganization(stranger.user.id);
    const theirs = { token: stranger.token, org: otherOrg.id };
    // act
    const read = await call('GET', `/api/v1/organizations/${otherOrg.id}/bills/${draft.id}`, theirs);
    const intoOurs = await call('GET', `${base}/${draft.id}`, { token: stranger.token });
    // assess
    expect(read.status).toBe(404);
    expect(read.body.detail).toBe('Bill not found');
    expect(intoOurs.status).toBe(404);
  });

  it('lets only one of two simultaneous confirmations post; both answer the same confirmed bill', async () => {
    // prepare
    const { org, users, as, base, createDraft } = await billsSetup();
    const draft = await createDraft();
    // act
    const results = await Promise.all([1, 2].map(() => call('POST', `${base}/${draft.id}/confirm`, as('admin'))));
    // assess
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]!.body.number).toBe(results[1]!.body.number);
    expect(await storedEntries(org.id)).toHaveLength(1);
    expect((await trialRows(org.id, users.viewer.token)).total_credit).toBe('622.961');
  });
});
