/**
 * Budgets: a fiscal year's twelve monthly amounts per income or expense account, their totals, and
 * budget vs actual from the ledger's balance items (ledger/balances.ts, never the journal lines).
 *
 * A budget item embeds its lines (db/budget.ts): every change reads the budget, changes it in
 * memory and writes it back whole on condition of the version read, so "one line per account" and
 * the stored totals always hold together. A change that named no version is retried on a
 * concurrent change (it did not depend on what it read); one that did answers 409.
 *
 * The budget refers to the account of each of its lines (db/reference.ts, source `budget`): the
 * references move with the lines in the budget's own write, so an account a budget plans for is
 * deactivated rather than deleted (accounts.ts) while the budget names it.
 */
import { hasRank, money } from '@daftar/shared';
import {
  BUDGET_MONTHS,
  MAX_BUDGET_LINES,
  type BudgetAccountType,
  type BudgetCreate,
  type BudgetLineInput,
  type BudgetLinePublic,
  type BudgetLineUpdate,
  type BudgetPublic,
  type BudgetStatus,
  type BudgetSummary,
  type BudgetUpdate,
  type BudgetVsActual,
} from '@daftar/shared/schemas/budgets';
import { Account, type AccountRecord } from '../db/account.js';
import { readById } from '../db/batch-get.js';
import { ActiveBudget, Budget, type BudgetRecord, type StoredBudgetLine, type StoredBudgetTotals } from '../db/budget.js';
import { organizationSettings } from '../organizations/settings.js';
import { requireMayDeleteDraft, type DraftDeleter } from '../documents/draft-delete.js';
import { countMatching, takeRange, type PageableQuery } from '../db/paging.js';
import { referenceItem, removeReferenceItem, type EntityRef } from '../db/reference.js';
import {
  conditionCheck,
  deleteItem,
  isConditionFailure,
  MAX_TRANSACTION_ACTIONS,
  postInChunks,
  postTransaction,
  putItem,
  type TransactItem,
} from '../db/transaction.js';
import { Conflict, Forbidden, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { balanceItems, itemTotals } from '../ledger/balances.js';
import { loadChart } from '../ledger/chart.js';
import { lastDayOfMonth, nextMonth } from '../ledger/dates.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { logger } from '../platform/logger.js';

const BUDGET_TYPES = new Set<string>(['income', 'expense']);

export class BudgetChanged extends Conflict {
  constructor() {
    super('The budget was changed by someone else; reload and try again');
  }
}

const closedConflict = () => new Conflict('The budget is closed; reopen it (status active or draft) before changing it');

// ---------------------------------------------------------------------------------------------
// Fiscal months and totals

/** The first month of fiscal year `year` for an organization whose fiscal year starts in `startMonth` (1–12). */
export const fiscalStartMonth = (year: number, startMonth: number) => `${String(year).padStart(4, '0')}-${String(startMonth).padStart(2, '0')}`;

/** The twelve months (YYYY-MM) from the first. */
export function fiscalMonths(startMonth: string): string[] {
  const months = [startMonth];
  while (months.length < BUDGET_MONTHS) months.push(nextMonth(months[months.length - 1]!));
  return months;
}

const sumOf = (values: readonly number[]) => {
  const total = values.reduce((a, b) => a + b, 0);
  if (!Number.isSafeInteger(total)) throw new ValidationError([{ loc: ['body'], msg: 'Amounts too large to add up exactly', type: 'too_big' }]);
  return total;
};

export function computeTotals(lines: readonly StoredBudgetLine[]): StoredBudgetTotals {
  const monthly = (type: BudgetAccountType) =>
    Array.from({ length: BUDGET_MONTHS }, (_, m) => sumOf(lines.filter((l) => l.account_type === type).map((l) => l.amounts[m] ?? 0)));
  const income = monthly('income');
  const expense = monthly('expense');
  const net = income.map((value, m) => value - expense[m]!);
  return { income, expense, net, income_total: sumOf(income), expense_total: sumOf(expense), net_total: sumOf(income) - sumOf(expense) };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function getBudget(organizationId: string, id: string): Promise<BudgetRecord> {
  const { data } = await Budget.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Budget not found');
  return data;
}

export const linesOf = (budget: BudgetRecord) => budget.lines as StoredBudgetLine[];
const totalsOf = (budget: BudgetRecord) => budget.totals as StoredBudgetTotals;

export function findLine(budget: BudgetRecord, lineId: string): StoredBudgetLine {
  const line = linesOf(budget).find((l) => l.id === lineId);
  if (!line) throw new NotFound('Budget line not found');
  return line;
}

export async function listBudgets(organizationId: string, query: { skip: number; limit: number; fiscal_year?: number; status?: BudgetStatus }) {
  const base = query.fiscal_year
    ? Budget.query.byFiscalYear({ organization_id: organizationId, fiscal_year: String(query.fiscal_year) })
    : Budget.query.byFiscalYear({ organization_id: organizationId });
  const filtered = query.status ? base.where((a, { eq }) => eq(a.status, query.status!)) : base;
  const q = filtered as unknown as PageableQuery<BudgetRecord>;
  const [data, count] = await Promise.all([takeRange(q, query.skip, query.limit, 'desc'), countMatching(q)]);
  return { data, count };
}

// ---------------------------------------------------------------------------------------------
// Lines: validation and amounts

const issueAt = (loc: (string | number)[], msg: string): ValidationIssue => ({ loc: ['body', ...loc], msg, type: 'value_error' });

/** The accounts named by lines, read in one BatchGet keyed by organization (another tenant's account is not found). */
const accountsById = (organizationId: string, ids: string[]) =>
  readById<AccountRecord>((keys) => Account.get(keys).go({ consistent: true }), organizationId, ids, { what: 'accounts' });

function accountIssue(account: AccountRecord | undefined, loc: (string | number)[]): ValidationIssue | null {
  if (!account) return issueAt(loc, 'Account not found');
  if (!BUDGET_TYPES.has(account.type)) return issueAt(loc, `${account.code} ${account.name} is an ${account.type} account; budgets have income and expense accounts`);
  if (!account.is_active) return issueAt(loc, `${account.code} ${account.name} is inactive`);
  return null;
}

/** Twelve amounts in minor units, from the monthly amounts or an annual amount spread evenly (remainder to the first months). */
function amountsOf(input: { amounts?: (string | number)[]; annual_amount?: string | number }, currency: string, loc: (string | number)[], issues: ValidationIssue[]): number[] | null {
  const parse = (value: string | number, at: (string | number)[]) => {
    try {
      return money.parseMoney(value, currency).amount;
    } catch (error) {
      if (!(error instanceof money.MoneyError)) throw error;
      issues.push(issueAt(at, error.message));
      return null;
    }
  };
  if (input.annual_amount !== undefined) {
    const annual = parse(input.annual_amount, [...loc, 'annual_amount']);
    if (annual === null) return null;
    return money.allocate(money.fromMinorUnits(annual, currency), Array(BUDGET_MONTHS).fill(1)).map((m) => m.amount);
  }
  const parsed = (input.amounts ?? []).map((value, m) => parse(value, [...loc, 'amounts', m]));
  return parsed.every((a): a is number => a !== null) ? parsed : null;
}

function storedLine(id: string, account: AccountRecord, amounts: number[], notes: string | null): StoredBudgetLine {
  return {
    id,
    account_id: account.id,
    account_code: account.code,
    account_name: account.name,
    account_type: account.type as BudgetAccountType,
    amounts,
    total: sumOf(amounts),
    notes,
  };
}

const duplicateLine = (line: Pick<StoredBudgetLine, 'account_code' | 'account_name'>) =>
  new Conflict(`The budget already has a line for ${line.account_code} ${line.account_name}; change that line instead`);

async function checkedLines(organizationId: string, currency: string, inputs: readonly BudgetLineInput[], loc: (string | number)[]): Promise<StoredBudgetLine[]> {
  const accounts = await accountsById(organizationId, inputs.map((l) => l.account_id));
  const issues: ValidationIssue[] = [];
  const lines: StoredBudgetLine[] = [];
  inputs.forEach((input, index) => {
    const account = accounts.get(input.account_id);
    const problem = accountIssue(account, [...loc, index, 'account_id']);
    if (problem) issues.push(problem);
    const amounts = amountsOf(input, currency, [...loc, index], issues);
    if (!problem && amounts) lines.push(storedLine(uuidv7(), account!, amounts, input.notes ?? null));
  });
  if (issues.length) throw new ValidationError(issues);
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.account_id)) throw duplicateLine(line);
    seen.add(line.account_id);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Writing

const activeKey = (organizationId: string, fiscalYear: string) => ({ organization_id: organizationId, fiscal_year: fiscalYear });

async function activeConflict(organizationId: string, fiscalYear: string, budgetId: string): Promise<Conflict | null> {
  const { data: guard } = await ActiveBudget.get(activeKey(organizationId, fiscalYear)).go({ consistent: true });
  if (!guard || guard.budget_id === budgetId) return null;
  const { data: other } = await Budget.get({ organization_id: organizationId, id: guard.budget_id }).go();
  return new Conflict(`Fiscal year ${fiscalYear} already has an active budget${other ? ` ("${other.name}")` : ''}; close it or set it back to draft first`);
}

/** The items that make `budgetId` the active budget of a year, or stop it being so. */
const becomeActive = (organizationId: string, fiscalYear: string, budgetId: string) =>
  putItem(ActiveBudget.create({ ...activeKey(organizationId, fiscalYear), budget_id: budgetId }).params(), () =>
    new Conflict(`Fiscal year ${fiscalYear} already has an active budget; close it or set it back to draft first`),
  );
const stopActive = (organizationId: string, fiscalYear: string, budgetId: string) =>
  deleteItem(ActiveBudget.delete(activeKey(organizationId, fiscalYear)).where((a, { eq }) => eq(a.budget_id, budgetId)).params(), () => new BudgetChanged());

/** Activating, closing or reopening a budget is an admin's decision. */
function requireStatusRight(from: BudgetStatus | null, to: BudgetStatus, isAdmin: boolean) {
  if (from === to || isAdmin) return;
  if (from === null && to === 'draft') return;
  throw new Forbidden(`Only an admin can ${to === 'active' ? 'activate' : to === 'closed' ? 'close' : 'reopen'} a budget`);
}

// ---------------------------------------------------------------------------------------------
// References to the lines' accounts

const accountRefs = (lines: readonly StoredBudgetLine[]): EntityRef[] => lines.map((l) => ({ type: 'account', id: l.account_id }));
const missingFrom = (refs: EntityRef[], others: EntityRef[]) => refs.filter((r) => !others.some((o) => o.id === r.id));
const accountsChanged = (before: readonly StoredBudgetLine[], after: readonly StoredBudgetLine[]) =>
  missingFrom(accountRefs(after), accountRefs(before)).length > 0 || missingFrom(accountRefs(before), accountRefs(after)).length > 0;

/** A newly named account must still exist and be active when the budget is written (else it could gain a dangling reference). */
const accountStillActive = (organizationId: string, accountId: string) =>
  conditionCheck(
    Account.delete({ organization_id: organizationId, id: accountId }).where((a, { eq }) => eq(a.is_active, true)).params(),
    () => new Conflict('An account of the budget was deleted or deactivated meanwhile; reload and try again'),
  );

/**
 * Writes the budget's own items (`write`) together with the reference changes that take its lines
 * from `before` to `after`: a Put and an account check for each account it now names, a Delete for
 * each it no longer does. A line change always fits one transaction. A budget of many lines created
 * or deleted whole may not: then the new references are written first (taken back if the budget
 * is refused) and the old ones removed after, so an account may look used for a moment, never unused
 * while a budget names it.
 */
async function writeWithReferences(organizationId: string, budgetId: string, write: TransactItem[], before: readonly StoredBudgetLine[], after: readonly StoredBudgetLine[]) {
  const source: EntityRef = { type: 'budget', id: budgetId };
  const added = missingFrom(accountRefs(after), accountRefs(before));
  const addPairs = added.map((t) => [referenceItem(organizationId, t, source), accountStillActive(organizationId, t.id)]);
  const removes = missingFrom(accountRefs(before), accountRefs(after)).map((t) => removeReferenceItem(organizationId, t, source));
  if (write.length + addPairs.length * 2 + removes.length <= MAX_TRANSACTION_ACTIONS) {
    await postTransaction([...write, ...addPairs.flat(), ...removes]);
    return;
  }
  const pairRoom = Math.floor((MAX_TRANSACTION_ACTIONS - write.length) / 2);
  const withBudgetAdds = addPairs.slice(0, pairRoom);
  const earlyAdds = addPairs.slice(pairRoom);
  const removeRoom = MAX_TRANSACTION_ACTIONS - write.length - withBudgetAdds.length * 2;
  const written: EntityRef[] = [];
  const pairsPerTransaction = Math.floor(MAX_TRANSACTION_ACTIONS / 2);
  try {
    for (let i = 0; i < earlyAdds.length; i += pairsPerTransaction) {
      await postTransaction(earlyAdds.slice(i, i + pairsPerTransaction).flat());
      written.push(...added.slice(pairRoom + i, pairRoom + i + pairsPerTransaction));
    }
    await postTransaction([...write, ...withBudgetAdds.flat(), ...removes.slice(0, removeRoom)]);
  } catch (error) {
    await postInChunks(written.map((t) => removeReferenceItem(organizationId, t, source))).catch((cleanup: unknown) =>
      logger.error('budget references left after a refused write', { budget_id: budgetId, error: String(cleanup) }),
    );
    throw error;
  }
  await postInChunks(removes.slice(removeRoom));
}

export async function createBudget(organizationId: string, input: BudgetCreate, createdBy: string | null, isAdmin: boolean): Promise<BudgetRecord> {
  requireStatusRight(null, input.status, isAdmin);
  const { currency, fiscalYearStartMonth } = await organizationSettings(organizationId);
  const lines = await checkedLines(organizationId, currency, input.lines, ['lines']);
  const fiscalYear = String(input.fiscal_year);
  const id = uuidv7();
  if (input.status === 'active') {
    const conflict = await activeConflict(organizationId, fiscalYear, id);
    if (conflict) throw conflict;
  }
  const now = nowIso();
  const budget: BudgetRecord = {
    organization_id: organizationId,
    id,
    name: input.name,
    fiscal_year: fiscalYear,
    start_month: fiscalStartMonth(input.fiscal_year, fiscalYearStartMonth),
    status: input.status,
    notes: input.notes || undefined,
    currency,
    lines,
    totals: computeTotals(lines),
    created_by: createdBy ?? undefined,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const steps: TransactItem[] = [putItem(Budget.create(budget).params())];
  if (budget.status === 'active') steps.push(becomeActive(organizationId, fiscalYear, id));
  await writeWithReferences(organizationId, id, steps, [], lines);
  return budget;
}

/**
 * Writes `after` over `before` on condition of the version read, with any guard changes and the
 * references of lines whose account came or went in the same transaction.
 */
async function writeBudget(before: BudgetRecord, after: BudgetRecord, extra: TransactItem[] = []): Promise<void> {
  const put = Budget.put(after).where((a, { eq }) => eq(a.version, before.version));
  if (!extra.length && !accountsChanged(linesOf(before), linesOf(after))) {
    try {
      await put.go();
    } catch (error) {
      if (isConditionFailure(error)) throw new BudgetChanged();
      throw error;
    }
    return;
  }
  await writeWithReferences(before.organization_id, before.id, [putItem(put.params(), () => new BudgetChanged()), ...extra], linesOf(before), linesOf(after));
}

/**
 * Reads the budget, applies `change` and writes the result; without a version named by the caller,
 * a concurrent change is retried on the fresh budget (a few times) instead of answering 409.
 */
async function changeBudget<R>(
  organizationId: string,
  id: string,
  version: number | undefined,
  change: (budget: BudgetRecord) => Promise<{ after: BudgetRecord; extra?: TransactItem[]; result: R }> | { after: BudgetRecord; extra?: TransactItem[]; result: R },
): Promise<{ before: BudgetRecord; after: BudgetRecord; result: R }> {
  for (let attempt = 1; ; attempt++) {
    const before = await getBudget(organizationId, id);
    if (version !== undefined && version !== before.version) throw new BudgetChanged();
    const { after, extra, result } = await change(before);
    try {
      await writeBudget(before, after, extra);
      return { before, after, result };
    } catch (error) {
      if (!(error instanceof BudgetChanged) || version !== undefined || attempt >= 3) throw error;
    }
  }
}

const withLines = (budget: BudgetRecord, lines: StoredBudgetLine[], now = nowIso()): BudgetRecord => ({
  ...budget,
  lines,
  totals: computeTotals(lines),
  version: budget.version + 1,
  updated_at: now,
});

export async function updateBudget(organizationId: string, id: string, input: BudgetUpdate, isAdmin: boolean) {
  const settings = await organizationSettings(organizationId);
  return changeBudget(organizationId, id, input.version, async (before) => {
    const status = input.status ?? before.status;
    requireStatusRight(before.status, status, isAdmin);
    const changesContent = (['name', 'fiscal_year', 'notes'] as const).some((f) => input[f] !== undefined);
    if (before.status === 'closed' && status === 'closed' && changesContent) throw closedConflict();
    const fiscalYear = input.fiscal_year !== undefined ? String(input.fiscal_year) : before.fiscal_year;
    const yearChanged = fiscalYear !== before.fiscal_year;
    const after: BudgetRecord = {
      ...before,
      name: input.name ?? before.name,
      fiscal_year: fiscalYear,
      start_month: yearChanged ? fiscalStartMonth(Number(fiscalYear), settings.fiscalYearStartMonth) : before.start_month,
      status,
      notes: input.notes === undefined ? before.notes : input.notes || undefined,
      version: before.version + 1,
      updated_at: nowIso(),
    };
    const wasActive = before.status === 'active';
    const isActive = after.status === 'active';
    const extra: TransactItem[] = [];
    if (wasActive && (!isActive || yearChanged)) extra.push(stopActive(organizationId, before.fiscal_year, id));
    if (isActive && (!wasActive || yearChanged)) {
      const conflict = await activeConflict(organizationId, fiscalYear, id);
      if (conflict) throw conflict;
      extra.push(becomeActive(organizationId, fiscalYear, id));
    }
    return { after, extra, result: null };
  });
}

/**
 * Deletes a budget that is not active: a draft by the draft rule (its creator or an admin,
 * documents/draft-delete.ts), a closed one by an admin.
 */
export async function deleteBudget(organizationId: string, id: string, caller: DraftDeleter, version?: number): Promise<BudgetRecord> {
  const budget = await getBudget(organizationId, id);
  if (budget.status === 'active') throw new Conflict('The budget is active; close it or set it back to draft before deleting it');
  if (budget.status === 'draft') requireMayDeleteDraft(budget.created_by, caller, 'budget');
  else if (!hasRank(caller.role, 'admin')) throw new Forbidden('Deleting a closed budget needs the admin role');
  if (version !== undefined && version !== budget.version) throw new BudgetChanged();
  const remove = deleteItem(
    Budget.delete({ organization_id: organizationId, id })
      .where((a, { eq }) => `${eq(a.version, budget.version)} AND ${eq(a.status, budget.status)}`)
      .params(),
    () => new BudgetChanged(),
  );
  await writeWithReferences(organizationId, id, [remove], linesOf(budget), []);
  return budget;
}

export async function addBudgetLine(organizationId: string, id: string, input: BudgetLineInput, version?: number) {
  const { after, result } = await changeBudget(organizationId, id, version, async (budget) => {
    if (budget.status === 'closed') throw closedConflict();
    if (linesOf(budget).length >= MAX_BUDGET_LINES) throw new Conflict(`A budget has at most ${MAX_BUDGET_LINES} lines`);
    const [line] = await checkedLines(organizationId, budget.currency, [input], []).catch((error: unknown) => {
      // A single line's issues point at the body itself, not at lines[0].
      if (error instanceof ValidationError) {
        throw new ValidationError((error.detail as ValidationIssue[]).map((i) => ({ ...i, loc: ['body', ...i.loc.slice(2)] })));
      }
      throw error;
    });
    const existing = linesOf(budget).find((l) => l.account_id === line!.account_id);
    if (existing) throw duplicateLine(existing);
    return { after: withLines(budget, [...linesOf(budget), line!]), result: line! };
  });
  return { budget: after, line: result };
}

export async function updateBudgetLine(organizationId: string, id: string, lineId: string, input: BudgetLineUpdate) {
  const { after, result } = await changeBudget(organizationId, id, input.version, async (budget) => {
    if (budget.status === 'closed') throw closedConflict();
    const current = findLine(budget, lineId);
    let account: AccountRecord | undefined;
    if (input.account_id !== undefined && input.account_id !== current.account_id) {
      account = (await accountsById(organizationId, [input.account_id])).get(input.account_id);
      const problem = accountIssue(account, ['account_id']);
      if (problem) throw new ValidationError([problem]);
      const clash = linesOf(budget).find((l) => l.account_id === input.account_id);
      if (clash) throw duplicateLine(clash);
    }
    const issues: ValidationIssue[] = [];
    const amounts = input.amounts !== undefined || input.annual_amount !== undefined ? amountsOf(input, budget.currency, [], issues) : current.amounts;
    if (issues.length || !amounts) throw new ValidationError(issues);
    const line: StoredBudgetLine = {
      ...(account ? storedLine(current.id, account, amounts, current.notes) : { ...current, amounts, total: sumOf(amounts) }),
      notes: input.notes === undefined ? current.notes : (input.notes ?? null),
    };
    return { after: withLines(budget, linesOf(budget).map((l) => (l.id === lineId ? line : l))), result: line };
  });
  return { budget: after, line: result };
}

export async function removeBudgetLine(organizationId: string, id: string, lineId: string, version?: number) {
  const { after, result } = await changeBudget(organizationId, id, version, (budget) => {
    if (budget.status === 'closed') throw closedConflict();
    const line = findLine(budget, lineId);
    return { after: withLines(budget, linesOf(budget).filter((l) => l.id !== lineId)), result: line };
  });
  return { budget: after, line: result };
}

/**
 * Recomputes and stores what the budget screen shows: each line's account code, name and type as
 * the chart has them now (an account reclassified income ↔ expense moves to the other total; a
 * deleted account keeps its last known name), each line's total, per-month and yearly income,
 * expense and net totals.
 */
export async function calculateBudgetTotals(organizationId: string, id: string, version?: number) {
  const chart = new Map((await loadChart(organizationId)).map((a) => [a.id, a]));
  const { after } = await changeBudget(organizationId, id, version, (budget) => {
    if (budget.status === 'closed') throw closedConflict();
    const lines = linesOf(budget).map((line): StoredBudgetLine => {
      const account = chart.get(line.account_id);
      const refreshed = account && BUDGET_TYPES.has(account.type)
        ? { account_code: account.code, account_name: account.name, account_type: account.type as BudgetAccountType }
        : {};
      return { ...line, ...refreshed, total: sumOf(line.amounts) };
    });
    const now = nowIso();
    return { after: { ...withLines(budget, lines, now), totals_calculated_at: now }, result: null };
  });
  return after;
}

// ---------------------------------------------------------------------------------------------
// Budget vs actual

/** variance ÷ |budget| × 100, half away from zero to two decimals; null when nothing was budgeted. */
export function variancePercent(variance: number, budget: number): string | null {
  if (budget === 0) return null;
  const hundredths = money.roundHalfAwayFromZero(money.ratio(BigInt(variance) * 10_000n, BigInt(Math.abs(budget))));
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * Each line month by month against the ledger: actual is the account's movement in the month in
 * its normal direction (income credits − debits, expense debits − credits), read from the balance
 * items of the fiscal year's months (all shards). Variance is favourable when positive.
 */
export async function budgetVsActual(organizationId: string, id: string): Promise<BudgetVsActual> {
  const budget = await getBudget(organizationId, id);
  const months = fiscalMonths(budget.start_month);
  const items = await balanceItems(organizationId, { from: `${months[0]}-01`, to: lastDayOfMonth(months[BUDGET_MONTHS - 1]!) });
  const movement = new Map<string, { debit: number; credit: number }>();
  for (const item of items) {
    const key = `${item.account_id}|${item.month}`;
    const totals = itemTotals(item);
    const sum = movement.get(key) ?? { debit: 0, credit: 0 };
    movement.set(key, { debit: sumOf([sum.debit, totals.debit]), credit: sumOf([sum.credit, totals.credit]) });
  }
  const actualOf = (accountId: string, type: BudgetAccountType, month: string) => {
    const m = movement.get(`${accountId}|${month}`);
    if (!m) return 0;
    return type === 'income' ? m.credit - m.debit : m.debit - m.credit;
  };
  const text = (amount: number) => money.formatMoney(money.fromMinorUnits(amount, budget.currency));
  const cell = (budgeted: number, actual: number, variance: number) => ({
    budget: text(budgeted),
    actual: text(actual),
    variance: text(variance),
    variance_percent: variancePercent(variance, budgeted),
  });
  const favourable = (type: BudgetAccountType, budgeted: number, actual: number) => (type === 'income' ? actual - budgeted : budgeted - actual);
  const row = (type: BudgetAccountType | 'net', budgeted: number[], actual: number[]) => {
    const variance = (b: number, a: number) => (type === 'net' ? a - b : favourable(type, b, a));
    const [b, a] = [sumOf(budgeted), sumOf(actual)];
    return {
      months: months.map((month, m) => ({ month, ...cell(budgeted[m]!, actual[m]!, variance(budgeted[m]!, actual[m]!)) })),
      total: cell(b, a, variance(b, a)),
    };
  };

  const lines = linesOf(budget);
  const actuals = lines.map((line) => months.map((month) => actualOf(line.account_id, line.account_type, month)));
  const byType = (type: BudgetAccountType, source: 'budget' | 'actual') =>
    months.map((_, m) => sumOf(lines.map((line, i) => (line.account_type === type ? (source === 'budget' ? line.amounts[m]! : actuals[i]![m]!) : 0))));
  const [incomeBudget, incomeActual, expenseBudget, expenseActual] = [byType('income', 'budget'), byType('income', 'actual'), byType('expense', 'budget'), byType('expense', 'actual')];
  const minus = (a: number[], b: number[]) => a.map((v, m) => v - b[m]!);

  return {
    budget_id: budget.id,
    name: budget.name,
    fiscal_year: Number(budget.fiscal_year),
    currency: budget.currency,
    months,
    lines: lines.map((line, i) => ({
      line_id: line.id,
      account_id: line.account_id,
      account_code: line.account_code,
      account_name: line.account_name,
      account_type: line.account_type,
      ...row(line.account_type, line.amounts, actuals[i]!),
    })),
    totals: {
      income: row('income', incomeBudget, incomeActual),
      expense: row('expense', expenseBudget, expenseActual),
      net: row('net', minus(incomeBudget, expenseBudget), minus(incomeActual, expenseActual)),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Presentation

export function presentBudgetLine(budget: BudgetRecord, line: StoredBudgetLine): BudgetLinePublic {
  const text = (amount: number) => money.formatMoney(money.fromMinorUnits(amount, budget.currency));
  return {
    id: line.id,
    account_id: line.account_id,
    account_code: line.account_code,
    account_name: line.account_name,
    account_type: line.account_type,
    amounts: line.amounts.map(text),
    total: text(line.total),
    notes: line.notes,
  };
}

function header(budget: BudgetRecord) {
  const text = (amount: number) => money.formatMoney(money.fromMinorUnits(amount, budget.currency));
  const totals = totalsOf(budget);
  return {
    id: budget.id,
    organization_id: budget.organization_id,
    name: budget.name,
    fiscal_year: Number(budget.fiscal_year),
    status: budget.status,
    notes: budget.notes ?? null,
    currency: budget.currency,
    months: fiscalMonths(budget.start_month),
    totals: {
      income: { amounts: totals.income.map(text), total: text(totals.income_total) },
      expense: { amounts: totals.expense.map(text), total: text(totals.expense_total) },
      net: { amounts: totals.net.map(text), total: text(totals.net_total) },
    },
    totals_calculated_at: budget.totals_calculated_at ?? null,
    created_by: budget.created_by ?? null,
    version: budget.version,
    created_at: budget.created_at,
    updated_at: budget.updated_at,
  };
}

export const presentBudget = (budget: BudgetRecord): BudgetPublic => ({ ...header(budget), lines: linesOf(budget).map((l) => presentBudgetLine(budget, l)) });
export const presentBudgetSummary = (budget: BudgetRecord): BudgetSummary => ({ ...header(budget), line_count: linesOf(budget).length });
