import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { Expense } from '../db/expense.js';
import { ExpenseCategory } from '../db/expenseCategory.js';
import { FileUpload } from '../db/fileUpload.js';
import { JournalEntry } from '../db/journalEntry.js';
import { isReferenced } from '../db/reference.js';
import { Tax } from '../db/tax.js';
import { trialBalance } from '../ledger/balances.js';
import { loadChart } from '../ledger/chart.js';
import { DEFAULT_EXPENSE_CATEGORIES, defaultExpenseCategoryId } from './categories.js';
import { ledgerAccounts, ledgerSnapshot } from '../ledger/test-helpers.js';
import { nowIso, uuidv7 } from '../platform/ids.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}`;

/** Trial balance rows as [code, debit, credit] in fils. */
const trialRows = async (orgId: string) => {
  const tb = await trialBalance(orgId, '2099-12-31');
  return { rows: tb.rows.map((r) => [r.account.code, r.debit, r.credit]), totalDebit: tb.totalDebit, totalCredit: tb.totalCredit };
};
const storedEntries = async (orgId: string) => (await JournalEntry.query.byId({ organization_id: orgId }).go({ pages: 'all' })).data;
/** The categories an organization filed itself, without the defaults every organization starts with. */
const own = <T extends { id: string }>(orgId: string, categories: T[]) => {
  const defaults = new Set(DEFAULT_EXPENSE_CATEGORIES.map((d) => defaultExpenseCategoryId(orgId, d.key)));
  return categories.filter((c) => !defaults.has(c.id));
};
const DEFAULTS = DEFAULT_EXPENSE_CATEGORIES.length;
const storedExpenses = async (orgId: string) => (await Expense.query.byDate({ organization_id: orgId }).go({ pages: 'all' })).data;

async function addPurchaseTax(orgId: string, rate = '16') {
  const now = nowIso();
  const { data } = await Tax.create({
    organization_id: orgId,
    id: uuidv7(),
    name: `GST ${rate}%`,
    rate,
    tax_category: 'standard',
    jofotara_category: 'S',
    sales_account_subtype: 'vat_output',
    purchase_account_subtype: 'vat_input',
    created_at: now,
    updated_at: now,
  }).go();
  return data;
}

async function accountByCode(orgId: string, code: string) {
  const account = (await loadChart(orgId)).find((a) => a.code === code);
  if (!account) throw new Error(`no account ${code}`);
  return account.id;
}

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const system = await ledgerAccounts(org.id);
  const officeSupplies = await accountByCode(org.id, '6400');
  const gst16 = await addPurchaseTax(org.id);
  const supplier = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Amman Stationery' }));
  const categoryRes = await call('POST', `${base(org.id)}/expense-categories`, {
    ...as('admin'),
    json: { name: 'Office supplies', name_ar: 'قرطاسية', account_id: officeSupplies },
  });
  expect(categoryRes.status, JSON.stringify(categoryRes.body)).toBe(201);
  const category = categoryRes.body;
  /** The worked example: 11.600 JOD paid in cash, 16% included. */
  const paperExpense = (overrides: Record<string, unknown> = {}) => ({
    date: '2025-06-15',
    category_id: category.id,
    description: 'Printer paper',
    amount: '11.600',
    tax_id: gst16.id,
    paid_from_account_id: system.cash,
    contact_id: supplier.id,
    ...overrides,
  });
  const file = async (role: keyof typeof users = 'member', json: Record<string, unknown> = paperExpense()) => {
    const res = await call('POST', `${base(org.id)}/expenses`, { ...as(role), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const submitted = async (json?: Record<string, unknown>, role: keyof typeof users = 'member') => {
    const draft = await file(role, json);
    const res = await call('POST', `${base(org.id)}/expenses/${draft.id}/submit`, as(role));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return { org, users, as, system, officeSupplies, gst16, supplier, category, paperExpense, file, submitted };
}

describe('expense categories', () => {
  it('needs an active expense account of the organization (422 otherwise) and an admin', async () => {
    // prepare
    const { org, as, system, officeSupplies } = await setup();
    const stranger = await createUser();
    const other = await createOrganization(stranger.user.id);
    const theirs = await ledgerAccounts(other.id);
    const url = `${base(org.id)}/expense-categories`;
    // act
    const income = await call('POST', url, { ...as('admin'), json: { name: 'Wrong', account_id: system.sales } });
    const foreign = await call('POST', url, { ...as('admin'), json: { name: 'Theirs', account_id: theirs.other_expense } });
    const byMember = await call('POST', url, { ...as('member'), json: { name: 'Fuel', account_id: officeSupplies } });
    const unknownField = await call('POST', url, { ...as('admin'), json: { name: 'Fuel', account_id: officeSupplies, colour: 'red' } });
    const listed = await call('GET', url, as('viewer'));
    // assess
    expect(income.status).toBe(422);
    expect(income.body.detail[0]).toMatchObject({ loc: ['body', 'account_id'], msg: '4100 Sales is an income account; a category needs an expense account' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail[0]).toMatchObject({ loc: ['body', 'account_id'], msg: 'Account not found' });
    expect(byMember.status).toBe(403);
    expect(unknownField.status).toBe(422);
    expect(listed.body.count).toBe(DEFAULTS + 1);
    expect(own(org.id, listed.body.data)).toMatchObject([{ name: 'Office supplies', name_ar: 'قرطاسية', expense_count: 0, is_active: true }]);
  });

  it('deletes an unused category; one that expenses use is deactivated, and takes no new expenses', async () => {
    // prepare
    const { org, as, officeSupplies, category, file, paperExpense } = await setup();
    const url = `${base(org.id)}/expense-categories`;
    const unused = (await call('POST', url, { ...as('admin'), json: { name: 'Unused', account_id: officeSupplies } })).body;
    await file();
    // act
    const deleted = await call('DELETE', `${url}/${unused.id}`, as('admin'));
    const deactivated = await call('DELETE', `${url}/${category.id}`, as('admin'));
    const read = await call('GET', `${url}/${category.id}`, as('viewer'));
    const listedActive = await call('GET', url, as('viewer'));
    const listedAll = await call('GET', url, { ...as('viewer'), query: { include_inactive: true } });
    const intoInactive = await call('POST', `${base(org.id)}/expenses`, { ...as('member'), json: paperExpense() });
    // assess
    expect(deleted.body).toEqual({ message: 'Expense category deleted successfully' });
    expect((await call('GET', `${url}/${unused.id}`, as('viewer'))).status).toBe(404);
    expect(await isReferenced(org.id, { type: 'account', id: officeSupplies }, 'expense_category')).toBe(true);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.message).toBe('Expense category is used by expenses; it was deactivated instead of deleted');
    expect(read.body).toMatchObject({ is_active: false, expense_count: 1, version: 2 });
    expect(listedActive.body.count).toBe(DEFAULTS);
    expect(listedAll.body.count).toBe(DEFAULTS + 1);
    expect(intoInactive.status).toBe(422);
    expect(intoInactive.body.detail[0]).toMatchObject({ loc: ['body', 'category_id'], msg: 'The category Office supplies is inactive' });
    expect(await storedExpenses(org.id)).toHaveLength(1);
  });

  it('counts expenses per category as drafts are filed, moved and deleted, so the category becomes deletable', async () => {
    // prepare
    const { org, as, officeSupplies, category, file } = await setup();
    const url = `${base(org.id)}/expense-categories`;
    const travel = (await call('POST', url, { ...as('admin'), json: { name: 'Travel', account_id: officeSupplies } })).body;
    const draft = await file();
    // act
    const moved = await call('PUT', `${base(org.id)}/expenses/${draft.id}`, { ...as('member'), json: { category_id: travel.id } });
    const counts = async () => own(org.id, (await ExpenseCategory.query.byOrganization({ organization_id: org.id }).go()).data).map((c) => [c.name, c.expense_count]).sort();
    const afterMove = await counts();
    await call('DELETE', `${base(org.id)}/expenses/${draft.id}`, as('member'));
    const afterDelete = await counts();
    const deleteTravel = await call('DELETE', `${url}/${travel.id}`, as('admin'));
    // assess
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(afterMove).toEqual([['Office supplies', 0], ['Travel', 1]]);
    expect(afterDelete).toEqual([['Office supplies', 0], ['Travel', 0]]);
    expect(deleteTravel.body.message).toBe('Expense category deleted successfully');
    expect(category.expense_count).toBe(0);
  });
});

describe('expenses', () => {
  it('goes draft → submitted → approved, posting Dr expense 10.000, Dr input tax 1.600, Cr cash 11.600 in one entry', async () => {
    // prepare
    const { org, as, file, users } = await setup();
    const draft = await file();
    // act
    const submitted = await call('POST', `${base(org.id)}/expenses/${draft.id}/submit`, as('member'));
    const booksBefore = await trialRows(org.id);
    const approved = await call('POST', `${base(org.id)}/expenses/${draft.id}/approve`, as('admin'));
    // assess
    expect(draft).toMatchObject({ status: 'draft', amount: '11.600', net_amount: '10.000', tax_amount: '1.600', tax_rate: '16', currency: 'JOD', user_id: users.member.user.id, reimbursable: false });
    expect(submitted.body).toMatchObject({ status: 'submitted', version: 2 });
    expect(submitted.body.submitted_at).toBeTruthy();
    expect(booksBefore.rows).toEqual([]);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', version: 3, approved_by: users.admin.user.id });
    expect(await trialRows(org.id)).toEqual({
      rows: [
        ['1110', 0, 11_600],
        ['1300', 1_600, 0],
        ['6400', 10_000, 0],
      ],
      totalDebit: 11_600,
      totalCredit: 11_600,
    });
    const [entry, ...more] = await storedEntries(org.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ id: approved.body.journal_entry_id, source_type: 'expense', source_id: draft.id, status: 'posted', date: '2025-06-15', total: 11_600 });
  });

  it('credits accrued liabilities (2700) naming the employee when the employee paid', async () => {
    // prepare
    const { org, as, submitted, paperExpense, users } = await setup();
    const expense = await submitted(paperExpense({ paid_from_account_id: undefined, reimbursable: true, tax_id: null, amount: '25.5' }));
    // act
    const approved = await call('POST', `${base(org.id)}/expenses/${expense.id}/approve`, as('admin'));
    // assess
    expect(expense).toMatchObject({ reimbursable: true, paid_from_account_id: null, amount: '25.500', net_amount: '25.500', tax_amount: '0.000' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await trialRows(org.id)).toEqual({ rows: [['2700', 0, 25_500], ['6400', 25_500, 0]], totalDebit: 25_500, totalCredit: 25_500 });
    const [entry] = await storedEntries(org.id);
    const employee = `member <${users.member.user.email}>`;
    expect(entry!.memo).toBe(`Expense reimbursable to ${employee}: Printer paper`);
    expect(entry!.lines.find((l) => l.credit > 0)).toMatchObject({ credit: 25_500, description: `Owed to ${employee}` });
  });

  it('answers a second approval with the approved expense and leaves the books as they were; a draft cannot be approved', async () => {
    // prepare
    const { org, as, file, submitted } = await setup();
    const expense = await submitted();
    const draft = await file();
    await call('POST', `${base(org.id)}/expenses/${expense.id}/approve`, as('admin'));
    const before = await ledgerSnapshot(org.id);
    // act
    const again = await call('POST', `${base(org.id)}/expenses/${expense.id}/approve`, as('admin'));
    const approveDraft = await call('POST', `${base(org.id)}/expenses/${draft.id}/approve`, as('admin'));
    const rejectApproved = await call('POST', `${base(org.id)}/expenses/${expense.id}/reject`, { ...as('admin'), json: { reason: 'Too late' } });
    // assess
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: expense.id, status: 'approved' });
    expect(approveDraft.status).toBe(409);
    expect(approveDraft.body.detail).toBe('The expense is a draft; it must be submitted before it can be approved');
    expect(rejectApproved.status).toBe(409);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
    expect(await storedEntries(org.id)).toHaveLength(1);
  });

  it('keeps an approved expense immutable: PUT and DELETE are 409', async () => {
    // prepare
    const { org, as, submitted } = await setup();
    const expense = await submitted();
    await call('POST', `${base(org.id)}/expenses/${expense.id}/approve`, as('admin'));
    const url = `${base(org.id)}/expenses/${expense.id}`;
    // act
    const edit = await call('PUT', url, { ...as('admin'), json: { amount: '1.000' } });
    const remove = await call('DELETE', url, as('admin'));
    // assess
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe('The expense is approved and posted; approved expenses cannot be changed or deleted');
    expect(remove.status).toBe(409);
    expect((await call('GET', url, as('viewer'))).body).toMatchObject({ status: 'approved', amount: '11.600', version: 3 });
  });

  it('refuses approval dated in a closed period with 409, writing nothing', async () => {
    // prepare
    const { org, as, submitted } = await setup();
    const expense = await submitted();
    const periods = `${base(org.id)}/accounting/periods`;
    const june = await call('POST', periods, { ...as('admin'), json: { start_date: '2025-06-01', end_date: '2025-06-30' } });
    const closed = await call('POST', `${periods}/${june.body.id}/close`, as('admin'));
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const before = await ledgerSnapshot(org.id);
    // act
    const approve = await call('POST', `${base(org.id)}/expenses/${expense.id}/approve`, as('admin'));
    // assess
    expect(approve.status).toBe(409);
    expect(approve.body.detail).toMatch(/^The accounting period containing 2025-06-15 is closed/);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
    expect((await call('GET', `${base(org.id)}/expenses/${expense.id}`, as('viewer'))).body.status).toBe('submitted');
  });

  it('rejects a submitted expense with a reason; a corrected rejected expense is a draft again', async () => {
    // prepare
    const { org, as, submitted, users } = await setup();
    const expense = await submitted();
    const url = `${base(org.id)}/expenses/${expense.id}`;
    // act
    const noReason = await call('POST', `${url}/reject`, { ...as('admin'), json: {} });
    const byMember = await call('POST', `${url}/reject`, { ...as('member'), json: { reason: 'No' } });
    const rejected = await call('POST', `${url}/reject`, { ...as('admin'), json: { reason: 'Receipt missing' } });
    const resubmitAsIs = await call('POST', `${url}/submit`, as('member'));
    const corrected = await call('PUT', url, { ...as('member'), json: { notes: 'Receipt attached', version: 3 } });
    const resubmitted = await call('POST', `${url}/submit`, as('member'));
    // assess
    expect(noReason.status).toBe(422);
    expect(byMember.status).toBe(403);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'Receipt missing', rejected_by: users.admin.user.id });
    expect(resubmitAsIs.status).toBe(409);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body).toMatchObject({ status: 'draft', rejection_reason: null, rejected_at: null, notes: 'Receipt attached', version: 4 });
    expect(resubmitted.body.status).toBe('submitted');
    expect(await storedEntries(org.id)).toHaveLength(0);
  });

  it('lets a member approve nothing (403), a viewer file nothing (403), and only the filer or an admin change a draft', async () => {
    // prepare
    const { org, as, file, submitted, paperExpense } = await setup();
    const mine = await submitted();
    const ownersDraft = await file('owner');
    // act
    const memberApproves = await call('POST', `${base(org.id)}/expenses/${mine.id}/approve`, as('member'));
    const viewerFiles = await call('POST', `${base(org.id)}/expenses`, { ...as('viewer'), json: paperExpense() });
    const memberEditsOthers = await call('PUT', `${base(org.id)}/expenses/${ownersDraft.id}`, { ...as('member'), json: { description: 'Mine now' } });
    const memberDeletesOthers = await call('DELETE', `${base(org.id)}/expenses/${ownersDraft.id}`, as('member'));
    const memberSubmitsOthers = await call('POST', `${base(org.id)}/expenses/${ownersDraft.id}/submit`, as('member'));
    const adminEdits = await call('PUT', `${base(org.id)}/expenses/${ownersDraft.id}`, { ...as('admin'), json: { description: 'Toner' } });
    const editSubmitted = await call('PUT', `${base(org.id)}/expenses/${mine.id}`, { ...as('member'), json: { description: 'Changed' } });
    // assess
    expect(memberApproves.status).toBe(403);
    expect(viewerFiles.status).toBe(403);
    expect(memberEditsOthers.status).toBe(403);
    expect(memberDeletesOthers.status).toBe(403);
    expect(memberSubmitsOthers.status).toBe(403);
    expect(adminEdits.body).toMatchObject({ description: 'Toner', version: 2 });
    expect(editSubmitted.status).toBe(409);
    expect(await storedExpenses(org.id)).toHaveLength(2);
    expect(await storedEntries(org.id)).toHaveLength(0);
  });

  it("refuses another organization's category (404), account (422), supplier (404) and tax (422), writing nothing", async () => {
    // prepare
    const { org, as, paperExpense, system } = await setup();
    const stranger = await createUser();
    const other = await createOrganization(stranger.user.id);
    const theirAccounts = await ledgerAccounts(other.id);
    const theirCategory = await call('POST', `${base(other.id)}/expense-categories`, { token: stranger.token, json: { name: 'Theirs', account_id: theirAccounts.other_expense } });
    const theirSupplier = await createContact(other.id, contactCreate.parse({ contact_type: 'supplier', name: 'Elsewhere LLC' }));
    const theirTax = await addPurchaseTax(other.id);
    const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'A customer' }));
    const before = await ledgerSnapshot(org.id);
    const attempt = (json: Record<string, unknown>) => call('POST', `${base(org.id)}/expenses`, { ...as('member'), json: paperExpense(json) });
    // act
    const category = await attempt({ category_id: theirCategory.body.id });
    const account = await attempt({ paid_from_account_id: theirAccounts.cash });
    const notCash = await attempt({ paid_from_account_id: system.receivable });
    const supplier = await attempt({ contact_id: theirSupplier.id });
    const notSupplier = await attempt({ contact_id: customer.id });
    const tax = await attempt({ tax_id: theirTax.id });
    const file = await attempt({ file_id: uuidv7() });
    // assess
    expect(theirCategory.status).toBe(201);
    expect(category.status).toBe(404);
    expect(category.body.detail).toBe('Expense category not found');
    expect(account.status).toBe(422);
    expect(account.body.detail).toEqual([{ loc: ['body', 'paid_from_account_id'], msg: 'Account not found', type: 'value_error' }]);
    expect(notCash.status).toBe(422);
    expect(notCash.body.detail[0].msg).toBe('1200 Accounts receivable is not a cash or bank account');
    expect(supplier.status).toBe(404);
    expect(notSupplier.status).toBe(422);
    expect(notSupplier.body.detail[0]).toMatchObject({ loc: ['body', 'contact_id'], msg: 'A customer is a customer, not a supplier' });
    expect(tax.status).toBe(422);
    expect(tax.body.detail[0]).toMatchObject({ loc: ['body', 'tax_id'], msg: 'Tax not found' });
    expect(file.status).toBe(404);
    expect(file.body.detail).toBe('File not found');
    const after = await ledgerSnapshot(org.id);
    expect(after.other.filter((i) => String(i.sk).startsWith('EXPENSE'))).toEqual(before.other.filter((i) => String(i.sk).startsWith('EXPENSE')));
    expect(await storedExpenses(org.id)).toHaveLength(0);
  });

  it('validates amounts and who paid with 422', async () => {
    // prepare
    const { org, as, paperExpense } = await setup();
    const attempt = (json: Record<string, unknown>) => call('POST', `${base(org.id)}/expenses`, { ...as('member'), json: paperExpense(json) });
    // act
    const tooPrecise = await attempt({ amount: '11.6001' });
    const zero = await attempt({ amount: '0' });
    const negative = await attempt({ amount: -5 });
    const both = await attempt({ reimbursable: true });
    const neither = await attempt({ paid_from_account_id: null });
    const badDate = await attempt({ date: '2025-02-30' });
    // assess
    expect(tooPrecise.status).toBe(422);
    expect(tooPrecise.body.detail[0]).toMatchObject({ loc: ['body', 'amount'], msg: 'JOD amounts have at most 3 decimal places, got "11.6001"' });
    for (const res of [zero, negative, both, neither, badDate]) expect(res.status).toBe(422);
    expect(both.body.detail[0].loc).toEqual(['body', 'paid_from_account_id']);
    expect(neither.body.detail[0].msg).toBe('Give the account the expense was paid from, or mark it reimbursable');
    expect(await storedExpenses(org.id)).toHaveLength(0);
  });

  it('keeps references to the supplier, tax, receipt and account of a draft in step with it', async () => {
    // prepare
    const { org, as, file, supplier, gst16, system, paperExpense, users } = await setup();
    const now = nowIso();
    const receipt = (
      await FileUpload.create({
        organization_id: org.id,
        id: uuidv7(),
        filename: 'receipt.pdf',
        content_type: 'application/pdf',
        size: 1024,
        s3_key: `${org.id}/receipt.pdf`,
        file_type: 'receipt',
        uploaded_by: users.member.user.id,
        created_at: now,
        updated_at: now,
      }).go()
    ).data;
    const draft = await file('member', paperExpense({ file_id: receipt.id }));
    const refs = async () => [
      await isReferenced(org.id, { type: 'contact', id: supplier.id }, 'expense'),
      await isReferenced(org.id, { type: 'tax', id: gst16.id }, 'expense'),
      await isReferenced(org.id, { type: 'file', id: receipt.id }, 'expense'),
      await isReferenced(org.id, { type: 'account', id: system.cash }, 'expense'),
    ];
    const whileFiled = await refs();
    // act
    const switched = await call('PUT', `${base(org.id)}/expenses/${draft.id}`, {
      ...as('member'),
      json: { reimbursable: true, contact_id: null, tax_id: null, file_id: null },
    });
    const afterSwitch = await refs();
    // assess
    expect(draft.file_id).toBe(receipt.id);
    expect(whileFiled).toEqual([true, true, true, true]);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body).toMatchObject({ reimbursable: true, paid_from_account_id: null, contact_id: null, tax_id: null, file_id: null, net_amount: '11.600', tax_amount: '0.000' });
    expect(afterSwitch).toEqual([false, false, false, false]);
  });

  it('lists with filters and paging; my/expenses shows only the caller’s; the short list covers all', async () => {
    // prepare
    const { org, as, file, paperExpense, submitted, users, officeSupplies } = await setup();
    const travel = (await call('POST', `${base(org.id)}/expense-categories`, { ...as('admin'), json: { name: 'Travel', account_id: officeSupplies } })).body;
    await file('member', paperExpense({ date: '2025-05-31', description: 'May paper' }));
    await submitted(paperExpense({ date: '2025-06-01', description: 'June paper' }));
    await file('member', paperExpense({ date: '2025-06-30', description: 'Taxi', category_id: travel.id }));
    await file('admin', paperExpense({ date: '2025-06-10', description: 'Admin lunch', category_id: travel.id }));
    const url = `${base(org.id)}/expenses`;
    const descriptions = (res: { body: { data: { description: string }[] } }) => res.body.data.map((e) => e.description);
    // act
    const all = await call('GET', url, as('viewer'));
    const june = await call('GET', url, { ...as('viewer'), query: { date_from: '2025-06-01', date_to: '2025-06-30' } });
    const juneTravel = await call('GET', url, { ...as('viewer'), query: { date_from: '2025-06-01', category_id: travel.id } });
    const submittedOnly = await call('GET', url, { ...as('viewer'), query: { status: 'submitted' } });
    const adminsOnes = await call('GET', url, { ...as('viewer'), query: { user_id: users.admin.user.id } });
    const page = await call('GET', url, { ...as('viewer'), query: { skip: 1, limit: 2 } });
    const mine = await call('GET', `${url}/my/expenses`, as('member'));
    const mineToMay = await call('GET', `${url}/my/expenses`, { ...as('member'), query: { date_to: '2025-05-31' } });
    const viewersOwn = await call('GET', `${url}/my/expenses`, as('viewer'));
    const short = await call('GET', `${url}/list`, as('viewer'));
    const badRange = await call('GET', url, { ...as('viewer'), query: { date_from: '2025-07-01', date_to: '2025-06-01' } });
    // assess
    expect(descriptions(all)).toEqual(['Taxi', 'Admin lunch', 'June paper', 'May paper']);
    expect(all.body.count).toBe(4);
    expect(descriptions(june)).toEqual(['Taxi', 'Admin lunch', 'June paper']);
    expect(descriptions(juneTravel)).toEqual(['Taxi', 'Admin lunch']);
    expect(juneTravel.body.count).toBe(2);
    expect(descriptions(submittedOnly)).toEqual(['June paper']);
    expect(descriptions(adminsOnes)).toEqual(['Admin lunch']);
    expect(page.body).toMatchObject({ count: 4 });
    expect(descriptions(page)).toEqual(['Admin lunch', 'June paper']);
    expect(descriptions(mine)).toEqual(['Taxi', 'June paper', 'May paper']);
    expect(mine.body.data.every((e: { user_id: string }) => e.user_id === users.member.user.id)).toBe(true);
    expect(descriptions(mineToMay)).toEqual(['May paper']);
    expect(viewersOwn.body).toEqual({ data: [], count: 0 });
    expect(short.body.count).toBe(4);
    expect(Object.keys(short.body.data[0]).sort()).toEqual(['amount', 'category_id', 'date', 'description', 'id', 'status', 'user_id']);
    expect(badRange.status).toBe(422);
  });
});
