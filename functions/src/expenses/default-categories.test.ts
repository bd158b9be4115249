import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { ChartOfAccounts } from '../db/account.js';
import { ExpenseCategory } from '../db/expenseCategory.js';
import { isReferenced } from '../db/reference.js';
import { defaultAccountId, ensureChartOfAccounts, loadChart } from '../ledger/chart.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { DEFAULT_EXPENSE_CATEGORIES, defaultExpenseCategoryId, ensureDefaultExpenseCategories } from './categories.js';

const categoriesPath = (orgId: string) => `/api/v1/organizations/${orgId}/expense-categories`;
const stored = async (orgId: string) => (await ExpenseCategory.query.byOrganization({ organization_id: orgId }).go({ pages: 'all' })).data;

describe('default expense categories', () => {
  it('gives a new organization bilingual categories on the default expense accounts, once, however many requests race', async () => {
    // prepare: nothing read the chart yet
    const { org, users } = await organizationWithRoles();
    const as = { token: users.member.token, org: org.id };
    // act: the first "New expense" screens, opened at once
    const lists = await Promise.all([0, 1, 2, 3].map(() => call('GET', categoriesPath(org.id), as)));
    const again = await call('GET', categoriesPath(org.id), as);
    // assess
    for (const list of lists) expect(list.status, JSON.stringify(list.body)).toBe(200);
    const categories = await stored(org.id);
    expect(categories).toHaveLength(DEFAULT_EXPENSE_CATEGORIES.length);
    expect(again.body.count).toBe(DEFAULT_EXPENSE_CATEGORIES.length);
    for (const def of DEFAULT_EXPENSE_CATEGORIES) {
      const category = categories.find((c) => c.id === defaultExpenseCategoryId(org.id, def.key));
      expect(category, def.key).toMatchObject({ name: def.name, name_ar: def.name_ar, account_id: defaultAccountId(org.id, def.account_code), is_active: true, expense_count: 0 });
      expect(await isReferenced(org.id, { type: 'account', id: category!.account_id }, 'expense_category')).toBe(true);
    }
    const chart = await loadChart(org.id);
    const accountOf = (key: string) => chart.find((a) => a.id === categories.find((c) => c.id === defaultExpenseCategoryId(org.id, key))!.account_id)!;
    expect(accountOf('rent')).toMatchObject({ code: '6200', type: 'expense' });
    expect(accountOf('bank_charges')).toMatchObject({ code: '6900', type: 'expense' });
    expect(names(again.body.data)).toContain('Rent');
    expect(again.body.data.find((c: { name: string }) => c.name === 'Rent').name_ar).toBe('الإيجار');
  });

  it('files an expense under a default category straight away', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const as = { token: users.member.token, org: org.id };
    const rent = (await call('GET', categoriesPath(org.id), as)).body.data.find((c: { name: string }) => c.name === 'Rent');
    // act
    const filed = await call('POST', `/api/v1/organizations/${org.id}/expenses`, {
      ...as,
      json: { date: '2025-06-01', category_id: rent.id, description: 'June rent', amount: '350.000', paid_from_account_id: defaultAccountId(org.id, '1110') },
    });
    // assess
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body).toMatchObject({ category_id: rent.id, amount: '350.000', status: 'draft' });
  });

  it("leaves an organization that already has categories of its own as it is, and files nothing twice", async () => {
    // prepare: an organization from before the defaults (chart version 1) with a category of its own
    const { org } = await organizationWithRoles();
    await ensureChartOfAccounts(org.id);
    const before = await stored(org.id);
    await Promise.all(before.map((c) => ExpenseCategory.delete({ organization_id: org.id, id: c.id }).go()));
    await ChartOfAccounts.put({ organization_id: org.id, chart_version: 1, created_at: nowIso() }).go();
    const now = nowIso();
    await ExpenseCategory.create({
      organization_id: org.id,
      id: uuidv7(),
      name: 'Fuel',
      account_id: defaultAccountId(org.id, '6600'),
      is_active: true,
      expense_count: 0,
      version: 1,
      created_at: now,
      updated_at: now,
    }).go();
    // act
    const chart = await loadChart(org.id);
    const written = await ensureDefaultExpenseCategories(org.id, chart);
    const writtenAgain = await ensureDefaultExpenseCategories(org.id, chart);
    // assess
    expect(before).toHaveLength(DEFAULT_EXPENSE_CATEGORIES.length);
    expect(written).toBe(0);
    expect(writtenAgain).toBe(0);
    expect(names(await stored(org.id))).toEqual(['Fuel']);
  });
});

const names = (categories: { name: string }[]) => categories.map((c) => c.name);
