import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { Account } from '../db/account.js';
import { ActiveBudget, Budget } from '../db/budget.js';
import { Organization } from '../db/organization.js';
import { loadChart } from '../ledger/chart.js';
import { ledgerAccounts } from '../ledger/test-helpers.js';
import { accountCreate } from '@daftar/shared/schemas/accounting';
import { createAccount } from '../accounts/accounts.js';
import { isReferenced } from '../db/reference.js';
import { variancePercent } from './budgets.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}`;
const twelve = (amount: string) => Array<string>(12).fill(amount);

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const a = await ledgerAccounts(org.id);
  const chart = await loadChart(org.id);
  const code = (c: string) => chart.find((x) => x.code === c)!.id;
  const accounts = { ...a, rent: code('6200'), utilities: code('6300'), services: code('4200') };
  const url = `${base(org.id)}/budgets`;
  const create = async (json: Record<string, unknown>, role: keyof typeof users = 'member') => {
    const res = await call('POST', url, { ...as(role), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  /** Rent 500 a month (1000 in December), sales 120 000 a year spread evenly. */
  const plan = () =>
    create({
      name: 'Plan 2025',
      fiscal_year: 2025,
      lines: [
        { account_id: accounts.rent, amounts: [...twelve('500').slice(0, 11), '1000'] },
        { account_id: accounts.sales, annual_amount: '120000' },
      ],
    });
  const stored = async (id: string) => (await Budget.get({ organization_id: org.id, id }).go({ consistent: true })).data!;
  return { org, users, as, accounts, url, create, plan, stored };
}

describe('budgets', () => {
  it('creates a budget with lines over the fiscal year, with line, monthly and yearly totals', async () => {
    // prepare
    const { org, plan, as, url } = await setup();
    // act
    const budget = await plan();
    const read = await call('GET', `${url}/${budget.id}`, as('viewer'));
    const listed = await call('GET', url, { ...as('viewer'), query: { fiscal_year: 2025 } });
    const otherYear = await call('GET', url, { ...as('viewer'), query: { fiscal_year: 2026 } });
    // assess
    expect(budget).toMatchObject({ name: 'Plan 2025', fiscal_year: 2025, status: 'draft', currency: 'JOD', organization_id: org.id, version: 1 });
    expect(budget.months).toEqual(['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12']);
    expect(budget.lines.map((l: { account_code: string; account_type: string; total: string }) => [l.account_code, l.account_type, l.total])).toEqual([
      ['6200', 'expense', '6500.000'],
      ['4100', 'income', '120000.000'],
    ]);
    expect(budget.lines[1].amounts).toEqual(twelve('10000.000'));
    expect(budget.totals.income).toEqual({ amounts: twelve('10000.000'), total: '120000.000' });
    expect(budget.totals.expense.total).toBe('6500.000');
    expect(budget.totals.net.amounts[0]).toBe('9500.000');
    expect(budget.totals.net.amounts[11]).toBe('9000.000');
    expect(budget.totals.net.total).toBe('113500.000');
    expect(read.body).toEqual(budget);
    expect(listed.body.count).toBe(1);
    expect(listed.body.data[0]).toMatchObject({ id: budget.id, line_count: 2, totals: budget.totals });
    expect(listed.body.data[0].lines).toBeUndefined();
    expect(otherYear.body).toEqual({ data: [], count: 0 });
  });

  it("starts the fiscal year in the organization's fiscal year start month", async () => {
    // prepare
    const { org, create } = await setup();
    await Organization.patch({ id: org.id }).set({ fiscal_year_start_month: 4 }).go();
    // act
    const budget = await create({ name: 'FY 2025/26', fiscal_year: '2025' });
    // assess
    expect(budget.months[0]).toBe('2025-04');
    expect(budget.months[11]).toBe('2026-03');
  });

  it('calculate-totals stores line and budget totals with the accounts as the chart has them now', async () => {
    // prepare
    const { org, plan, as, url, accounts, stored } = await setup();
    const budget = await plan();
    await Account.patch({ organization_id: org.id, id: accounts.rent }).set({ name: 'Shop rent' }).go();
    // act
    const calculated = await call('POST', `${url}/${budget.id}/calculate-totals`, as('member'));
    const byViewer = await call('POST', `${url}/${budget.id}/calculate-totals`, as('viewer'));
    // assess
    expect(calculated.status, JSON.stringify(calculated.body)).toBe(200);
    expect(calculated.body.lines[0]).toMatchObject({ account_name: 'Shop rent', total: '6500.000' });
    expect(calculated.body.totals).toEqual(budget.totals);
    expect(calculated.body.totals_calculated_at).toBeTruthy();
    expect(calculated.body.version).toBe(2);
    const item = await stored(budget.id);
    expect(item.totals).toMatchObject({ income_total: 120_000_000, expense_total: 6_500_000, net_total: 113_500_000 });
    expect((item.lines as { total: number }[]).map((l) => l.total)).toEqual([6_500_000, 120_000_000]);
    expect(byViewer.status).toBe(403);
  });

  it('compares each line month by month with the ledger after a manual journal entry', async () => {
    // prepare
    const { org, users, plan, as, url, accounts } = await setup();
    const budget = await plan();
    const entries = `${base(org.id)}/journal-entries`;
    const post = async (date: string, lines: unknown[]) => {
      const res = await call('POST', entries, { token: users.admin.token, json: { date, status: 'posted', lines } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await post('2025-03-15', [{ account_id: accounts.rent, debit: '600' }, { account_id: accounts.cash, credit: '600' }]);
    await post('2025-03-20', [{ account_id: accounts.cash, debit: '12000' }, { account_id: accounts.sales, credit: '12000' }]);
    await post('2025-03-25', [{ account_id: accounts.sales, debit: '500' }, { account_id: accounts.cash, credit: '500' }]);
    await post('2026-01-05', [{ account_id: accounts.rent, debit: '999' }, { account_id: accounts.cash, credit: '999' }]);
    // act
    const res = await call('GET', `${url}/${budget.id}/vs-actual`, as('viewer'));
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [rent, sales] = res.body.lines;
    expect(rent.months[2]).toEqual({ month: '2025-03', budget: '500.000', actual: '600.000', variance: '-100.000', variance_percent: '-20.00' });
    expect(rent.months[0]).toEqual({ month: '2025-01', budget: '500.000', actual: '0.000', variance: '500.000', variance_percent: '100.00' });
    expect(rent.total).toEqual({ budget: '6500.000', actual: '600.000', variance: '5900.000', variance_percent: '90.77' });
    expect(sales.months[2]).toEqual({ month: '2025-03', budget: '10000.000', actual: '11500.000', variance: '1500.000', variance_percent: '15.00' });
    expect(sales.total).toMatchObject({ actual: '11500.000', variance: '-108500.000', variance_percent: '-90.42' });
    expect(res.body.totals.income.total).toEqual(sales.total);
    expect(res.body.totals.expense.total).toEqual(rent.total);
    expect(res.body.totals.net.months[2]).toEqual({ month: '2025-03', budget: '9500.000', actual: '10900.000', variance: '1400.000', variance_percent: '14.74' });
    expect(res.body.totals.net.total).toEqual({ budget: '113500.000', actual: '10900.000', variance: '-102600.000', variance_percent: '-90.40' });
  });

  it('refuses a second line for an account with 409, on create, add and change', async () => {
    // prepare
    const { plan, as, url, accounts, stored } = await setup();
    const budget = await plan();
    // act
    const duplicateAdd = await call('POST', `${url}/${budget.id}/lines`, { ...as('member'), json: { account_id: accounts.rent, annual_amount: '1' } });
    const duplicateCreate = await call('POST', url, {
      ...as('member'),
      json: { name: 'Twice', fiscal_year: 2025, lines: [{ account_id: accounts.rent, annual_amount: '1' }, { account_id: accounts.rent, annual_amount: '2' }] },
    });
    const moveOntoRent = await call('PUT', `${url}/${budget.id}/lines/${budget.lines[1].id}`, { ...as('member'), json: { account_id: accounts.rent } });
    // assess
    expect(duplicateAdd.status).toBe(409);
    expect(duplicateAdd.body.detail).toBe('The budget already has a line for 6200 Rent; change that line instead');
    expect(duplicateCreate.status).toBe(409);
    expect(moveOntoRent.status).toBe(409);
    expect((await stored(budget.id)).version).toBe(1);
  });

  it('refuses bad monthly amounts and accounts with 422, writing nothing', async () => {
    // prepare
    const { org, plan, as, url, accounts, stored } = await setup();
    const budget = await plan();
    const stranger = await createUser();
    const other = await createOrganization(stranger.user.id);
    const theirs = await ledgerAccounts(other.id);
    const add = (json: Record<string, unknown>) => call('POST', `${url}/${budget.id}/lines`, { ...as('member'), json });
    // act
    const eleven = await add({ account_id: accounts.utilities, amounts: twelve('1').slice(1) });
    const negative = await add({ account_id: accounts.utilities, amounts: [...twelve('1').slice(1), '-1'] });
    const tooPrecise = await add({ account_id: accounts.utilities, amounts: ['1', '1', '1', '1.0001', ...twelve('1').slice(4)] });
    const both = await add({ account_id: accounts.utilities, amounts: twelve('1'), annual_amount: '12' });
    const neither = await add({ account_id: accounts.utilities });
    const asset = await add({ account_id: accounts.cash, annual_amount: '12' });
    const foreign = await add({ account_id: theirs.other_expense, annual_amount: '12' });
    const badYear = await call('POST', url, { ...as('member'), json: { name: 'Bad', fiscal_year: 'next' } });
    const badLineInCreate = await call('POST', url, { ...as('member'), json: { name: 'Bad', fiscal_year: 2025, lines: [{ account_id: accounts.cash, amounts: twelve('1') }] } });
    // assess
    expect(eleven.status).toBe(422);
    expect(eleven.body.detail[0].loc).toEqual(['body', 'amounts']);
    expect(negative.status).toBe(422);
    expect(negative.body.detail[0].loc.slice(0, 3)).toEqual(['body', 'amounts', 11]);
    expect(tooPrecise.status).toBe(422);
    expect(tooPrecise.body.detail).toEqual([{ loc: ['body', 'amounts', 3], msg: 'JOD amounts have at most 3 decimal places, got "1.0001"', type: 'value_error' }]);
    expect(both.status).toBe(422);
    expect(neither.status).toBe(422);
    expect(asset.status).toBe(422);
    expect(asset.body.detail).toEqual([{ loc: ['body', 'account_id'], msg: '1110 Cash on hand is an asset account; budgets have income and expense accounts', type: 'value_error' }]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail[0].msg).toBe('Account not found');
    expect(badYear.status).toBe(422);
    expect(badLineInCreate.status).toBe(422);
    expect(badLineInCreate.body.detail[0].loc).toEqual(['body', 'lines', 0, 'account_id']);
    expect((await stored(budget.id)).version).toBe(1);
    expect((await Budget.query.byFiscalYear({ organization_id: org.id }).go()).data).toHaveLength(1);
  });

  it('adds, reads, changes and removes lines, keeping the totals in step', async () => {
    // prepare
    const { plan, as, url, accounts } = await setup();
    const budget = await plan();
    const lines = `${url}/${budget.id}/lines`;
    // act
    const added = await call('POST', lines, { ...as('member'), json: { account_id: accounts.services, annual_amount: '100.001', version: 1 } });
    const stale = await call('POST', lines, { ...as('member'), json: { account_id: accounts.utilities, annual_amount: '1', version: 1 } });
    const read = await call('GET', `${lines}/${added.body.id}`, as('viewer'));
    const changed = await call('PUT', `${lines}/${added.body.id}`, { ...as('member'), json: { amounts: [...twelve('0').slice(1), '50'], notes: 'Year-end contract' } });
    const afterChange = await call('GET', `${url}/${budget.id}`, as('viewer'));
    const removed = await call('DELETE', `${lines}/${budget.lines[0].id}`, as('member'));
    const listed = await call('GET', lines, as('viewer'));
    const missing = await call('GET', `${lines}/${budget.lines[0].id}`, as('viewer'));
    // assess
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.amounts).toEqual([...Array(5).fill('8.334'), ...Array(7).fill('8.333')]);
    expect(added.body.total).toBe('100.001');
    expect(stale.status).toBe(409);
    expect(read.body).toEqual(added.body);
    expect(changed.body).toMatchObject({ total: '50.000', notes: 'Year-end contract', account_code: '4200' });
    expect(afterChange.body.totals.income.total).toBe('120050.000');
    expect(afterChange.body.totals.income.amounts[11]).toBe('10050.000');
    expect(removed.body).toEqual({ message: 'Budget line deleted successfully' });
    expect(listed.body.data.map((l: { account_code: string }) => l.account_code)).toEqual(['4100', '4200']);
    expect(missing.status).toBe(404);
  });

  it('keeps one active budget per fiscal year (409) and leaves activating and closing to admins', async () => {
    // prepare
    const { org, as, url, create, accounts } = await setup();
    const first = await create({ name: 'Main', fiscal_year: 2025, status: 'active' }, 'admin');
    const second = await create({ name: 'Stretch', fiscal_year: 2025 });
    // act
    const memberCreatesActive = await call('POST', url, { ...as('member'), json: { name: 'Mine', fiscal_year: 2025, status: 'active' } });
    const memberActivates = await call('PUT', `${url}/${second.id}`, { ...as('member'), json: { status: 'active' } });
    const secondActive = await call('PUT', `${url}/${second.id}`, { ...as('admin'), json: { status: 'active' } });
    const createSecondActive = await call('POST', url, { ...as('admin'), json: { name: 'Third', fiscal_year: 2025, status: 'active' } });
    const deleteActive = await call('DELETE', `${url}/${first.id}`, as('admin'));
    const moveYear = await call('PUT', `${url}/${first.id}`, { ...as('admin'), json: { fiscal_year: 2026 } });
    const nowSecond = await call('PUT', `${url}/${second.id}`, { ...as('admin'), json: { status: 'active' } });
    const closeFirst = await call('PUT', `${url}/${first.id}`, { ...as('admin'), json: { status: 'closed' } });
    const lineOnClosed = await call('POST', `${url}/${first.id}/lines`, { ...as('member'), json: { account_id: accounts.rent, annual_amount: '1' } });
    const renameClosed = await call('PUT', `${url}/${first.id}`, { ...as('admin'), json: { name: 'Renamed' } });
    const deleteClosed = await call('DELETE', `${url}/${first.id}`, as('admin'));
    const activeOnly = await call('GET', url, { ...as('viewer'), query: { status: 'active' } });
    // assess
    expect(memberCreatesActive.status).toBe(403);
    expect(memberActivates.status).toBe(403);
    expect(secondActive.status).toBe(409);
    expect(secondActive.body.detail).toBe('Fiscal year 2025 already has an active budget ("Main"); close it or set it back to draft first');
    expect(createSecondActive.status).toBe(409);
    expect(deleteActive.status).toBe(409);
    expect(moveYear.body).toMatchObject({ status: 'active', fiscal_year: 2026, months: expect.arrayContaining(['2026-01']) });
    expect(nowSecond.status, JSON.stringify(nowSecond.body)).toBe(200);
    expect(closeFirst.body.status).toBe('closed');
    expect(lineOnClosed.status).toBe(409);
    expect(renameClosed.status).toBe(409);
    expect(deleteClosed.body).toEqual({ message: 'Budget deleted successfully' });
    expect(activeOnly.body.data.map((b: { name: string }) => b.name)).toEqual(['Stretch']);
    const guards = (await ActiveBudget.query.byFiscalYear({ organization_id: org.id }).go()).data;
    expect(guards).toEqual([expect.objectContaining({ fiscal_year: '2025', budget_id: second.id })]);
  });

  it('lets viewers read only, and answers 404 for another organization’s budget', async () => {
    // prepare
    const { org, as, url, plan, create } = await setup();
    const budget = await plan();
    const adminsDraft = await create({ name: 'Admin plan', fiscal_year: 2026 }, 'admin');
    const stranger = await createUser();
    const other = await createOrganization(stranger.user.id);
    // act
    const viewerCreates = await call('POST', url, { ...as('viewer'), json: { name: 'No', fiscal_year: 2025 } });
    const viewerEdits = await call('PUT', `${url}/${budget.id}`, { ...as('viewer'), json: { name: 'No' } });
    // A member deletes only their own draft budget (documents/draft-delete.ts; draft-delete.test.ts walks every such route).
    const memberDeletes = await call('DELETE', `${url}/${adminsDraft.id}`, as('member'));
    const theirView = await call('GET', `${base(other.id)}/budgets/${budget.id}`, { token: stranger.token });
    const theirVsActual = await call('GET', `${base(other.id)}/budgets/${budget.id}/vs-actual`, { token: stranger.token });
    // assess
    expect(viewerCreates.status).toBe(403);
    expect(viewerEdits.status).toBe(403);
    expect(memberDeletes.status).toBe(403);
    expect(theirView.status).toBe(404);
    expect(theirVsActual.status).toBe(404);
    expect((await call('GET', `${url}/${budget.id}`, as('viewer'))).body.name).toBe('Plan 2025');
    expect(org.id).not.toBe(other.id);
  });

  it('rounds variance percentages half away from zero and has none without a budget', () => {
    expect(variancePercent(1, 3)).toBe('33.33');
    expect(variancePercent(-2, 3)).toBe('-66.67');
    expect(variancePercent(1, 8)).toBe('12.50');
    expect(variancePercent(5, 0)).toBeNull();
  });
});

describe('accounts a budget plans for', () => {
  it('keeps an account that only a budget line uses (409), and frees it once the line moves, goes or the budget is deleted', async () => {
    // prepare
    const { org, users, as, url, create } = await setup();
    const admin = { token: users.admin.token };
    const newAccount = async (code: string) =>
      (await call('POST', `${base(org.id)}/accounts`, { ...admin, json: { code, name: `Planned ${code}`, type: 'expense', subtype: 'rent' } })).body.id as string;
    const [kiosk, store, depot] = [await newAccount('6221'), await newAccount('6222'), await newAccount('6223')];
    const budget = await create({ name: 'Branches', fiscal_year: 2025, lines: [{ account_id: kiosk, annual_amount: '1200' }, { account_id: store, annual_amount: '2400' }] });
    const removeAccount = (id: string) => call('DELETE', `${base(org.id)}/accounts/${id}`, admin);
    // act
    const kioskWhileUsed = await removeAccount(kiosk);
    const moved = await call('PUT', `${url}/${budget.id}/lines/${budget.lines[0].id}`, { ...as('member'), json: { account_id: depot } });
    const kioskAfterMove = await removeAccount(kiosk);
    const depotWhileUsed = await removeAccount(depot);
    const lineRemoved = await call('DELETE', `${url}/${budget.id}/lines/${budget.lines[1].id}`, as('member'));
    const storeAfterLineRemoved = await removeAccount(store);
    const budgetDeleted = await call('DELETE', `${url}/${budget.id}`, as('admin'));
    const depotAfterBudgetDeleted = await removeAccount(depot);
    // assess
    expect(kioskWhileUsed.status).toBe(409);
    expect(kioskWhileUsed.body.detail).toBe('Account 6221 Planned 6221 is used by documents or settings and cannot be deleted; deactivate it instead');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(kioskAfterMove.status, JSON.stringify(kioskAfterMove.body)).toBe(200);
    expect(depotWhileUsed.status).toBe(409);
    expect(lineRemoved.status, JSON.stringify(lineRemoved.body)).toBe(200);
    expect(storeAfterLineRemoved.status, JSON.stringify(storeAfterLineRemoved.body)).toBe(200);
    expect(budgetDeleted.status, JSON.stringify(budgetDeleted.body)).toBe(200);
    expect(depotAfterBudgetDeleted.status, JSON.stringify(depotAfterBudgetDeleted.body)).toBe(200);
  });

  it('writes and removes the references of a budget too large for one transaction (60 lines)', async () => {
    // prepare
    const { org, as, url, create } = await setup();
    const accounts: string[] = [];
    for (let n = 0; n < 60; n++) {
      accounts.push((await createAccount(org.id, accountCreate.parse({ code: String(6501 + n), name: `Branch ${n}`, type: 'expense' }), 'JOD')).id);
    }
    const referenced = () => Promise.all(accounts.map((id) => isReferenced(org.id, { type: 'account', id }, 'budget')));
    // act
    const budget = await create({ name: 'All branches', fiscal_year: 2025, lines: accounts.map((account_id) => ({ account_id, annual_amount: '12' })) });
    const whileStored = await referenced();
    const deleted = await call('DELETE', `${url}/${budget.id}`, as('admin'));
    const afterDelete = await referenced();
    // assess
    expect(budget.lines).toHaveLength(60);
    expect(whileStored.every(Boolean)).toBe(true);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(afterDelete.some(Boolean)).toBe(false);
  });
});
