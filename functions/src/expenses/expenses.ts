/**
 * Expenses: filed as drafts by members, submitted, and approved (posted) or rejected by admins.
 *
 * Approval posts ONE journal entry in the same transaction as the submitted → approved change,
 * conditioned on the version read (docs/ledger.md): debit the category's expense account the net,
 * debit input tax (vat_input) the tax, credit the account paid from — or, when the employee paid,
 * accrued liabilities (2700), naming the employee — the gross. The net/tax split is the shared tax
 * calculator's, price including tax, so it equals what `taxes/calculate` shows for the amount.
 */
import { money, type Role } from '@daftar/shared';
import type { ExpenseCreate, ExpensePublic, ExpenseStatus, ExpenseUpdate } from '@daftar/shared/schemas/expenses';
import { Account, type AccountRecord } from '../db/account.js';
import { Contact } from '../db/contact.js';
import { Expense, type ExpenseRecord } from '../db/expense.js';
import { ExpenseCategory } from '../db/expenseCategory.js';
import { FileUpload } from '../db/fileUpload.js';
import { countMatching, takeAll, takeRange, type PageableQuery } from '../db/paging.js';
import { referenceChanges, type EntityRef } from '../db/reference.js';
import { Tax } from '../db/tax.js';
import { User } from '../db/user.js';
import { conditionCheck, deleteItem, isConditionFailure, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { Conflict, DomainError, Forbidden, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { addDays } from '../ledger/dates.js';
import { onConditionFailed, postTransaction, systemAccounts, type PostingLine } from '../ledger/posting.js';
import { postDocument, type IdempotencyClaim } from '../documents/posting-path.js';
import { requireMayDeleteDraft } from '../documents/draft-delete.js';
import type { AuditActor, AuditEntry } from '../db/auditLog.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { organizationSettings } from '../organizations/settings.js';
import { calculateTaxes } from '../taxes/calculate.js';
import { getExpenseCategory } from './categories.js';

const SUPPLIER_TYPES = new Set(['supplier', 'both']);
const PAYMENT_SUBTYPES = new Set(['cash', 'bank']);
const EDITABLE: readonly ExpenseStatus[] = ['draft', 'rejected'];

const bodyIssue = (field: string, msg: string) => new ValidationError([{ loc: ['body', field], msg, type: 'value_error' }]);
const changedMeanwhile = () => new Conflict('The expense was changed by someone else; reload and try again');

/** Who acts on an expense: the person (user id) and whether their role may act on anyone's. */
export interface ExpenseActor {
  userId: string | null;
  /** Api key or user id, for `approved_by` / the journal's `created_by`. */
  actorId: string | null;
  isAdmin: boolean;
  /** The caller's role in the organization (who may delete a draft: documents/draft-delete.ts). */
  role: Role | null;
  /** Where the approval's audit record comes from: written in the posting's transaction when given. */
  audit?: AuditActor & { entry(approved: ExpenseRecord): AuditEntry };
}

export async function getExpense(organizationId: string, id: string): Promise<ExpenseRecord> {
  const { data } = await Expense.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Expense not found');
  return data;
}

function requireOwnerOrAdmin(expense: ExpenseRecord, actor: ExpenseActor) {
  if (actor.isAdmin || (actor.userId && actor.userId === expense.user_id)) return;
  throw new Forbidden('Only the person who filed an expense, or an admin, can change it');
}

function requireEditable(expense: ExpenseRecord, version?: number) {
  if (expense.status === 'approved') throw new Conflict('The expense is approved and posted; approved expenses cannot be changed or deleted');
  if (expense.status === 'submitted') throw new Conflict('The expense is submitted and waits for approval; it cannot be changed now');
  if (version !== undefined && version !== expense.version) throw changedMeanwhile();
}

// ---------------------------------------------------------------------------------------------
// What an expense refers to

interface ExpenseContent {
  date: string;
  category_id: string;
  description: string;
  amount: string | number;
  tax_id: string | null;
  paid_from_account_id: string | null;
  reimbursable: boolean;
  contact_id: string | null;
  file_id: string | null;
  reference: string | null;
  notes: string | null;
}

const currencyOf = async (organizationId: string) => (await organizationSettings(organizationId)).currency;

async function checkCategory(organizationId: string, categoryId: string) {
  const category = await getExpenseCategory(organizationId, categoryId);
  if (!category.is_active) throw bodyIssue('category_id', `The category ${category.name} is inactive`);
}

/** A cash or bank account of this organization, active (another tenant's id is not found: 422). */
async function checkPaidFrom(organizationId: string, accountId: string) {
  const { data: account } = await Account.get({ organization_id: organizationId, id: accountId }).go({ consistent: true });
  if (!account) throw bodyIssue('paid_from_account_id', 'Account not found');
  if (account.type !== 'asset' || !PAYMENT_SUBTYPES.has(account.subtype)) {
    throw bodyIssue('paid_from_account_id', `${account.code} ${account.name} is not a cash or bank account`);
  }
  if (!account.is_active) throw bodyIssue('paid_from_account_id', `${account.code} ${account.name} is inactive`);
}

async function checkSupplier(organizationId: string, contactId: string) {
  const { data } = await Contact.get({ organization_id: organizationId, id: contactId }).go({ consistent: true });
  if (!data) throw new NotFound('Contact not found');
  if (!SUPPLIER_TYPES.has(data.contact_type)) throw bodyIssue('contact_id', `${data.name} is a customer, not a supplier`);
  if (!data.is_active) throw bodyIssue('contact_id', `${data.name} is inactive`);
}

async function checkFile(organizationId: string, fileId: string) {
  const { data } = await FileUpload.get({ organization_id: organizationId, id: fileId }).go({ consistent: true });
  if (!data) throw new NotFound('File not found');
}

/** Net and tax of the gross amount, by the shared calculator (price including tax); 422s point at the expense's fields. */
async function splitAmount(organizationId: string, currency: string, amount: string | number, taxId: string | null) {
  let gross: number;
  try {
    gross = money.parseMoney(amount, currency).amount;
  } catch (error) {
    if (error instanceof money.MoneyError) throw bodyIssue('amount', error.message);
    throw error;
  }
  try {
    const result = await calculateTaxes(organizationId, {
      currency: currency as money.CurrencyCode,
      lines: [
        {
          quantity: '1',
          unit_price: money.formatMoney(money.fromMinorUnits(gross, currency)),
          discount: null,
          tax_id: taxId,
          tax_rate: taxId ? null : '0',
          tax_category: taxId ? null : 'exempt',
          special_tax_id: null,
          special_tax: null,
          price_includes_tax: true,
        },
      ],
    });
    const line = result.lines[0]!;
    const minor = (text: string) => money.parseMoney(text, currency).amount;
    return { amount: gross, net_amount: minor(line.net), tax_amount: minor(line.tax), tax_rate: line.tax_rate };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // The calculator points into its one line (`body.lines.0.<field>`); here the fields are the expense's.
    const issues = (error.detail as ValidationIssue[]).map((issue) => ({ ...issue, loc: ['body', issue.loc[3] === 'tax_id' ? 'tax_id' : 'amount'] }));
    throw new ValidationError(issues);
  }
}

/** Records an expense points at, kept as references so contacts, taxes, files and accounts in use are not deleted. */
function targetsOf(content: Pick<ExpenseRecord, 'contact_id' | 'tax_id' | 'file_id' | 'paid_from_account_id'>): EntityRef[] {
  const targets: EntityRef[] = [];
  if (content.contact_id) targets.push({ type: 'contact', id: content.contact_id });
  if (content.tax_id) targets.push({ type: 'tax', id: content.tax_id });
  if (content.file_id) targets.push({ type: 'file', id: content.file_id });
  if (content.paid_from_account_id) targets.push({ type: 'account', id: content.paid_from_account_id });
  return targets;
}

/**
 * Condition checks that newly named records are still usable when the expense is written, so a
 * record deleted or deactivated between the checks above and the write gains no reference.
 */
function stillUsable(organizationId: string, before: Partial<ExpenseContent>, after: ExpenseContent): TransactItem[] {
  const steps: TransactItem[] = [];
  const gone = (what: string) => () => new Conflict(`The ${what} was deleted or deactivated meanwhile; reload and try again`);
  if (after.contact_id && after.contact_id !== before.contact_id) {
    steps.push(conditionCheck(Contact.delete({ organization_id: organizationId, id: after.contact_id }).where((a, { eq }) => eq(a.is_active, true)).params(), gone('supplier')));
  }
  if (after.tax_id && after.tax_id !== before.tax_id) {
    steps.push(conditionCheck(Tax.delete({ organization_id: organizationId, id: after.tax_id }).where((a, { eq }) => eq(a.is_active, true)).params(), gone('tax')));
  }
  if (after.file_id && after.file_id !== before.file_id) {
    steps.push(conditionCheck(FileUpload.delete({ organization_id: organizationId, id: after.file_id }).where((a, { exists }) => exists(a.s3_key)).params(), gone('receipt file')));
  }
  if (after.paid_from_account_id && after.paid_from_account_id !== before.paid_from_account_id) {
    steps.push(
      conditionCheck(
        Account.delete({ organization_id: organizationId, id: after.paid_from_account_id }).where((a, { eq }) => eq(a.is_active, true)).params(),
        gone('paid-from account'),
      ),
    );
  }
  return steps;
}

/** File the expense under a category (count +1, the category must still be active) or take it away (count −1). */
const fileUnder = (organizationId: string, categoryId: string) =>
  updateItem(
    ExpenseCategory.patch({ organization_id: organizationId, id: categoryId }).add({ expense_count: 1 }).where((a, { eq }) => eq(a.is_active, true)).params(),
    () => new Conflict('The expense category was deleted or deactivated meanwhile; reload and try again'),
  );
const takeFrom = (organizationId: string, categoryId: string) =>
  updateItem(ExpenseCategory.patch({ organization_id: organizationId, id: categoryId }).add({ expense_count: -1 }).params());

/** Validates what the expense names and computes its figures. */
async function prepare(organizationId: string, currency: string, before: Partial<ExpenseContent>, content: ExpenseContent) {
  const checks: Promise<unknown>[] = [];
  if (content.category_id !== before.category_id) checks.push(checkCategory(organizationId, content.category_id));
  if (content.paid_from_account_id && content.paid_from_account_id !== before.paid_from_account_id) checks.push(checkPaidFrom(organizationId, content.paid_from_account_id));
  if (content.contact_id && content.contact_id !== before.contact_id) checks.push(checkSupplier(organizationId, content.contact_id));
  if (content.file_id && content.file_id !== before.file_id) checks.push(checkFile(organizationId, content.file_id));
  const figures = splitAmount(organizationId, currency, content.amount, content.tax_id);
  // Not found (404) before invalid (422), whichever check finishes first.
  const results = await Promise.allSettled([...checks, figures]);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
  if (failures.length) {
    const notFound = failures.find((e) => e instanceof NotFound);
    if (notFound) throw notFound;
    const issues = failures.filter((e): e is ValidationError => e instanceof ValidationError).flatMap((e) => e.detail as ValidationIssue[]);
    if (issues.length) throw new ValidationError(issues);
    throw failures.find((e) => e instanceof DomainError) ?? failures[0];
  }
  return figures;
}

const optional = (value: string | null | undefined) => value || undefined;

// ---------------------------------------------------------------------------------------------
// Drafts

export async function createExpense(organizationId: string, input: ExpenseCreate, userId: string): Promise<ExpenseRecord> {
  const currency = await currencyOf(organizationId);
  const content: ExpenseContent = {
    date: input.date,
    category_id: input.category_id,
    description: input.description,
    amount: input.amount,
    tax_id: input.tax_id ?? null,
    paid_from_account_id: input.reimbursable ? null : (input.paid_from_account_id ?? null),
    reimbursable: input.reimbursable ?? false,
    contact_id: input.contact_id ?? null,
    file_id: input.file_id ?? null,
    reference: input.reference ?? null,
    notes: input.notes ?? null,
  };
  const figures = await prepare(organizationId, currency, {}, content);
  const now = nowIso();
  const expense: ExpenseRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    user_id: userId,
    date: content.date,
    category_id: content.category_id,
    description: content.description,
    currency,
    ...figures,
    tax_id: optional(content.tax_id),
    paid_from_account_id: optional(content.paid_from_account_id),
    reimbursable: content.reimbursable,
    contact_id: optional(content.contact_id),
    file_id: optional(content.file_id),
    reference: optional(content.reference),
    notes: optional(content.notes),
    status: 'draft',
    version: 1,
    created_at: now,
    updated_at: now,
  };
  await postTransaction([
    putItem(Expense.create(expense).params()),
    fileUnder(organizationId, expense.category_id),
    ...stillUsable(organizationId, {}, content),
    ...referenceChanges(organizationId, { type: 'expense', id: expense.id }, [], targetsOf(expense)),
  ]);
  return expense;
}

const contentOf = (expense: ExpenseRecord): ExpenseContent => ({
  date: expense.date,
  category_id: expense.category_id,
  description: expense.description,
  amount: money.formatMoney(money.fromMinorUnits(expense.amount, expense.currency)),
  tax_id: expense.tax_id ?? null,
  paid_from_account_id: expense.paid_from_account_id ?? null,
  reimbursable: expense.reimbursable,
  contact_id: expense.contact_id ?? null,
  file_id: expense.file_id ?? null,
  reference: expense.reference ?? null,
  notes: expense.notes ?? null,
});

/**
 * Changes a draft (or a rejected expense, which becomes a draft again) by rewriting it whole, on
 * condition that it is still the version read, with the category counts and references in step.
 */
export async function updateExpense(organizationId: string, id: string, input: ExpenseUpdate, actor: ExpenseActor) {
  const before = await getExpense(organizationId, id);
  requireOwnerOrAdmin(before, actor);
  requireEditable(before, input.version);
  const was = contentOf(before);
  const pick = <K extends keyof ExpenseContent>(k: K): ExpenseContent[K] =>
    (input as Record<string, unknown>)[k] === undefined ? was[k] : ((input as Record<string, unknown>)[k] as ExpenseContent[K]);
  let reimbursable = input.reimbursable ?? was.reimbursable;
  let paidFrom = pick('paid_from_account_id');
  if (input.paid_from_account_id) reimbursable = false;
  if (input.reimbursable === true) paidFrom = null;
  if (!reimbursable && !paidFrom) throw bodyIssue('paid_from_account_id', 'Give the account the expense was paid from, or mark it reimbursable');
  const content: ExpenseContent = {
    date: pick('date'),
    category_id: pick('category_id'),
    description: pick('description'),
    amount: pick('amount'),
    tax_id: pick('tax_id') ?? null,
    paid_from_account_id: paidFrom,
    reimbursable,
    contact_id: pick('contact_id') ?? null,
    file_id: pick('file_id') ?? null,
    reference: pick('reference') ?? null,
    notes: pick('notes') ?? null,
  };
  const figures = await prepare(organizationId, before.currency, was, content);
  const {
    rejection_reason: _reason,
    rejected_at: _rejectedAt,
    rejected_by: _rejectedBy,
    submitted_at: _submittedAt,
    ...kept
  } = before;
  const after: ExpenseRecord = {
    ...kept,
    date: content.date,
    category_id: content.category_id,
    description: content.description,
    ...figures,
    tax_id: optional(content.tax_id),
    paid_from_account_id: optional(content.paid_from_account_id),
    reimbursable: content.reimbursable,
    contact_id: optional(content.contact_id),
    file_id: optional(content.file_id),
    reference: optional(content.reference),
    notes: optional(content.notes),
    status: 'draft',
    version: before.version + 1,
    updated_at: nowIso(),
  };
  const steps: TransactItem[] = [
    putItem(
      Expense.put(after)
        .where((a, { eq }) => `(${EDITABLE.map((s) => eq(a.status, s)).join(' OR ')}) AND ${eq(a.version, before.version)}`)
        .params(),
      changedMeanwhile,
    ),
    ...stillUsable(organizationId, was, content),
    ...referenceChanges(organizationId, { type: 'expense', id }, targetsOf(before), targetsOf(after)),
  ];
  if (after.category_id !== before.category_id) steps.push(fileUnder(organizationId, after.category_id), takeFrom(organizationId, before.category_id));
  await postTransaction(steps);
  return { before, after };
}

/** Deletes a draft or rejected expense: the person who filed it, or an admin (the draft rule, documents/draft-delete.ts). */
export async function deleteExpense(organizationId: string, id: string, actor: ExpenseActor, version?: number): Promise<ExpenseRecord> {
  const expense = await getExpense(organizationId, id);
  requireEditable(expense, version);
  requireMayDeleteDraft(expense.user_id, { actorId: actor.userId, role: actor.role }, 'expense');
  await postTransaction([
    deleteItem(
      Expense.delete({ organization_id: organizationId, id })
        .where((a, { eq }) => `(${EDITABLE.map((s) => eq(a.status, s)).join(' OR ')}) AND ${eq(a.version, expense.version)}`)
        .params(),
      changedMeanwhile,
    ),
    takeFrom(organizationId, expense.category_id),
    ...referenceChanges(organizationId, { type: 'expense', id }, targetsOf(expense), []),
  ]);
  return expense;
}

// ---------------------------------------------------------------------------------------------
// Workflow

/** A status change outside the posting: conditioned on the status and version read. */
async function changeStatus(expense: ExpenseRecord, from: ExpenseStatus, set: Partial<ExpenseRecord>): Promise<ExpenseRecord> {
  const now = nowIso();
  const after = { ...expense, ...set, version: expense.version + 1, updated_at: now } as ExpenseRecord;
  try {
    await Expense.patch({ organization_id: expense.organization_id, id: expense.id })
      .set({ ...set, version: after.version, updated_at: now })
      .where((a, { eq }) => `${eq(a.status, from)} AND ${eq(a.version, expense.version)}`)
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw changedMeanwhile();
    throw error;
  }
  return after;
}

export async function submitExpense(organizationId: string, id: string, actor: ExpenseActor, version?: number) {
  const expense = await getExpense(organizationId, id);
  requireOwnerOrAdmin(expense, actor);
  if (expense.status !== 'draft') {
    const hint = expense.status === 'rejected' ? '; correct it first (a changed rejected expense becomes a draft)' : '';
    throw new Conflict(`The expense is ${expense.status}; only a draft can be submitted${hint}`);
  }
  if (version !== undefined && version !== expense.version) throw changedMeanwhile();
  return changeStatus(expense, 'draft', { status: 'submitted', submitted_at: nowIso() });
}

function requireSubmitted(expense: ExpenseRecord, action: 'approved' | 'rejected', version?: number) {
  if (expense.status === 'draft') throw new Conflict(`The expense is a draft; it must be submitted before it can be ${action}`);
  if (expense.status !== 'submitted') throw new Conflict(`The expense is already ${expense.status}; only a submitted expense can be ${action}`);
  if (version !== undefined && version !== expense.version) throw changedMeanwhile();
}

export async function rejectExpense(organizationId: string, id: string, reason: string, actor: ExpenseActor, version?: number) {
  const expense = await getExpense(organizationId, id);
  requireSubmitted(expense, 'rejected', version);
  return changeStatus(expense, 'submitted', { status: 'rejected', rejection_reason: reason, rejected_at: nowIso(), rejected_by: actor.actorId ?? undefined });
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

async function employeeLabel(userId: string): Promise<string> {
  const { data } = await User.get({ id: userId }).go();
  if (!data) return `user ${userId}`;
  return data.full_name ? `${data.full_name} <${data.email}>` : data.email;
}

/**
 * Posts the expense and marks it approved in ONE transaction, conditioned on (submitted, version
 * read): a second approval, or a closed period, is a 409 and leaves the books as they were.
 */
export async function approveExpense(organizationId: string, id: string, actor: ExpenseActor, version?: number, options: { guard?: IdempotencyClaim | null } = {}): Promise<ExpenseRecord> {
  const expense = await getExpense(organizationId, id);
  // Approved already (a double-click, a retried request): the approval stands, nothing more to write.
  if (expense.status === 'approved') return expense;
  requireSubmitted(expense, 'approved', version);
  const category = await getExpenseCategory(organizationId, expense.category_id);
  const { data: expenseAccount } = await Account.get({ organization_id: organizationId, id: category.account_id }).go({ consistent: true });
  if (!expenseAccount || expenseAccount.type !== 'expense') {
    throw new Conflict(`The account of the category ${category.name} is no longer an expense account; change the category's account first`);
  }
  const needed: ('vat_input' | 'accrued_liabilities')[] = [];
  if (expense.tax_amount > 0) needed.push('vat_input');
  if (expense.reimbursable) needed.push('accrued_liabilities');
  const [system, employee] = await Promise.all([
    needed.length ? systemAccounts(organizationId, needed) : Promise.resolve({} as Partial<Record<(typeof needed)[number], AccountRecord>>),
    expense.reimbursable ? employeeLabel(expense.user_id) : Promise.resolve(null),
  ]);
  const description = clip(expense.description, 400);
  const creditAccount = expense.reimbursable ? system.accrued_liabilities!.id : expense.paid_from_account_id!;
  const lines: PostingLine[] = [
    { account_id: category.account_id, debit: expense.net_amount, description, contact_id: expense.contact_id },
    ...(expense.tax_amount > 0
      ? [{ account_id: system.vat_input!.id, debit: expense.tax_amount, tax_id: expense.tax_id, narrative: { key: 'ledger.expense.input_tax', params: { description } } as const }]
      : []),
    {
      account_id: creditAccount,
      credit: expense.amount,
      ...(employee ? { narrative: { key: 'ledger.expense.owed_to', params: { employee: clip(employee, 480) } } as const } : { description }),
      contact_id: expense.reimbursable ? null : expense.contact_id,
    },
  ];
  const entryId = uuidv7();
  const now = nowIso();
  const approval = { status: 'approved' as const, journal_entry_id: entryId, approved_at: now, approved_by: actor.actorId ?? undefined, version: expense.version + 1, updated_at: now };
  const approve = onConditionFailed(
    updateItem(
      Expense.patch({ organization_id: organizationId, id })
        .set(approval)
        .where((a, { eq }) => `${eq(a.status, 'submitted')} AND ${eq(a.version, expense.version)}`)
        .params(),
    ),
    () => new Conflict('The expense was approved, rejected or changed meanwhile; reload and try again'),
  );
  // An expense has no number of its own: its entry takes the journal's next (JE-…), in the same transaction.
  const { result } = await postDocument<ExpenseRecord>({
    organizationId,
    build: () => ({
      postings: [
        {
          organizationId,
          date: expense.date,
          source: { type: 'expense', id: expense.id },
          entryId,
          memo_narrative: employee
            ? { key: 'ledger.expense.reimbursable', params: { employee: clip(employee, 200), description: clip(expense.description, 760) } }
            : { key: 'ledger.expense', params: { description: clip(expense.description, 980) } },
          reference: expense.reference,
          createdBy: actor.actorId,
          lines,
          issuePath: ['body'],
        },
      ],
      items: [approve],
      finish: () => ({ ...expense, ...approval }) as ExpenseRecord,
    }),
    audit: actor.audit ? { actor: actor.audit, entry: actor.audit.entry } : undefined,
    idempotency: options.guard ? { claim: options.guard, answer: (approved) => ({ status: 200, body: presentExpense(approved), resourceType: 'expense', resourceId: id }) } : undefined,
  });
  return result;
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface ExpenseFilter {
  skip?: number;
  limit?: number;
  status?: ExpenseStatus;
  category_id?: string;
  user_id?: string;
  date_from?: string;
  date_to?: string;
}

type ExpenseQuery = PageableQuery<ExpenseRecord>;

/**
 * The filter as one Query: the person's index when a user is named, the organization's otherwise;
 * the date range as the key condition (`DATE#<to + 1 day>` sorts after every item dated `to`);
 * status and category as filters.
 */
function expenseQuery(organizationId: string, filter: ExpenseFilter): ExpenseQuery {
  const base = filter.user_id
    ? Expense.query.byUser({ organization_id: organizationId, user_id: filter.user_id })
    : Expense.query.byDate({ organization_id: organizationId });
  const { date_from: from, date_to: to } = filter;
  const until = to ? addDays(to, 1) : undefined;
  const ranged = from && until ? base.between({ date: from }, { date: until }) : from ? base.gte({ date: from }) : until ? base.lt({ date: until }) : base;
  if (!filter.status && !filter.category_id) return ranged as unknown as ExpenseQuery;
  return ranged.where((a, { eq }) =>
    [filter.status ? eq(a.status, filter.status) : null, filter.category_id ? eq(a.category_id, filter.category_id) : null].filter(Boolean).join(' AND '),
  ) as unknown as ExpenseQuery;
}

/** A page of expenses, newest date first, and how many match. */
export async function listExpenses(organizationId: string, filter: ExpenseFilter) {
  const query = expenseQuery(organizationId, filter);
  const [data, count] = await Promise.all([takeRange(query, filter.skip ?? 0, filter.limit ?? 100, 'desc'), countMatching(query)]);
  return { data, count };
}

/** Every matching expense, newest first (the short list for pickers). */
export async function allExpenses(organizationId: string, filter: ExpenseFilter) {
  const data = await takeAll(expenseQuery(organizationId, filter), 'desc');
  return { data, count: data.length };
}

// ---------------------------------------------------------------------------------------------
// Presentation

export function presentExpense(expense: ExpenseRecord): ExpensePublic {
  const text = (amount: number) => money.formatMoney(money.fromMinorUnits(amount, expense.currency));
  return {
    id: expense.id,
    organization_id: expense.organization_id,
    user_id: expense.user_id,
    date: expense.date,
    category_id: expense.category_id,
    description: expense.description,
    currency: expense.currency,
    amount: text(expense.amount),
    net_amount: text(expense.net_amount),
    tax_amount: text(expense.tax_amount),
    tax_id: expense.tax_id ?? null,
    tax_rate: expense.tax_rate,
    paid_from_account_id: expense.paid_from_account_id ?? null,
    reimbursable: expense.reimbursable,
    contact_id: expense.contact_id ?? null,
    file_id: expense.file_id ?? null,
    reference: expense.reference ?? null,
    notes: expense.notes ?? null,
    status: expense.status,
    rejection_reason: expense.rejection_reason ?? null,
    submitted_at: expense.submitted_at ?? null,
    approved_at: expense.approved_at ?? null,
    approved_by: expense.approved_by ?? null,
    rejected_at: expense.rejected_at ?? null,
    rejected_by: expense.rejected_by ?? null,
    journal_entry_id: expense.journal_entry_id ?? null,
    version: expense.version,
    created_at: expense.created_at,
    updated_at: expense.updated_at,
  };
}

export const presentExpenseOption = (expense: ExpenseRecord) => {
  const shown = presentExpense(expense);
  return {
    id: shown.id,
    date: shown.date,
    description: shown.description,
    amount: shown.amount,
    status: shown.status,
    category_id: shown.category_id,
    user_id: shown.user_id,
  };
};
