import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { Account, AccountCode } from '../db/account.js';
import { AuditLog } from '../db/auditLog.js';
import { BankLedgerAccount } from '../db/bankAccount.js';
import { referenceItem } from '../db/reference.js';
import { postTransaction } from '../db/transaction.js';
import { DEFAULT_CHART } from '../ledger/chart.js';
import { ledgerAccounts, ledgerSnapshot } from '../ledger/test-helpers.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}`;

/** Posts a balanced manual entry through the API (admin). */
async function post(orgId: string, token: string, date: string, lines: { account_id: string; debit?: string; credit?: string }[]) {
  const res = await call('POST', `${base(orgId)}/journal-entries`, { token, json: { date, status: 'posted', lines } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('accounts: chart of accounts', () => {
  it('creates the default Jordanian chart on first use and lists it by code with balances and filters', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    // act
    const all = await call('GET', `${base(org.id)}/accounts`, { token: users.viewer.token });
    const liabilities = await call('GET', `${base(org.id)}/accounts`, { token: users.viewer.token, query: { type: 'liability' } });
    const search = await call('GET', `${base(org.id)}/accounts/`, { token: users.viewer.token, query: { search: 'ضريبة المبيعات' } });
    const page = await call('GET', `${base(org.id)}/accounts`, { token: users.viewer.token, query: { skip: 2, limit: 3 } });
    // assess
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(DEFAULT_CHART.length);
    expect(all.body.data.map((a: { code: string }) => a.code)).toEqual(DEFAULT_CHART.map((a) => a.code));
    expect(all.body.data[0]).toMatchObject({ code: '1110', name: 'Cash on hand', name_ar: 'النقد في الصندوق', type: 'asset', subtype: 'cash', normal_balance: 'debit', is_system: true, is_active: true, currency: 'JOD', balance: '0.000', parent_id: null });
    expect(liabilities.body.data.every((a: { type: string; normal_balance: string }) => a.type === 'liability' && a.normal_balance === 'credit')).toBe(true);
    expect(search.body.data.map((a: { code: string }) => a.code)).toEqual(['1300', '2200']);
    expect(page.body).toMatchObject({ count: DEFAULT_CHART.length });
    expect(page.body.data.map((a: { code: string }) => a.code)).toEqual(['1130', '1140', '1200']);
  });

  it('adds, changes and deletes accounts, keeping codes unique and system accounts intact', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const a = await ledgerAccounts(org.id);
    const admin = { token: users.admin.token };
    // act: a bank sub-account
    const arabBank = await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code: '1121', name: 'Arab Bank', name_ar: 'البنك العربي', type: 'asset', subtype: 'bank', parent_id: a.bank } });
    const duplicate = await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code: '1121', name: 'Other', type: 'asset' } });
    const byMember = await call('POST', `${base(org.id)}/accounts`, { token: users.member.token, json: { code: '1122', name: 'Housing Bank', type: 'asset' } });
    const wrongParent = await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code: '1123', name: 'X', type: 'expense', parent_id: a.bank } });
    const wrongSubtype = await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code: '1124', name: 'X', type: 'expense', subtype: 'bank' } });
    const unknownField = await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code: '1125', name: 'X', type: 'asset', balance: 5 } });
    const chart = await call('GET', `${base(org.id)}/accounts/chart`, { token: users.viewer.token });
    const recoded = await call('PATCH', `${base(org.id)}/accounts/${arabBank.body.id}`, { ...admin, json: { code: '1125', name: 'Arab Bank — current', version: 1 } });
    const stale = await call('PATCH', `${base(org.id)}/accounts/${arabBank.body.id}`, { ...admin, json: { name: 'Stale', version: 1 } });
    const reuseOldCode = await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code: '1121', name: 'Housing Bank', type: 'asset', subtype: 'bank' } });
    const retypeSystem = await call('PATCH', `${base(org.id)}/accounts/${a.cash}`, { ...admin, json: { type: 'expense' } });
    const deactivateSystem = await call('PATCH', `${base(org.id)}/accounts/${a.cash}`, { ...admin, json: { is_active: false } });
    const renameSystem = await call('PATCH', `${base(org.id)}/accounts/${a.cash}`, { ...admin, json: { name: 'Main till', name_ar: 'الصندوق الرئيسي' } });
    const deleteSystem = await call('DELETE', `${base(org.id)}/accounts/${a.cash}`, admin);
    const deleteParent = await call('DELETE', `${base(org.id)}/accounts/${a.bank}`, admin);
    const deleteUnused = await call('DELETE', `${base(org.id)}/accounts/${reuseOldCode.body.id}`, admin);
    const deleted = await call('GET', `${base(org.id)}/accounts/${reuseOldCode.body.id}`, admin);
    // assess
    expect(arabBank.status).toBe(201);
    expect(arabBank.body).toMatchObject({ code: '1121', parent_id: a.bank, subtype: 'bank', is_system: false, currency: 'JOD', balance: '0.000', version: 1 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe('An account with code 1121 already exists');
    expect(byMember.status).toBe(403);
    expect(wrongParent.status).toBe(422);
    expect(wrongParent.body.detail[0].loc).toEqual(['body', 'parent_id']);
    expect(wrongSubtype.status).toBe(422);
    expect(unknownField.status).toBe(422);
    const bankNode = chart.body.data.find((n: { id: string }) => n.id === a.bank);
    expect(bankNode.children.map((c: { code: string }) => c.code)).toEqual(['1121']);
    expect(chart.body.count).toBe(DEFAULT_CHART.length + 1);
    expect(recoded.status).toBe(200);
    expect(recoded.body).toMatchObject({ code: '1125', name: 'Arab Bank — current', version: 2 });
    expect(stale.status).toBe(409);
    expect(reuseOldCode.status).toBe(201);
    expect(retypeSystem.status).toBe(409);
    expect(retypeSystem.body.detail).toBe('System accounts cannot be retyped');
    expect(deactivateSystem.status).toBe(409);
    expect(renameSystem.body).toMatchObject({ name: 'Main till', name_ar: 'الصندوق الرئيسي', type: 'asset', is_active: true });
    expect(deleteSystem.status).toBe(409);
    expect(deleteParent.status).toBe(409);
    expect(deleteUnused.status).toBe(200);
    expect(deleted.status).toBe(404);
    expect((await AccountCode.get({ organization_id: org.id, code: '1121' }).go()).data).toBeNull();
    expect((await AccountCode.get({ organization_id: org.id, code: '1125' }).go()).data?.account_id).toBe(arabBank.body.id);
    const audit = (await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' })).data.map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['account.created', 'account.updated', 'account.deleted']));
  });

  it('refuses to delete or retype an account with postings; it can be deactivated and then refuses postings', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const a = await ledgerAccounts(org.id);
    const admin = { token: users.admin.token };
    const rent = (await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code: '6210', name: 'Warehouse rent', type: 'expense', subtype: 'rent' } })).body;
    await post(org.id, users.admin.token, '2025-03-01', [{ account_id: rent.id, debit: '350' }, { account_id: a.bank, credit: '350' }]);
    // act
    const remove = await call('DELETE', `${base(org.id)}/accounts/${rent.id}`, admin);
    const retype = await call('PATCH', `${base(org.id)}/accounts/${rent.id}`, { ...admin, json: { type: 'asset' } });
    const deactivate = await call('PATCH', `${base(org.id)}/accounts/${rent.id}`, { ...admin, json: { is_active: false } });
    const before = await ledgerSnapshot(org.id);
    const postToInactive = await call('POST', `${base(org.id)}/journal-entries`, { ...admin, json: { date: '2025-03-02', status: 'posted', lines: [{ account_id: rent.id, debit: '1' }, { account_id: a.bank, credit: '1' }] } });
    const listed = await call('GET', `${base(org.id)}/accounts`, { ...admin, query: { include_inactive: true, type: 'expense' } });
    const listedActive = await call('GET', `${base(org.id)}/accounts`, { ...admin, query: { type: 'expense' } });
    // assess
    expect(remove.status).toBe(409);
    expect(remove.body.detail).toBe('Account 6210 Warehouse rent has postings and cannot be deleted; deactivate it instead');
    expect(retype.status).toBe(409);
    expect(deactivate.status).toBe(200);
    expect(deactivate.body).toMatchObject({ is_active: false, balance: '350.000' });
    expect(postToInactive.status).toBe(422);
    expect(postToInactive.body.detail).toEqual([{ loc: ['body', 'lines', 0, 'account_id'], msg: 'Account 6210 Warehouse rent is inactive', type: 'inactive' }]);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
    expect(listed.body.data.some((x: { id: string }) => x.id === rent.id)).toBe(true);
    expect(listedActive.body.data.some((x: { id: string }) => x.id === rent.id)).toBe(false);
    expect((await Account.get({ organization_id: org.id, id: rent.id }).go()).data?.is_active).toBe(false);
  });

  it('keeps an account that a bank account or a document uses (409, nothing deleted)', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const admin = { token: users.admin.token };
    const create = async (code: string) => (await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code, name: `Account ${code}`, type: code.startsWith('1') ? 'asset' : 'expense', subtype: code.startsWith('1') ? 'bank' : 'rent' } })).body;
    const bankLedger = await create('1125');
    const usedByDocument = await create('6220');
    await BankLedgerAccount.create({ organization_id: org.id, account_id: bankLedger.id, bank_account_id: 'bank-1' }).go();
    await postTransaction([referenceItem(org.id, { type: 'account', id: usedByDocument.id }, { type: 'expense_category', id: 'category-1' })]);
    // act
    const removeBankLedger = await call('DELETE', `${base(org.id)}/accounts/${bankLedger.id}`, admin);
    const removeUsed = await call('DELETE', `${base(org.id)}/accounts/${usedByDocument.id}`, admin);
    // assess
    expect(removeBankLedger.status).toBe(409);
    expect(removeBankLedger.body.detail).toBe('Account 1125 Account 1125 is the ledger account of a bank account; delete or relink the bank account first');
    expect(removeUsed.status).toBe(409);
    expect(removeUsed.body.detail).toBe('Account 6220 Account 6220 is used by documents or settings and cannot be deleted; deactivate it instead');
    expect((await Account.get({ organization_id: org.id, id: bankLedger.id }).go()).data).not.toBeNull();
    expect((await AccountCode.get({ organization_id: org.id, code: '6220' }).go()).data).not.toBeNull();
  });

  it("lists an account's transactions by date with opening and running balances, offset and limit", async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const a = await ledgerAccounts(org.id);
    const token = users.admin.token;
    await post(org.id, token, '2025-01-31', [{ account_id: a.cash, debit: '100' }, { account_id: a.owner_capital, credit: '100' }]);
    await post(org.id, token, '2025-02-01', [{ account_id: a.cash, debit: '11.600' }, { account_id: a.sales, credit: '10' }, { account_id: a.vat_output, credit: '1.600' }]);
    await post(org.id, token, '2025-02-10', [{ account_id: a.other_expense, debit: '2.500' }, { account_id: a.cash, credit: '2.500' }]);
    await post(org.id, token, '2025-02-28', [{ account_id: a.cash, debit: '0.001' }, { account_id: a.sales, credit: '0.001' }]);
    await post(org.id, token, '2025-03-01', [{ account_id: a.cash, debit: '5' }, { account_id: a.sales, credit: '5' }]);
    const path = `${base(org.id)}/accounts/${a.cash}/transactions`;
    // act
    const february = await call('GET', path, { token: users.viewer.token, query: { start_date: '2025-02-01', end_date: '2025-02-28' } });
    const paged = await call('GET', path, { token: users.viewer.token, query: { start_date: '2025-02-01', offset: 1, limit: 2 } });
    const untilFeb = await call('GET', path, { token: users.viewer.token, query: { end_date: '2025-02-09' } });
    const inverted = await call('GET', path, { token: users.viewer.token, query: { start_date: '2025-03-01', end_date: '2025-02-01' } });
    const prefixed = await call('GET', `${base(org.id)}/accounting/accounts/${a.cash}/transactions`, { token: users.viewer.token, query: { start_date: '2025-02-01', end_date: '2025-02-28' } });
    const salesCard = await call('GET', `${base(org.id)}/accounts/${a.sales}/transactions`, { token: users.viewer.token });
    // assess
    expect(february.status).toBe(200);
    expect(february.body).toMatchObject({ account_id: a.cash, currency: 'JOD', opening_balance: '100.000', count: 3 });
    expect(february.body.data.map((r: Record<string, string>) => [r.date, r.debit, r.credit, r.balance])).toEqual([
      ['2025-02-01', '11.600', '0.000', '111.600'],
      ['2025-02-10', '0.000', '2.500', '109.100'],
      ['2025-02-28', '0.001', '0.000', '109.101'],
    ]);
    expect(paged.body.count).toBe(4);
    expect(paged.body.data.map((r: Record<string, string>) => [r.date, r.balance])).toEqual([['2025-02-10', '109.100'], ['2025-02-28', '109.101']]);
    expect(untilFeb.body).toMatchObject({ opening_balance: '0.000', count: 2 });
    expect(inverted.status).toBe(422);
    expect(prefixed.body).toEqual(february.body);
    expect(salesCard.body.data.map((r: Record<string, string>) => r.balance)).toEqual(['10.000', '10.001', '15.001']);
  });

  it('answers the accounting-prefixed routes identically', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const a = await ledgerAccounts(org.id);
    await post(org.id, users.admin.token, '2025-02-01', [{ account_id: a.cash, debit: '7.250' }, { account_id: a.sales, credit: '7.250' }]);
    const token = users.viewer.token;
    // act / assess
    for (const suffix of ['accounts', 'accounts/chart', 'accounts/summary/by-type?as_of_date=2025-12-31', `accounts/${a.cash}`, `accounts/${a.cash}/transactions`]) {
      const plain = await call('GET', `${base(org.id)}/${suffix}`, { token });
      const prefixed = await call('GET', `${base(org.id)}/accounting/${suffix}`, { token });
      expect(plain.status, suffix).toBe(200);
      expect(prefixed.body, suffix).toEqual(plain.body);
    }
    const created = await call('POST', `${base(org.id)}/accounting/accounts`, { token: users.admin.token, json: { code: '4150', name: 'Online sales', type: 'income', subtype: 'sales' } });
    const patched = await call('PATCH', `${base(org.id)}/accounting/accounts/${created.body.id}`, { token: users.admin.token, json: { name_ar: 'مبيعات إلكترونية' } });
    const read = await call('GET', `${base(org.id)}/accounts/${created.body.id}`, { token });
    const removed = await call('DELETE', `${base(org.id)}/accounting/accounts/${created.body.id}`, { token: users.admin.token });
    expect([created.status, patched.status, removed.status]).toEqual([201, 200, 200]);
    expect(read.body).toEqual(patched.body);
  });

  it('summarizes by type and gives a trial balance whose columns agree, on any date', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const a = await ledgerAccounts(org.id);
    const token = users.admin.token;
    await post(org.id, token, '2025-01-15', [{ account_id: a.bank, debit: '5000' }, { account_id: a.owner_capital, credit: '5000' }]);
    await post(org.id, token, '2025-02-15', [{ account_id: a.receivable, debit: '116' }, { account_id: a.sales, credit: '100' }, { account_id: a.vat_output, credit: '16' }]);
    await post(org.id, token, '2025-02-20', [{ account_id: a.other_expense, debit: '40.125' }, { account_id: a.bank, credit: '40.125' }]);
    // act
    const tbJan = await call('GET', `${base(org.id)}/accounting/trial-balance`, { token: users.viewer.token, query: { as_of_date: '2025-01-31' } });
    const tbFeb = await call('GET', `${base(org.id)}/accounting/trial-balance`, { token: users.viewer.token, query: { as_of_date: '2025-02-28' } });
    const tbToday = await call('GET', `${base(org.id)}/accounting/trial-balance`, { token: users.viewer.token });
    const badDate = await call('GET', `${base(org.id)}/accounting/trial-balance`, { token: users.viewer.token, query: { as_of_date: '2025-02-31' } });
    const summary = await call('GET', `${base(org.id)}/accounts/summary/by-type`, { token: users.viewer.token, query: { as_of_date: '2025-02-28' } });
    // assess
    expect(tbJan.body).toMatchObject({ as_of_date: '2025-01-31', total_debit: '5000.000', total_credit: '5000.000', balanced: true });
    expect(tbFeb.body.data.map((r: Record<string, string>) => [r.code, r.debit, r.credit])).toEqual([
      ['1120', '4959.875', '0.000'],
      ['1200', '116.000', '0.000'],
      ['2200', '0.000', '16.000'],
      ['3100', '0.000', '5000.000'],
      ['4100', '0.000', '100.000'],
      ['6990', '40.125', '0.000'],
    ]);
    expect(tbFeb.body).toMatchObject({ total_debit: '5116.000', total_credit: '5116.000', balanced: true });
    expect(tbToday.body.total_debit).toBe('5116.000');
    expect(badDate.status).toBe(422);
    const byType = Object.fromEntries(summary.body.data.map((r: { type: string }) => [r.type, r]));
    expect(byType.asset).toMatchObject({ balance: '5075.875', normal_balance: 'debit', total_debit: '5116.000', total_credit: '40.125' });
    expect(byType.liability.balance).toBe('16.000');
    expect(byType.income.balance).toBe('100.000');
    expect(summary.body.net_income).toBe('59.875');
  });

  it("hides other organizations' accounts and refuses strangers", async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const stranger = await createUser();
    const other = await createOrganization(stranger.user.id);
    const theirs = await ledgerAccounts(other.id);
    // act
    const read = await call('GET', `${base(org.id)}/accounts/${theirs.cash}`, { token: users.owner.token });
    const patch = await call('PATCH', `${base(org.id)}/accounts/${theirs.cash}`, { token: users.owner.token, json: { name: 'Mine' } });
    const remove = await call('DELETE', `${base(org.id)}/accounts/${theirs.other_expense}`, { token: users.owner.token });
    const card = await call('GET', `${base(org.id)}/accounts/${theirs.cash}/transactions`, { token: users.owner.token });
    const notMember = await call('GET', `${base(org.id)}/accounts`, { token: stranger.token });
    const anonymous = await call('GET', `${base(org.id)}/accounts`);
    // assess
    expect([read.status, patch.status, remove.status, card.status, notMember.status, anonymous.status]).toEqual([404, 404, 404, 404, 404, 401]);
    expect((await Account.get({ organization_id: other.id, id: theirs.cash }).go()).data?.name).toBe('Cash on hand');
  });
});
