/** Expense categories: each names the expense account that its approved expenses are debited to. */
import { createHash } from 'node:crypto';
import type { ExpenseCategoryCreate, ExpenseCategoryPublic, ExpenseCategoryUpdate } from '@daftar/shared/schemas/expenses';
import { Account, type AccountRecord } from '../db/account.js';
import { ExpenseCategory, type ExpenseCategoryRecord } from '../db/expenseCategory.js';
import { referenceChanges, referenceItem, type EntityRef } from '../db/reference.js';
import { assertUnreferenced, InUse, type ReferenceCheck } from '../db/references.js';
import { conditionCheck, deleteItem, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { nowIso, uuidv7 } from '../platform/ids.js';

export function presentExpenseCategory(category: ExpenseCategoryRecord): ExpenseCategoryPublic {
  return {
    id: category.id,
    organization_id: category.organization_id,
    name: category.name,
    name_ar: category.name_ar ?? null,
    account_id: category.account_id,
    description: category.description ?? null,
    is_active: category.is_active,
    expense_count: category.expense_count ?? 0,
    version: category.version,
    created_at: category.created_at,
    updated_at: category.updated_at,
  };
}

export async function getExpenseCategory(organizationId: string, id: string): Promise<ExpenseCategoryRecord> {
  const { data } = await ExpenseCategory.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Expense category not found');
  return data;
}

const changedMeanwhile = () => new Conflict('The expense category was changed by someone else; reload and try again');
const accountIssue = (msg: string) => new ValidationError([{ loc: ['body', 'account_id'], msg, type: 'value_error' }]);

/** The category's account must be an active expense account of THIS organization (another tenant's id is not found). */
async function checkExpenseAccount(organizationId: string, accountId: string): Promise<AccountRecord> {
  const { data: account } = await Account.get({ organization_id: organizationId, id: accountId }).go({ consistent: true });
  if (!account) throw accountIssue('Account not found');
  if (account.type !== 'expense') throw accountIssue(`${account.code} ${account.name} is an ${account.type} account; a category needs an expense account`);
  if (!account.is_active) throw accountIssue(`${account.code} ${account.name} is inactive`);
  return account;
}

/** The account read by `checkExpenseAccount` must still be an active expense account when the category is written. */
const accountStillExpense = (organizationId: string, accountId: string) =>
  conditionCheck(
    Account.delete({ organization_id: organizationId, id: accountId })
      .where((a, { eq }) => `${eq(a.is_active, true)} AND ${eq(a.type, 'expense')}`)
      .params(),
    () => new Conflict('The account was deactivated or changed meanwhile; reload and try again'),
  );

const self = (category: Pick<ExpenseCategoryRecord, 'id'>): EntityRef => ({ type: 'expense_category', id: category.id });
const accountRef = (accountId: string): EntityRef => ({ type: 'account', id: accountId });

export async function listExpenseCategories(organizationId: string, query: { skip: number; limit: number; include_inactive: boolean }) {
  const { data } = await ExpenseCategory.query.byOrganization({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  const shown = data
    .filter((c) => query.include_inactive || c.is_active)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1));
  return { data: shown.slice(query.skip, query.skip + query.limit), count: shown.length };
}

export async function createExpenseCategory(organizationId: string, input: ExpenseCategoryCreate): Promise<ExpenseCategoryRecord> {
  await checkExpenseAccount(organizationId, input.account_id);
  const now = nowIso();
  const category: ExpenseCategoryRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    name: input.name,
    name_ar: input.name_ar || undefined,
    account_id: input.account_id,
    description: input.description || undefined,
    is_active: input.is_active,
    expense_count: 0,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  await postTransaction([
    putItem(ExpenseCategory.create(category).params()),
    accountStillExpense(organizationId, input.account_id),
    ...referenceChanges(organizationId, self(category), [], [accountRef(input.account_id)]),
  ]);
  return category;
}

const CLEARABLE = ['name_ar', 'description'] as const;

/** The conditional update from `before` to `after` (the expense count is left to the expenses' own ADDs). */
function categoryWrite(before: ExpenseCategoryRecord, after: ExpenseCategoryRecord): TransactItem {
  const set = {
    name: after.name,
    account_id: after.account_id,
    is_active: after.is_active,
    version: after.version,
    updated_at: after.updated_at,
    ...(after.name_ar !== undefined ? { name_ar: after.name_ar } : {}),
    ...(after.description !== undefined ? { description: after.description } : {}),
  };
  const cleared = CLEARABLE.filter((f) => after[f] === undefined && before[f] !== undefined);
  let patch = ExpenseCategory.patch({ organization_id: before.organization_id, id: before.id }).set(set);
  if (cleared.length) patch = patch.remove([...cleared]) as typeof patch;
  return updateItem(patch.where((a, { eq }) => eq(a.version, before.version)).params(), changedMeanwhile);
}

export async function updateExpenseCategory(organizationId: string, id: string, input: ExpenseCategoryUpdate) {
  const before = await getExpenseCategory(organizationId, id);
  if (input.version !== undefined && input.version !== before.version) throw changedMeanwhile();
  const accountChanged = input.account_id !== undefined && input.account_id !== before.account_id;
  if (accountChanged) await checkExpenseAccount(organizationId, input.account_id!);
  const optional = (field: (typeof CLEARABLE)[number]) => (input[field] === undefined ? before[field] : input[field] || undefined);
  const after: ExpenseCategoryRecord = {
    ...before,
    name: input.name ?? before.name,
    name_ar: optional('name_ar'),
    account_id: input.account_id ?? before.account_id,
    description: optional('description'),
    is_active: input.is_active ?? before.is_active,
    version: before.version + 1,
    updated_at: nowIso(),
  };
  const steps = [categoryWrite(before, after)];
  if (accountChanged) {
    steps.push(
      accountStillExpense(organizationId, after.account_id),
      ...referenceChanges(organizationId, self(before), [accountRef(before.account_id)], [accountRef(after.account_id)]),
    );
  }
  await postTransaction(steps);
  return { before, after };
}

/**
 * What refers to a category. Expenses are counted on the category itself (see
 * db/expenseCategory.ts), so the check is the count, and the delete below is conditioned on it.
 */
export const expenseCategoryReferenceChecks: ReferenceCheck[] = [
  {
    what: 'expenses',
    isReferenced: async (organizationId, id) => ((await getExpenseCategory(organizationId, id)).expense_count ?? 0) > 0,
  },
];

/** Deletes the category, or deactivates it when expenses are filed under it (they keep pointing at it). */
export async function deleteExpenseCategory(
  organizationId: string,
  id: string,
): Promise<{ category: ExpenseCategoryRecord; outcome: 'deleted' } | { category: ExpenseCategoryRecord; outcome: 'deactivated'; references: string[] }> {
  const category = await getExpenseCategory(organizationId, id);
  try {
    await assertUnreferenced(expenseCategoryReferenceChecks, 'expense category', organizationId, id);
  } catch (error) {
    if (!(error instanceof InUse)) throw error;
    if (!category.is_active) return { category, outcome: 'deactivated', references: error.references };
    const after: ExpenseCategoryRecord = { ...category, is_active: false, version: category.version + 1, updated_at: nowIso() };
    await postTransaction([categoryWrite(category, after)]);
    return { category: after, outcome: 'deactivated', references: error.references };
  }
  await postTransaction([
    deleteItem(
      ExpenseCategory.delete({ organization_id: organizationId, id })
        .where((a, { eq }) => `${eq(a.version, category.version)} AND ${eq(a.expense_count, 0)}`)
        .params(),
      () => new Conflict('An expense was filed under the category meanwhile; reload and try again'),
    ),
    ...referenceChanges(organizationId, self(category), [accountRef(category.account_id)], []),
  ]);
  return { category, outcome: 'deleted' };
}

// ---------------------------------------------------------------------------------------------
// The default categories of a new organization (GitHub issue 12: the first expense has a list)

export interface DefaultExpenseCategory {
  /** Stable name of the default, from which its id is derived. */
  key: string;
  name: string;
  name_ar: string;
  /** The default chart's expense account (ledger/chart.ts DEFAULT_CHART) its expenses are debited to. */
  account_code: string;
}

/** What a small Jordanian business spends on, each on the fitting account of the default chart. */
export const DEFAULT_EXPENSE_CATEGORIES: readonly DefaultExpenseCategory[] = [
  { key: 'rent', name: 'Rent', name_ar: 'الإيجار', account_code: '6200' },
  { key: 'utilities', name: 'Electricity and water', name_ar: 'الكهرباء والمياه', account_code: '6300' },
  { key: 'telecom', name: 'Telephone and internet', name_ar: 'الهاتف والإنترنت', account_code: '6310' },
  { key: 'salaries', name: 'Salaries and wages', name_ar: 'الرواتب والأجور', account_code: '6100' },
  { key: 'transport', name: 'Transport and fuel', name_ar: 'المواصلات والمحروقات', account_code: '6600' },
  { key: 'office_supplies', name: 'Office supplies and stationery', name_ar: 'القرطاسية واللوازم المكتبية', account_code: '6400' },
  { key: 'bank_charges', name: 'Bank charges', name_ar: 'العمولات البنكية', account_code: '6900' },
  { key: 'marketing', name: 'Advertising and marketing', name_ar: 'الدعاية والإعلان', account_code: '6500' },
  { key: 'maintenance', name: 'Repairs and maintenance', name_ar: 'الصيانة والإصلاحات', account_code: '6700' },
  { key: 'professional_fees', name: 'Professional fees', name_ar: 'الأتعاب المهنية', account_code: '6800' },
  { key: 'government_fees', name: 'Government fees and licences', name_ar: 'الرسوم الحكومية والرخص', account_code: '6810' },
  { key: 'hospitality', name: 'Meals and hospitality', name_ar: 'الضيافة', account_code: '6990' },
];

/**
 * A default category's id, derived from (organization, key) in UUID form like the default
 * accounts' (ledger/chart.ts `defaultAccountId`): two requests seeding at once write the same
 * items, and the conditional create makes the second a no-op instead of a duplicate.
 */
export function defaultExpenseCategoryId(organizationId: string, key: string): string {
  const hex = createHash('sha256').update(`daftar:expense-category:${organizationId}:${key}`).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const isCancellation = (err: unknown) => {
  const name = (err as { name?: string })?.name;
  return name === 'TransactionCanceledException' || name === 'TransactionConflictException' || err instanceof Conflict;
};

/**
 * Files the default categories for an organization that has none yet, each on its account of
 * `chart` (the organization's accounts; a default account that is missing, inactive or not an
 * expense account falls back to the chart's active "other expenses" account, else the category
 * is skipped). Called once per organization, where its chart of accounts is created
 * (ledger/chart.ts `ensureChartOfAccounts`); an organization that already filed a category of its
 * own keeps exactly what it has. Safe to run concurrently: ids are derived, creates conditional.
 * Returns how many categories this call wrote.
 */
export async function ensureDefaultExpenseCategories(organizationId: string, chart: readonly AccountRecord[]): Promise<number> {
  const { data: existing } = await ExpenseCategory.query.byOrganization({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  if (existing.some((c) => !DEFAULT_EXPENSE_CATEGORIES.some((d) => defaultExpenseCategoryId(organizationId, d.key) === c.id))) return 0;
  const have = new Set(existing.map((c) => c.id));
  const usable = (a: AccountRecord | undefined) => (a && a.type === 'expense' && a.is_active ? a : undefined);
  const fallback = usable(chart.find((a) => a.subtype === 'other_expense' && a.is_system)) ?? usable(chart.find((a) => a.subtype === 'other_expense'));
  const now = nowIso();
  const pairs: TransactItem[][] = [];
  for (const def of DEFAULT_EXPENSE_CATEGORIES) {
    const id = defaultExpenseCategoryId(organizationId, def.key);
    if (have.has(id)) continue;
    const account = usable(chart.find((a) => a.code === def.account_code)) ?? fallback;
    if (!account) continue;
    const category: ExpenseCategoryRecord = {
      organization_id: organizationId,
      id,
      name: def.name,
      name_ar: def.name_ar,
      account_id: account.id,
      is_active: true,
      expense_count: 0,
      version: 1,
      created_at: now,
      updated_at: now,
    };
    pairs.push([putItem(ExpenseCategory.create(category).params()), referenceItem(organizationId, accountRef(account.id), self(category))]);
  }
  try {
    await postTransaction(pairs.flat());
    return pairs.length;
  } catch (err) {
    if (!isCancellation(err)) throw err;
  }
  // Another request is seeding at this moment: one category at a time, skipping what exists.
  let written = 0;
  for (const pair of pairs) {
    try {
      await postTransaction(pair);
      written++;
    } catch (err) {
      if (!isCancellation(err)) throw err;
    }
  }
  return written;
}
