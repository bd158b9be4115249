import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { BankReconciliation } from '../db/bankTransaction.js';
import { JournalEntry } from '../db/journalEntry.js';
import { Tax } from '../db/tax.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { buildPosting, postTransaction } from '../ledger/posting.js';
import { ledgerAccounts, ledgerSnapshot } from '../ledger/test-helpers.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}`;

async function books() {
  const { org, users } = await organizationWithRoles();
  const a = await ledgerAccounts(org.id);
  const sale = (date: string, status: 'draft' | 'posted' = 'posted') => ({
    date,
    status,
    memo: 'Cash sale',
    lines: [
      { account_id: a.cash, debit: '116.000', description: 'Till 1' },
      { account_id: a.sales, credit: 100 },
      { account_id: a.vat_output, credit: '16' },
    ],
  });
  const balanceOf = async (accountId: string) => (await call('GET', `${base(org.id)}/accounts/${accountId}`, { token: users.viewer.token })).body.balance as string;
  return { org, users, a, sale, balanceOf, entries: `${base(org.id)}/journal-entries` };
}

/** A customer and a sales tax of the organization, as a journal line may name them. */
async function contactAndTax(orgId: string, token: string) {
  const contact = await call('POST', `${base(orgId)}/contacts`, { token, json: { contact_type: 'customer', name: `Customer ${uuidv7().slice(-6)}` } });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  const now = nowIso();
  const { data: tax } = await Tax.create({
    organization_id: orgId, id: uuidv7(), name: 'GST 16%', rate: '16', tax_category: 'standard', jofotara_category: 'S',
    sales_account_subtype: 'vat_output', purchase_account_subtype: 'vat_input', created_at: now, updated_at: now,
  }).go();
  return { contactId: contact.body.id as string, taxId: tax.id };
}

describe('journal entries', () => {
  it('saves a draft, posts it once, reverses it once, and keeps posted entries from deletion', async () => {
    // prepare
    const { org, users, a, sale, balanceOf, entries } = await books();
    // act
    const draft = await call('POST', entries, { token: users.member.token, json: sale('2025-04-10', 'draft') });
    const balanceWhileDraft = await balanceOf(a.cash);
    const postByMember = await call('POST', `${entries}/${draft.body.id}/post`, { token: users.member.token });
    const createPostedByMember = await call('POST', entries, { token: users.member.token, json: sale('2025-04-10') });
    const posted = await call('POST', `${entries}/${draft.body.id}/post`, { token: users.admin.token });
    const balanceAfterPost = await balanceOf(a.cash);
    const postedTwice = await call('POST', `${entries}/${draft.body.id}/post`, { token: users.admin.token });
    const deletePosted = await call('DELETE', `${entries}/${draft.body.id}`, { token: users.admin.token });
    const reversal = await call('POST', `${entries}/${draft.body.id}/reverse`, { token: users.admin.token, json: { date: '2025-04-30', memo: 'Wrong till' } });
    const reversedTwice = await call('POST', `${entries}/${draft.body.id}/reverse`, { token: users.admin.token, json: { date: '2025-04-30' } });
    const original = await call('GET', `${entries}/${draft.body.id}`, { token: users.viewer.token });
    // assess
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: 'draft', number: null, entry_number: null, date: '2025-04-10', total_debit: '116.000', total_credit: '116.000', source_type: 'manual', source_id: draft.body.id, created_by: users.member.user.id });
    expect(draft.body.lines[0]).toMatchObject({ line_no: 1, account_code: '1110', account_name: 'Cash on hand', debit: '116.000', credit: '0.000', description: 'Till 1' });
    expect(balanceWhileDraft).toBe('0.000');
    expect(postByMember.status).toBe(403);
    expect(createPostedByMember.status).toBe(403);
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ id: draft.body.id, status: 'posted', number: 1, entry_number: 'JE-000001', posted_by: users.admin.user.id, created_by: users.member.user.id, version: 2 });
    expect(balanceAfterPost).toBe('116.000');
    // Posting again (a double-click, a retry) answers the posted entry and changes nothing.
    expect(postedTwice.status).toBe(200);
    expect(postedTwice.body).toMatchObject({ id: draft.body.id, status: 'posted', entry_number: 'JE-000001' });
    expect(deletePosted.status).toBe(409);
    expect(reversal.status).toBe(201);
    expect(reversal.body).toMatchObject({ status: 'posted', number: 2, memo: 'Wrong till', reverses_entry_id: draft.body.id, total_debit: '116.000' });
    expect(reversal.body.lines.map((l: Record<string, string>) => [l.account_code, l.debit, l.credit])).toEqual([['1110', '0.000', '116.000'], ['4100', '100.000', '0.000'], ['2200', '16.000', '0.000']]);
    expect(reversedTwice.status).toBe(409);
    expect(original.body).toMatchObject({ status: 'reversed', reversed_by_entry_id: reversal.body.id, version: 3 });
    expect(await balanceOf(a.cash)).toBe('0.000');
    const actions = (await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' })).data.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['journal_entry.created', 'journal_entry.posted', 'journal_entry.reversed']));
  });

  it('refuses to reverse a document\'s entry or one reconciled with a bank line (409, books unchanged)', async () => {
    // prepare
    const { org, users, a, sale, entries } = await books();
    const manual = await call('POST', entries, { token: users.admin.token, json: sale('2025-05-02') });
    await BankReconciliation.create({ organization_id: org.id, account_id: a.cash, entry_id: manual.body.id, bank_account_id: 'bank-1', transaction_id: 'line-1', created_at: new Date().toISOString() }).go();
    const payment = await buildPosting({
      organizationId: org.id,
      date: '2025-05-03',
      source: { type: 'payment', id: 'payment-1' },
      lines: [{ account_id: a.cash, debit: 5_000 }, { account_id: a.receivable, credit: 5_000 }],
    });
    await postTransaction(payment.transactItems);
    const before = await ledgerSnapshot(org.id);
    // act
    const reconciled = await call('POST', `${entries}/${manual.body.id}/reverse`, { token: users.admin.token, json: { date: '2025-05-31' } });
    const documentEntry = await call('POST', `${entries}/${payment.entry.id}/reverse`, { token: users.admin.token, json: { date: '2025-05-31' } });
    // assess
    expect(reconciled.status).toBe(409);
    expect(reconciled.body.detail).toBe('This entry is reconciled with a bank statement line; undo the reconciliation first');
    expect(documentEntry.status).toBe(409);
    expect(documentEntry.body.detail).toBe('This entry was posted by a payment; undo it through that document instead');
    const after = await ledgerSnapshot(org.id);
    expect(after.entries).toEqual(before.entries);
    expect(after.balances).toEqual(before.balances);
  });

  it('refuses unbalanced and malformed entries with 422 and writes nothing', async () => {
    // prepare
    const { org, users, a, entries } = await books();
    const before = await ledgerSnapshot(org.id);
    const attempt = (json: unknown) => call('POST', entries, { token: users.admin.token, json });
    // act
    const unbalanced = await attempt({ date: '2025-04-10', status: 'posted', lines: [{ account_id: a.cash, debit: '10' }, { account_id: a.sales, credit: '9.999' }] });
    const unbalancedDraft = await attempt({ date: '2025-04-10', lines: [{ account_id: a.cash, debit: '10' }, { account_id: a.sales, credit: '9.999' }] });
    const tooPrecise = await attempt({ date: '2025-04-10', status: 'posted', lines: [{ account_id: a.cash, debit: '1.0005' }, { account_id: a.sales, credit: '1.0005' }] });
    const negative = await attempt({ date: '2025-04-10', status: 'posted', lines: [{ account_id: a.cash, debit: -1 }, { account_id: a.sales, credit: -1 }] });
    const oneLine = await attempt({ date: '2025-04-10', status: 'posted', lines: [{ account_id: a.cash, debit: '1' }] });
    const bothSides = await attempt({ date: '2025-04-10', status: 'posted', lines: [{ account_id: a.cash, debit: '1', credit: '1' }, { account_id: a.sales, credit: '0' }] });
    const badDate = await attempt({ date: '2025-13-01', status: 'posted', lines: [{ account_id: a.cash, debit: '1' }, { account_id: a.sales, credit: '1' }] });
    // assess
    expect(unbalanced.status).toBe(422);
    expect(unbalanced.body.detail).toEqual([{ loc: ['body', 'lines'], msg: 'Debits (10.000) must equal credits (9.999)', type: 'unbalanced' }]);
    expect(unbalancedDraft.status).toBe(422);
    expect(tooPrecise.status).toBe(422);
    expect(tooPrecise.body.detail[0].loc).toEqual(['body', 'lines', 0, 'debit']);
    for (const res of [negative, oneLine, bothSides, badDate]) expect(res.status).toBe(422);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
  });

  it("refuses lines on another organization's or an unknown account, writing nothing anywhere", async () => {
    // prepare
    const { org, users, a, entries } = await books();
    const stranger = await createUser();
    const other = await createOrganization(stranger.user.id);
    const theirs = await ledgerAccounts(other.id);
    const [mine, their] = [await ledgerSnapshot(org.id), await ledgerSnapshot(other.id)];
    // act
    const foreign = await call('POST', entries, { token: users.admin.token, json: { date: '2025-04-10', status: 'posted', lines: [{ account_id: theirs.cash, debit: '5' }, { account_id: a.sales, credit: '5' }] } });
    const unknown = await call('POST', entries, { token: users.admin.token, json: { date: '2025-04-10', lines: [{ account_id: a.cash, debit: '5' }, { account_id: 'no-such-account', credit: '5' }] } });
    const readTheirs = await call('GET', `${base(org.id)}/journal-entries/${(await call('POST', `${base(other.id)}/journal-entries`, { token: stranger.token, json: { date: '2025-04-10', lines: [{ account_id: theirs.cash, debit: '1' }, { account_id: theirs.sales, credit: '1' }] } })).body.id}`, { token: users.owner.token });
    // assess
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail).toEqual([{ loc: ['body', 'lines', 0, 'account_id'], msg: 'Account not found', type: 'not_found' }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'lines', 1, 'account_id']);
    expect(readTheirs.status).toBe(404);
    expect(await ledgerSnapshot(org.id)).toEqual(mine);
    expect((await ledgerSnapshot(other.id)).balances).toEqual(their.balances);
  });

  it("refuses lines naming another organization's or an unknown contact or tax (422 at the line), draft or posted, writing nothing", async () => {
    // prepare
    const { org, users, a, entries } = await books();
    const stranger = await createUser();
    const other = await createOrganization(stranger.user.id);
    const mine = await contactAndTax(org.id, users.admin.token);
    const theirs = await contactAndTax(other.id, stranger.token);
    const [before, theirsBefore] = [await ledgerSnapshot(org.id), await ledgerSnapshot(other.id)];
    type Refs = { contact_id?: string; tax_id?: string };
    const entry = (status: 'draft' | 'posted', debit: Refs, credit: Refs) => ({
      date: '2025-04-10', status, lines: [{ account_id: a.cash, debit: '5', ...debit }, { account_id: a.sales, credit: '5', ...credit }],
    });
    const attempt = (json: unknown) => call('POST', entries, { token: users.admin.token, json });
    // act
    const foreignContactPosted = await attempt(entry('posted', { contact_id: theirs.contactId }, {}));
    const foreignContactDraft = await attempt(entry('draft', { contact_id: theirs.contactId }, {}));
    const foreignTaxPosted = await attempt(entry('posted', {}, { tax_id: theirs.taxId }));
    const foreignTaxDraft = await attempt(entry('draft', {}, { tax_id: theirs.taxId }));
    const unknownBoth = await attempt(entry('posted', { contact_id: 'no-such-contact', tax_id: mine.taxId }, { contact_id: mine.contactId, tax_id: 'no-such-tax' }));
    // a contact's id given as a tax, and the other way round: each is looked up as what it is named
    const swapped = await attempt(entry('draft', { contact_id: mine.taxId }, { tax_id: mine.contactId }));
    // assess
    const contactIssue = (index: number) => ({ loc: ['body', 'lines', index, 'contact_id'], msg: 'Contact not found', type: 'not_found' });
    const taxIssue = (index: number) => ({ loc: ['body', 'lines', index, 'tax_id'], msg: 'Tax not found', type: 'not_found' });
    for (const res of [foreignContactPosted, foreignContactDraft]) {
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([contactIssue(0)]);
    }
    for (const res of [foreignTaxPosted, foreignTaxDraft]) {
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([taxIssue(1)]);
    }
    expect(unknownBoth.status).toBe(422);
    expect(unknownBoth.body.detail).toEqual([contactIssue(0), taxIssue(1)]);
    expect(swapped.status).toBe(422);
    expect(swapped.body.detail).toEqual([contactIssue(0), taxIssue(1)]);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
    expect(await ledgerSnapshot(other.id)).toEqual(theirsBefore);

    // The organization's own contact and tax are accepted, as a draft and when it is posted.
    const draft = await attempt(entry('draft', { contact_id: mine.contactId }, { tax_id: mine.taxId }));
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.lines.map((l: Record<string, unknown>) => [l.contact_id, l.tax_id])).toEqual([[mine.contactId, null], [null, mine.taxId]]);
    const posted = await call('POST', `${entries}/${draft.body.id}/post`, { token: users.admin.token });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const postedAtOnce = await attempt(entry('posted', { contact_id: mine.contactId, tax_id: mine.taxId }, {}));
    expect(postedAtOnce.status, JSON.stringify(postedAtOnce.body)).toBe(201);
  });

  it("refuses to post a draft saved with another organization's contact or tax before references were checked", async () => {
    // prepare: such a draft, written as the route wrote them before
    const { org, users, a, entries } = await books();
    const stranger = await createUser();
    const other = await createOrganization(stranger.user.id);
    const theirs = await contactAndTax(other.id, stranger.token);
    const id = uuidv7();
    const now = nowIso();
    await JournalEntry.create({
      organization_id: org.id, id, date: '2025-04-10', status: 'draft', source_type: 'manual', source_id: id, currency: 'JOD', total: 5_000, shard: '-', version: 1, created_at: now, updated_at: now,
      lines: [{ line_no: 1, account_id: a.cash, debit: 5_000, credit: 0, contact_id: theirs.contactId }, { line_no: 2, account_id: a.sales, debit: 0, credit: 5_000, tax_id: theirs.taxId }],
    }).go();
    const before = await ledgerSnapshot(org.id);
    // act
    const post = await call('POST', `${entries}/${id}/post`, { token: users.admin.token });
    // assess
    expect(post.status).toBe(422);
    expect(post.body.detail).toEqual([
      { loc: ['lines', 0, 'contact_id'], msg: 'Contact not found', type: 'not_found' },
      { loc: ['lines', 1, 'tax_id'], msg: 'Tax not found', type: 'not_found' },
    ]);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
  });

  it('deletes drafts only', async () => {
    // prepare
    const { users, sale, entries } = await books();
    const draft = (await call('POST', entries, { token: users.member.token, json: sale('2025-04-10', 'draft') })).body;
    // act
    const byViewer = await call('DELETE', `${entries}/${draft.id}`, { token: users.viewer.token });
    const removed = await call('DELETE', `${entries}/${draft.id}`, { token: users.member.token });
    const gone = await call('GET', `${entries}/${draft.id}`, { token: users.member.token });
    const postGone = await call('POST', `${entries}/${draft.id}/post`, { token: users.admin.token });
    // assess
    expect(byViewer.status).toBe(403);
    expect(removed.status).toBe(200);
    expect(gone.status).toBe(404);
    expect(postGone.status).toBe(404);
  });

  it('lists entries newest first with status, date and source filters', async () => {
    // prepare
    const { users, sale, entries } = await books();
    const token = users.admin.token;
    const jan = (await call('POST', entries, { token, json: sale('2025-01-20') })).body;
    const feb = (await call('POST', entries, { token, json: sale('2025-02-05') })).body;
    const febDraft = (await call('POST', entries, { token, json: sale('2025-02-28', 'draft') })).body;
    const mar = (await call('POST', entries, { token, json: sale('2025-03-01') })).body;
    const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((e) => e.id);
    // act
    const all = await call('GET', entries, { token: users.viewer.token });
    const february = await call('GET', `${entries}/`, { token: users.viewer.token, query: { start_date: '2025-02-01', end_date: '2025-02-28' } });
    const drafts = await call('GET', entries, { token: users.viewer.token, query: { status: 'draft' } });
    const postedSinceFeb = await call('GET', entries, { token: users.viewer.token, query: { status: 'posted', start_date: '2025-02-01' } });
    const bySource = await call('GET', entries, { token: users.viewer.token, query: { source_type: 'manual', source_id: jan.id } });
    const paged = await call('GET', entries, { token: users.viewer.token, query: { skip: 1, limit: 2 } });
    // assess
    expect(ids(all)).toEqual([mar.id, febDraft.id, feb.id, jan.id]);
    expect(all.body.count).toBe(4);
    expect(ids(february)).toEqual([febDraft.id, feb.id]);
    expect(ids(drafts)).toEqual([febDraft.id]);
    expect(drafts.body.count).toBe(1);
    expect(ids(postedSinceFeb)).toEqual([mar.id, feb.id]);
    expect(ids(bySource)).toEqual([jan.id]);
    expect(ids(paged)).toEqual([febDraft.id, feb.id]);
    expect(paged.body.count).toBe(4);
  });
});

describe('accounting periods', () => {
  it('locks postings inside closed periods (409, books unchanged) and reopens for owners only', async () => {
    // prepare
    const { org, users, a, sale, entries } = await books();
    const periods = `${base(org.id)}/accounting/periods`;
    const admin = { token: users.admin.token };
    const q1 = (await call('POST', periods, { ...admin, json: { name: 'Q1 2025', start_date: '2025-01-01', end_date: '2025-03-31' } })).body;
    const april = (await call('POST', periods, { ...admin, json: { start_date: '2025-04-01', end_date: '2025-04-30' } })).body;
    await call('POST', entries, { ...admin, json: sale('2025-03-15') });
    const draftInQ1 = (await call('POST', entries, { token: users.member.token, json: sale('2025-03-20', 'draft') })).body;
    // act
    const overlapping = await call('POST', periods, { ...admin, json: { start_date: '2025-03-15', end_date: '2025-04-15' } });
    const outOfOrder = await call('POST', `${periods}/${april.id}/close`, admin);
    const closeByMember = await call('POST', `${periods}/${q1.id}/close`, { token: users.member.token });
    const closed = await call('POST', `${periods}/${q1.id}/close`, admin);
    const closedTwice = await call('POST', `${periods}/${q1.id}/close`, admin);
    const before = await ledgerSnapshot(org.id);
    const intoClosed = await call('POST', entries, { ...admin, json: sale('2025-03-31') });
    const draftIntoClosed = await call('POST', `${entries}/${draftInQ1.id}/post`, admin);
    const reverseIntoClosed = await call('POST', `${entries}/${before.entries.find((e) => e.status === 'posted')!.id}/reverse`, { ...admin, json: { date: '2025-03-31' } });
    const afterRefusals = await ledgerSnapshot(org.id);
    const inApril = await call('POST', entries, { ...admin, json: sale('2025-04-01') });
    const createInsideClosed = await call('POST', periods, { ...admin, json: { start_date: '2024-12-01', end_date: '2024-12-31' } });
    const listed = await call('GET', periods, { token: users.viewer.token });
    await call('POST', `${periods}/${april.id}/close`, admin);
    const reopenQ1First = await call('POST', `${periods}/${q1.id}/reopen`, { token: users.owner.token });
    const reopenByAdmin = await call('POST', `${periods}/${april.id}/reopen`, admin);
    const reopenApril = await call('POST', `${periods}/${april.id}/reopen`, { token: users.owner.token });
    const reopenQ1 = await call('POST', `${periods}/${q1.id}/reopen`, { token: users.owner.token });
    const afterReopen = await call('POST', `${entries}/${draftInQ1.id}/post`, admin);
    const finalList = await call('GET', periods, { token: users.viewer.token });
    const verification = await call('GET', `${base(org.id)}/accounting/verify`, admin);
    // assess
    expect(q1).toMatchObject({ name: 'Q1 2025', status: 'open' });
    expect(april.name).toBe('2025-04');
    expect(overlapping.status).toBe(409);
    expect(outOfOrder.status).toBe(409);
    expect(outOfOrder.body.detail).toBe('Close Q1 2025 (2025-01-01 – 2025-03-31) first: periods close in date order');
    expect(closeByMember.status).toBe(403);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closed_by: users.admin.user.id });
    expect(closedTwice.status).toBe(409);
    expect(intoClosed.status).toBe(409);
    expect(intoClosed.body.detail).toBe('The accounting period containing 2025-03-31 is closed (the books are closed through 2025-03-31)');
    expect(draftIntoClosed.status).toBe(409);
    expect(reverseIntoClosed.status).toBe(409);
    expect(afterRefusals).toEqual(before);
    expect(inApril.status).toBe(201);
    expect(createInsideClosed.status).toBe(409);
    expect(listed.body).toMatchObject({ count: 2, closed_through: '2025-03-31' });
    expect(listed.body.data.map((p: { status: string }) => p.status)).toEqual(['closed', 'open']);
    expect(reopenQ1First.status).toBe(409);
    expect(reopenByAdmin.status).toBe(403);
    expect(reopenApril.status).toBe(200);
    expect(reopenQ1.body).toMatchObject({ status: 'open', reopened_by: users.owner.user.id });
    expect(afterReopen.status).toBe(200);
    expect(finalList.body.closed_through).toBeNull();
    expect(verification.body).toMatchObject({ ok: true, entries_checked: 3, differences: [], unbalanced_entries: [], unknown_accounts: [] });
  });

  it('verifies the ledger for admins only', async () => {
    // prepare
    const { org, users, sale, entries } = await books();
    await call('POST', entries, { token: users.admin.token, json: sale('2025-05-05') });
    const entry = (await JournalEntry.query.byId({ organization_id: org.id }).go()).data[0]!;
    // act
    const byMember = await call('GET', `${base(org.id)}/accounting/verify`, { token: users.member.token });
    const ok = await call('GET', `${base(org.id)}/accounting/verify`, { token: users.admin.token });
    // a line changed behind the ledger's back (never possible through the API)
    await JournalEntry.patch({ organization_id: org.id, id: entry.id }).set({ lines: entry.lines.map((l, i) => (i === 0 ? { ...l, debit: l.debit + 1 } : l)) }).go();
    const broken = await call('GET', `${base(org.id)}/accounting/verify`, { token: users.admin.token });
    // assess
    expect(byMember.status).toBe(403);
    expect(ok.body).toMatchObject({ ok: true, currency: 'JOD', entries_checked: 1, balance_items_checked: 3, account_postings_checked: 3, cash_flows_checked: 1 });
    expect(broken.body.ok).toBe(false);
    expect(broken.body.unbalanced_entries).toEqual([{ entry_id: entry.id, total_debit: '116.001', total_credit: '116.000' }]);
    expect(broken.body.differences.map((d: Record<string, string>) => [d.kind, d.period, d.expected_debit, d.actual_debit])).toEqual([
      ['account_posting', null, '116.001', '116.000'],
      ['balance', '2025-05', '116.001', '116.000'],
      ['balance', '2025-05-05', '116.001', '116.000'],
      // The cash the entry now says came in is not what its cash flows and day figures recorded.
      ['cash_flow_day', '2025-05-05', '116.001', '116.000'],
      ['cash_flow', '2025-05-05', '116.001', '116.000'],
    ]);
  });
});
