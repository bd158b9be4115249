/** The chart of accounts as a resource: create, change, delete, ledger card, summaries. */
import { money } from '@daftar/shared';
import { ACCOUNT_SUBTYPES, ACCOUNT_TYPES, DEFAULT_SUBTYPE, NORMAL_BALANCE } from '@daftar/shared/schemas/codes';
import type { AccountCreate, AccountType, AccountUpdate } from '@daftar/shared/schemas/accounting';
import { Account, AccountCode, type AccountRecord } from '../db/account.js';
import { AccountPosting, type AccountPostingRecord } from '../db/journalEntry.js';
import { Conflict, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { countMatching } from '../db/paging.js';
import { accountBalances, normalBalance } from '../ledger/balances.js';
import { loadChart } from '../ledger/chart.js';
import { addDays } from '../ledger/dates.js';
import { conditionCheck, deleteItem, onConditionFailed, postTransaction, putItem, updateItem } from '../db/transaction.js';
import { BankLedgerAccount } from '../db/bankAccount.js';
import { isReferenced } from '../db/reference.js';

export async function getAccount(organizationId: string, id: string): Promise<AccountRecord> {
  const { data } = await Account.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Account not found');
  return data;
}

/** Whether any posted entry touched the account (its ledger card has a row). */
export async function accountHasPostings(organizationId: string, accountId: string): Promise<boolean> {
  const { data } = await AccountPosting.query.byAccount({ organization_id: organizationId, account_id: accountId }).go({ consistent: true, limit: 1 });
  return data.length > 0;
}

const issue = (field: string, msg: string): ValidationIssue => ({ loc: ['body', field], msg, type: 'value_error' });

/** A parent must exist in the organization, have the same type, and not descend from the account. */
function parentIssue(chart: AccountRecord[], accountId: string | null, parentId: string, type: AccountType): ValidationIssue | null {
  const byId = new Map(chart.map((a) => [a.id, a]));
  const parent = byId.get(parentId);
  if (!parent) return issue('parent_id', 'Parent account not found');
  if (parent.type !== type) return issue('parent_id', `A sub-account has its parent's type (${parent.code} is ${parent.type})`);
  for (let node: AccountRecord | undefined = parent, depth = 0; node && depth <= chart.length; node = node.parent_id ? byId.get(node.parent_id) : undefined, depth++) {
    if (node.id === accountId) return issue('parent_id', 'An account cannot be placed under itself or its own sub-account');
  }
  return null;
}

function currencyIssue(currency: string | null | undefined): ValidationIssue | null {
  return currency && !money.isCurrencyCode(currency) ? issue('currency', `Unknown currency ${currency}`) : null;
}

const duplicateCode = (code: string) => () => new Conflict(`An account with code ${code} already exists`);
const changedMeanwhile = () => new Conflict('The account was changed by someone else; reload and try again');

export async function createAccount(organizationId: string, input: AccountCreate, baseCurrency: string): Promise<AccountRecord> {
  const chart = await loadChart(organizationId);
  const issues = [currencyIssue(input.currency), input.parent_id ? parentIssue(chart, null, input.parent_id, input.type) : null].filter((i): i is ValidationIssue => !!i);
  if (issues.length) throw new ValidationError(issues);
  const now = new Date().toISOString();
  const account: AccountRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    code: input.code,
    name: input.name,
    name_ar: input.name_ar || undefined,
    description: input.description || undefined,
    type: input.type,
    subtype: input.subtype ?? DEFAULT_SUBTYPE[input.type],
    parent_id: input.parent_id || undefined,
    is_active: input.is_active,
    is_system: false,
    currency: input.currency || baseCurrency,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  await postTransaction([
    putItem(Account.create(account).params()),
    onConditionFailed(putItem(AccountCode.create({ organization_id: organizationId, code: account.code, account_id: account.id }).params()), duplicateCode(account.code)),
  ]);
  return account;
}

export async function updateAccount(organizationId: string, id: string, input: AccountUpdate): Promise<{ before: AccountRecord; after: AccountRecord }> {
  const [before, chart] = await Promise.all([getAccount(organizationId, id), loadChart(organizationId)]);
  if (input.version !== undefined && input.version !== before.version) throw changedMeanwhile();
  const type = input.type ?? before.type;
  const retyped = type !== before.type;
  if (before.is_system) {
    if (retyped || (input.subtype !== undefined && input.subtype !== before.subtype)) throw new Conflict('System accounts cannot be retyped');
    if (input.is_active === false) throw new Conflict('System accounts cannot be deactivated');
  }
  if (retyped) {
    if (chart.some((a) => a.parent_id === id)) throw new Conflict('Retype or move the sub-accounts of this account first');
    if (await accountHasPostings(organizationId, id)) throw new Conflict(`Account ${before.code} has postings; its type cannot change`);
  }
  const typeSubtypes = ACCOUNT_SUBTYPES[type] as readonly string[];
  const subtype = input.subtype ?? (typeSubtypes.includes(before.subtype) ? before.subtype : DEFAULT_SUBTYPE[type]);
  const issues: ValidationIssue[] = [];
  if (!typeSubtypes.includes(subtype)) issues.push(issue('subtype', `Subtype ${subtype} is not a subtype of ${type}`));
  const parentId = input.parent_id === undefined ? before.parent_id : input.parent_id || undefined;
  if (parentId && (input.parent_id || retyped)) {
    const problem = parentIssue(chart, id, parentId, type);
    if (problem) issues.push(problem);
  }
  const badCurrency = currencyIssue(input.currency);
  if (badCurrency) issues.push(badCurrency);
  if (issues.length) throw new ValidationError(issues);

  const now = new Date().toISOString();
  const after: AccountRecord = {
    ...before,
    code: input.code ?? before.code,
    name: input.name ?? before.name,
    name_ar: input.name_ar === undefined ? before.name_ar : input.name_ar || undefined,
    description: input.description === undefined ? before.description : input.description || undefined,
    type,
    subtype,
    parent_id: parentId,
    currency: input.currency ?? before.currency,
    is_active: input.is_active ?? before.is_active,
    version: before.version + 1,
    updated_at: now,
  };
  const cleared = (['name_ar', 'description', 'parent_id'] as const).filter((f) => after[f] === undefined && before[f] !== undefined);
  const { organization_id: _o, id: _i, created_at: _c, is_system: _s, name_ar, description, parent_id, ...always } = after;
  const set = { ...always, ...(name_ar ? { name_ar } : {}), ...(description ? { description } : {}), ...(parent_id ? { parent_id } : {}) };
  let patch = Account.patch({ organization_id: organizationId, id }).set(set);
  if (cleared.length) patch = patch.remove(cleared) as typeof patch;
  const items = [onConditionFailed(updateItem(patch.where((a, { eq }) => eq(a.version, before.version)).params()), changedMeanwhile)];
  if (after.code !== before.code) {
    items.push(
      onConditionFailed(deleteItem(AccountCode.delete({ organization_id: organizationId, code: before.code }).where((a, { eq }) => eq(a.account_id, id)).params()), changedMeanwhile),
      onConditionFailed(putItem(AccountCode.create({ organization_id: organizationId, code: after.code, account_id: id }).params()), duplicateCode(after.code)),
    );
  }
  await postTransaction(items);
  return { before, after };
}

export async function deleteAccount(organizationId: string, id: string): Promise<AccountRecord> {
  const [account, chart] = await Promise.all([getAccount(organizationId, id), loadChart(organizationId)]);
  if (account.is_system) throw new Conflict('System accounts cannot be deleted');
  if (chart.some((a) => a.parent_id === id)) throw new Conflict('Delete or move the sub-accounts of this account first');
  if (await accountHasPostings(organizationId, id)) {
    throw new Conflict(`Account ${account.code} ${account.name} has postings and cannot be deleted; deactivate it instead`);
  }
  if (await isReferenced(organizationId, { type: 'account', id })) {
    throw new Conflict(`Account ${account.code} ${account.name} is used by documents or settings and cannot be deleted; deactivate it instead`);
  }
  await postTransaction([
    // A bank account's ledger account goes only with the bank account (checked in the transaction,
    // so one linked meanwhile cancels the delete).
    conditionCheck(
      BankLedgerAccount.delete({ organization_id: organizationId, account_id: id }).where((a, { notExists }) => notExists(a.account_id)).params(),
      () => new Conflict(`Account ${account.code} ${account.name} is the ledger account of a bank account; delete or relink the bank account first`),
    ),
    onConditionFailed(deleteItem(Account.delete({ organization_id: organizationId, id }).where((a, { eq }) => eq(a.version, account.version)).params()), changedMeanwhile),
    onConditionFailed(deleteItem(AccountCode.delete({ organization_id: organizationId, code: account.code }).where((a, { eq }) => eq(a.account_id, id)).params()), changedMeanwhile),
  ]);
  return account;
}

export interface LedgerCardRow {
  posting: AccountPostingRecord;
  /** Running balance after the row, normal direction. */
  balance: number;
}

/**
 * An account's postings in date order with a running balance, rows `skip .. skip+limit` of the
 * date range. The opening balance (before `start_date`) comes from the balance items; the rows
 * skipped are read (they carry the running balance to the first row shown).
 */
export async function ledgerCard(
  organizationId: string,
  account: AccountRecord,
  range: { skip: number; limit: number; start_date?: string; end_date?: string },
): Promise<{ opening: number; rows: LedgerCardRow[]; count: number }> {
  const base = AccountPosting.query.byAccount({ organization_id: organizationId, account_id: account.id });
  // Sort keys are POSTING#<date>#<entry>: `POSTING#<day after end>` bounds the end date inclusively.
  const { start_date: start, end_date: end } = range;
  const query = start && end ? base.between({ date: start }, { date: addDays(end, 1) }) : start ? base.gte({ date: start }) : end ? base.lt({ date: addDays(end, 1) }) : base;
  const openingTotals = start ? (await accountBalances(organizationId, { to: addDays(start, -1), accountId: account.id })).get(account.id) : undefined;
  const opening = normalBalance(account.type, openingTotals);
  const wanted = range.skip + range.limit;
  const postings: AccountPostingRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: AccountPostingRecord[]; cursor: string | null } = await query.go({ cursor, order: 'asc', consistent: true });
    postings.push(...page.data);
    cursor = page.cursor;
  } while (cursor && postings.length < wanted);
  const sign = NORMAL_BALANCE[account.type] === 'debit' ? 1 : -1;
  let running = opening;
  const rows = postings.slice(0, wanted).map((posting) => {
    running += sign * (posting.debit - posting.credit);
    return { posting, balance: running };
  });
  return { opening, rows: rows.slice(range.skip), count: await countMatching(query) };
}

/** Totals per account type, as of a date. */
export async function summaryByType(organizationId: string, asOf: string) {
  const [chart, balances] = await Promise.all([loadChart(organizationId), accountBalances(organizationId, { asOf })]);
  const rows = ACCOUNT_TYPES.map((type) => {
    let debit = 0;
    let credit = 0;
    const accounts = chart.filter((a) => a.type === type);
    for (const account of accounts) {
      const totals = balances.get(account.id);
      debit += totals?.debit ?? 0;
      credit += totals?.credit ?? 0;
    }
    return { type, account_count: accounts.length, debit, credit, balance: normalBalance(type, { debit, credit }) };
  });
  const balanceOf = (type: AccountType) => rows.find((r) => r.type === type)!.balance;
  return { rows, netIncome: balanceOf('income') - balanceOf('expense') };
}
