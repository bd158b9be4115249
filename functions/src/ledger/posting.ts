/**
 * The posting engine: the one way money reaches the books (docs/ledger.md has the long form).
 *
 * Model
 * - Account (db/account.ts): code unique per organization (AccountCode guard item), type
 *   (asset | liability | equity | income | expense) giving the normal balance, subtype (cash,
 *   receivable, vat_output, …) by which posting code finds its accounts
 *   (`systemAccount(orgId, 'receivable')`), parent for the tree, is_active, is_system. An account
 *   with postings cannot be deleted, only deactivated; inactive accounts refuse new postings.
 * - JournalEntry (db/journalEntry.ts): one item embedding its lines (account_id, debit XOR
 *   credit as non-negative integers in minor units, description, contact_id, tax_id), date,
 *   number, memo, source_type/source_id, status draft | posted | reversed, reversal links both
 *   ways, created_by, posted_at, version. Posted entries never change their lines; a reversal
 *   entry undoes them.
 * - AccountPosting: one item per (entry, account), the account's ledger card, for account
 *   transactions with date filters and for "has this account been used".
 * - CashFlowTransaction and CashFlowDay (db/cashFlow.ts, issue 17): each cash or bank account's
 *   movement in the entry with what it was for (shared/src/cashflow/classify.ts), and the day's
 *   figures per category — written here, in the entry's transaction, so the cash-flow views can
 *   never miss or double a posting.
 * - AccountBalance (db/accountBalance.ts): per (organization, month, account, shard) item with
 *   month totals and day totals, changed only by `ADD` in the posting transaction. Reports read
 *   these, O(accounts × months), never the journal.
 * - LedgerLock (db/accountingPeriod.ts): "books closed through <date>", written when a period
 *   closes; absent while nothing is closed.
 *
 * One transaction per money-moving event
 * `buildPosting` validates and returns `{ entry, transactItems }`: the TransactWriteItems that
 * post the entry. The caller appends its own document's state change (invoice confirmed, payment
 * recorded — with its own condition, registered with `onConditionFailed`) and runs the whole
 * list with `postTransaction`, so the business document and the books change together or not at
 * all. The items are:
 * - Put of the journal entry, condition attribute_not_exists (or, when posting a draft, that the
 *   stored draft still has the version read);
 * - Put of one AccountPosting per distinct account, condition attribute_not_exists;
 * - one Update per (month, account, shard): `ADD debit :d, credit :c, dNN_debit :d, dNN_credit :c`,
 *   and the number of the entry's lines on the account (`line_count`, `dNN_lines`), with the deltas
 *   summed per account and month first (a transaction may touch an item once, and fewer actions
 *   fit more lines);
 * - a ConditionCheck on the organization's ledger lock: `attribute_not_exists(closed_through) OR
 *   closed_through < :date`, so an organization that never closed a period needs no item, and a
 *   period closed while the posting was being built cancels the transaction (409).
 * Entry + accounts × 2 + 1 actions: an entry touching 40 accounts is 82 actions, leaving room for
 * the caller's items under DynamoDB's 100; `postTransaction` refuses more with a clear 422.
 *
 * Validation (before anything is written, typed errors): at least two lines; every amount a
 * non-negative safe integer; each line a debit or a credit, not both, not neither; debits equal
 * credits exactly; the date a real calendar date; every account exists in THIS organization (one
 * BatchGet keyed by organization, so another tenant's account is simply not found) and is active
 * → 422 with the line's location. A date inside a closed period → 409 "The accounting period …
 * is closed". Posting a draft that is no longer a draft → 409.
 *
 * Hot accounts. Every POS sale touches cash and sales. Concurrent transactions that touch the
 * same item cancel each other, so the caller may pass `shard` (a terminal id, or a small hash
 * bucket): the posting's balance items are keyed by it and it picks one of the ledger lock's
 * copies, so postings on different shards share no item at all. Balance readers sum the shards.
 * Cancellations caused only by concurrent transactions are retried by `postTransaction`.
 *
 * Numbers. The per-organization entry number is drawn with an atomic ADD on a sequence item just
 * before the transaction, not inside it: a counter item in every posting transaction would make
 * all of an organization's postings conflict on that one item, undoing the sharding above. The
 * price is that a transaction that fails after its number was drawn leaves a gap in the numbers;
 * no amount is ever half-written. The number is known before the transaction, so the caller may
 * store it on its document in the same transaction.
 *
 * Signature for posting modules (invoices, bills, payments, POS, …):
 *
 *   const posting = await buildPosting({
 *     organizationId, date: '2025-06-15', createdBy: userId,
 *     source: { type: 'invoice', id: invoice.id },
 *     memo_narrative: { key: 'ledger.invoice', params: { number: invoice.number } },
 *     lines: [
 *       { account_id: ar.id, debit: 11_600, contact_id: customerId },
 *       { account_id: sales.id, credit: 10_000 },
 *       { account_id: vat.id, credit: 1_600, tax_id },
 *     ],
 *     shard: terminalId,            // optional, for hot accounts
 *   });
 *   const invoiceUpdate = onConditionFailed(updateItem(Invoice.patch(key).set({ status: 'confirmed',
 *     journal_entry_id: posting.entry.id }).where(...).params()), () => new Conflict('Invoice changed'));
 *   await postTransaction([...posting.transactItems, invoiceUpdate]);
 *
 * Voiding a document: `buildReversal({ organizationId, entryId, date, memo_narrative, createdBy })` gives the
 * reversal entry, the original's status change (posted → reversed, linked) and the balance
 * updates, to combine with the document's change the same way.
 */
import { money } from '@daftar/shared';
import { inEnglish, storedNarrative, type Narrative } from '@daftar/shared/narrative';
import { JOURNAL_MAX_LINES, JOURNAL_SOURCE_TYPES } from '@daftar/shared/schemas/codes';
import { isCalendarDate } from '@daftar/shared/schemas/common';
import type { JournalSourceType } from '@daftar/shared/schemas/accounting';
import type { ValidationIssue } from '../platform/errors.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { Account, type AccountRecord } from '../db/account.js';
import { AccountBalance, type DayAttribute, type DayLinesAttribute } from '../db/accountBalance.js';
import { LEDGER_LOCK_COPIES, LedgerLock } from '../db/accountingPeriod.js';
import { AccountPosting, JournalEntry, type JournalEntryRecord } from '../db/journalEntry.js';
import { CashFlowDay, CashFlowTransaction, type CashFlowFigure } from '../db/cashFlow.js';
import { cashMovements, type CashMovement } from '@daftar/shared/cashflow/classify';
import { addDayFigures, cashFlowRecord } from './cash-flows.js';
import { rollupBumps } from './rollups.js';
import { SERIES, formatSeriesNumber, readSeries, takeNumbers, type SeriesPosition } from '../db/sequence.js';
import { readById } from '../db/batch-get.js';
import { readItem } from '../db/get-together.js';
import { chartReadInThisCall } from './chart.js';
import { readOrganization } from '../organizations/settings.js';
import { uuidv7 } from '../platform/ids.js';
import { dayOf, monthOf } from './dates.js';
import {
  MAX_TRANSACTION_ACTIONS,
  TransactionTooLarge,
  conditionCheck,
  onConditionFailed,
  putItem,
  updateItem,
  type TransactItem,
} from '../db/transaction.js';

export { onConditionFailed, postTransaction, putItem, updateItem, deleteItem, conditionCheck, type TransactItem } from '../db/transaction.js';
export { ensureChartOfAccounts, systemAccount, systemAccounts } from './chart.js';

/** One line as posting code gives it: amounts in minor units (fils), exactly one of them > 0. */
export interface PostingLine {
  account_id: string;
  debit?: number | null;
  credit?: number | null;
  description?: string | null;
  /**
   * What the server wrote as the line's description, rendered in the reader's language; without
   * `description` its English is the description. Text a person typed has none.
   */
  narrative?: Narrative | null;
  contact_id?: string | null;
  tax_id?: string | null;
}

export interface PostingInput {
  organizationId: string;
  /** YYYY-MM-DD; must not fall in a closed period. */
  date: string;
  lines: readonly PostingLine[];
  /** What produced the entry; `id` defaults to the entry's own id (manual entries). */
  source: { type: JournalSourceType; id?: string };
  memo?: string | null;
  /** A memo the server writes (as a line's `narrative`); a typed memo has none. */
  memo_narrative?: Narrative | null;
  reference?: string | null;
  /** User id or API key id of whoever caused the posting. */
  createdBy?: string | null;
  /** Balance-item shard for hot accounts (terminal id, …); letters, digits and `_.:-`, ≤ 64. */
  shard?: string;
  /**
   * The entry's number as the journal shows it, when a document gives it: the document's own
   * number (INV-000001). Without it the entry takes the next number of the journal series (JE-…).
   */
  name?: string;
  /** A chosen id (e.g. to make a retried posting collide with the first); default a new UUIDv7. */
  entryId?: string;
  /** Posting a stored draft: the Put replaces it only while it is this version of a draft. */
  replacesDraft?: { version: number; created_at: string; created_by?: string | null };
  reversesEntryId?: string;
  /** Reversals may touch accounts deactivated since: undoing is not new business. */
  allowInactiveAccounts?: boolean;
  /** Prefix of validation issue locations, e.g. `['body']` for a request body. */
  issuePath?: (string | number)[];
}

export interface Posting {
  /** The journal entry exactly as the transaction stores it. */
  entry: JournalEntryRecord;
  transactItems: TransactItem[];
}

export const DEFAULT_SHARD = '-';
const SHARD_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Which copy of the ledger lock a shard's postings check (FNV-1a of the shard). */
export function lockCopyOf(shard: string): string {
  if (shard === DEFAULT_SHARD) return '0';
  let hash = 0x811c9dc5;
  for (let i = 0; i < shard.length; i++) {
    hash ^= shard.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return String(hash % LEDGER_LOCK_COPIES);
}

export const closedPeriodError = (date: string, closedThrough?: string) =>
  new Conflict(`The accounting period containing ${date} is closed${closedThrough ? ` (the books are closed through ${closedThrough})` : ''}`);

/** What validation learned and the transaction needs. */
export interface PostingContext {
  currency: string;
  accounts: Map<string, AccountRecord>;
  /** The latest closed date the lock copies read showed, and which copies those were (validatePostings). */
  closedThrough?: string;
  lockCopies?: string[];
}

const amountOf = (value: number | null | undefined) => value ?? 0;

/** Longest memo and line description a typed entry may have (shared/src/schemas/accounting.ts); written ones are cut to the same. */
const MEMO_MAX = 1000;
const DESCRIPTION_MAX = 500;

/** The accounts by id: from the chart this request already read for posting (ledger/chart.ts), the rest by key. */
async function readAccounts(organizationId: string, ids: string[]): Promise<Map<string, AccountRecord>> {
  const chart = await chartReadInThisCall(organizationId)?.catch(() => undefined);
  const known = new Map((chart ?? []).filter((a) => ids.includes(a.id)).map((a) => [a.id, a]));
  const missing = ids.filter((id) => !known.has(id));
  if (!missing.length) return known;
  const read = await readById<AccountRecord>((keys) => Account.get(keys).go({ consistent: true }), organizationId, missing, { what: 'accounts' });
  return new Map([...known, ...read]);
}

/**
 * Checks postings without writing: shape, balance, accounts of this organization and active,
 * and (unless `forDraft`) that no date lies in a closed period. Throws 422 / 404 / 409.
 */
export async function validatePostings(inputs: readonly PostingInput[], options: { forDraft?: boolean; known?: PostingContext } = {}): Promise<PostingContext> {
  const organizationId = inputs[0]?.organizationId;
  if (!organizationId || inputs.some((i) => i.organizationId !== organizationId)) {
    throw new Error('Postings of one transaction belong to one organization');
  }
  const accountIds = [...new Set(inputs.flatMap((i) => i.lines.map((l) => l.account_id)).filter((id) => typeof id === 'string' && id.length > 0 && id.length <= 64))];
  // A second validation in the same attempt (postings that grew lines once the stock was read:
  // cost of goods sold) reads only what the first did not: the new accounts, the lock copies of
  // new shards — not the organization and the lock again, which would cost a round trip in turn.
  const known = options.forDraft ? undefined : options.known;
  const copies = options.forDraft ? [] : lockCopiesOf(inputs);
  const [organization, accounts, locks] = await Promise.all([
    known ? Promise.resolve({ base_currency: known.currency }) : readOrganization(organizationId).catch((error) => (error instanceof NotFound ? null : Promise.reject(error))),
    readAccounts(organizationId, accountIds.filter((id) => !known?.accounts.has(id))).then((read) => (known ? new Map([...known.accounts, ...read]) : read)),
    readLockCopies(organizationId, copies.filter((copy) => !known?.lockCopies?.includes(copy))),
  ]);
  if (!organization) throw new NotFound('Organization not found');
  const closedThrough = options.forDraft ? undefined : closedThroughOf([...locks, { closed_through: known?.closedThrough }]);
  return { ...checkPostings(inputs, { currency: organization.base_currency, accounts, closedThrough }), closedThrough, lockCopies: [...new Set([...(known?.lockCopies ?? []), ...copies])] };
}

/** The ledger-lock copies the postings' shards check, read together (one round trip with the caller's other reads). */
export function readLedgerLocks(organizationId: string, inputs: readonly Pick<PostingInput, 'shard'>[]): Promise<({ closed_through?: string } | null)[]> {
  return readLockCopies(organizationId, lockCopiesOf(inputs));
}

/** The lock copies the postings' shards map to, each once. */
const lockCopiesOf = (inputs: readonly Pick<PostingInput, 'shard'>[]) => [...new Set(inputs.map((i) => lockCopyOf(i.shard ?? DEFAULT_SHARD)))];

const readLockCopies = (organizationId: string, copies: readonly string[]) => Promise.all(copies.map((copy) => readItem(LedgerLock, { organization_id: organizationId, copy })));

/** The latest "closed through" date among the lock copies read (undefined while nothing is closed). */
export const closedThroughOf = (locks: readonly ({ closed_through?: string } | null)[]) =>
  locks.map((l) => l?.closed_through).filter((d): d is string => !!d).sort().pop();

/**
 * The checks of `validatePostings` on what was already read (the till reads its accounts, lock and
 * organization in the same round trip as its own items and checks here): shape, balance, accounts
 * of this organization and active, no date in a closed period. Throws 422 / 409.
 */
export function checkPostings(
  inputs: readonly PostingInput[],
  read: { currency: string; accounts: Map<string, AccountRecord>; closedThrough: string | undefined },
): PostingContext {
  const { currency, accounts } = read;
  const format = (minor: bigint) => money.formatMoney({ amount: Number(minor), currency: currency as money.CurrencyCode });
  const issues: ValidationIssue[] = [];
  for (const input of inputs) {
    const at = (...path: (string | number)[]) => [...(input.issuePath ?? []), ...path];
    if (!isCalendarDate(input.date)) issues.push({ loc: at('date'), msg: 'Date must be a calendar date written YYYY-MM-DD', type: 'date' });
    if (!(JOURNAL_SOURCE_TYPES as readonly string[]).includes(input.source.type)) {
      issues.push({ loc: at('source_type'), msg: `Unknown source type ${input.source.type}`, type: 'enum' });
    }
    if (input.shard !== undefined && !SHARD_PATTERN.test(input.shard)) {
      issues.push({ loc: at('shard'), msg: 'Shard keys are 1 to 64 letters, digits or _.:-', type: 'value_error' });
    }
    if (input.lines.length < 2) issues.push({ loc: at('lines'), msg: 'A journal entry needs at least two lines', type: 'too_small' });
    if (input.lines.length > JOURNAL_MAX_LINES) issues.push({ loc: at('lines'), msg: `A journal entry has at most ${JOURNAL_MAX_LINES} lines`, type: 'too_big' });
    let debits = 0n;
    let credits = 0n;
    let amountsValid = true;
    input.lines.forEach((line, index) => {
      const debit = amountOf(line.debit);
      const credit = amountOf(line.credit);
      for (const [field, value] of [['debit', debit], ['credit', credit]] as const) {
        if (!Number.isSafeInteger(value) || value < 0) {
          issues.push({ loc: at('lines', index, field), msg: 'Amounts are non-negative whole numbers of minor units', type: 'value_error' });
          amountsValid = false;
        }
      }
      if (debit > 0 && credit > 0) issues.push({ loc: at('lines', index), msg: 'A line has a debit or a credit, not both', type: 'value_error' });
      if (debit === 0 && credit === 0) issues.push({ loc: at('lines', index), msg: 'A line needs a debit or a credit', type: 'value_error' });
      if (Number.isSafeInteger(debit) && Number.isSafeInteger(credit)) {
        debits += BigInt(debit);
        credits += BigInt(credit);
      }
      const account = accounts.get(line.account_id);
      if (!account) {
        issues.push({ loc: at('lines', index, 'account_id'), msg: 'Account not found', type: 'not_found' });
      } else if (!account.is_active && !input.allowInactiveAccounts) {
        issues.push({ loc: at('lines', index, 'account_id'), msg: `Account ${account.code} ${account.name} is inactive`, type: 'inactive' });
      }
    });
    if (amountsValid && debits !== credits) {
      issues.push({ loc: at('lines'), msg: `Debits (${format(debits)}) must equal credits (${format(credits)})`, type: 'unbalanced' });
    }
    if (amountsValid && debits > BigInt(Number.MAX_SAFE_INTEGER)) {
      issues.push({ loc: at('lines'), msg: 'The entry total is too large', type: 'too_big' });
    }
  }
  if (issues.length) throw new ValidationError(issues);

  const closedThrough = read.closedThrough;
  if (closedThrough) {
    const closed = inputs.find((i) => i.date <= closedThrough);
    if (closed) throw closedPeriodError(closed.date, closedThrough);
  }
  return { currency, accounts };
}

/** Validates and builds one posting (see the module comment). Draws the entry number. */
export async function buildPosting(input: PostingInput): Promise<Posting> {
  const { entries, transactItems } = await buildPostings([input]);
  return { entry: entries[0]!, transactItems };
}

interface BalanceDelta {
  month: string;
  accountId: string;
  shard: string;
  debit: number;
  credit: number;
  /** Journal lines on the account: reports count transactions from these, not from the journal. */
  lines: number;
  days: Map<string, { debit: number; credit: number; lines: number }>;
}

const checkedSum = (a: number, b: number) => {
  const total = a + b;
  if (!Number.isSafeInteger(total)) throw new ValidationError([{ loc: ['lines'], msg: 'Amounts too large to add up exactly', type: 'too_big' }]);
  return total;
};

/**
 * Several entries in one transaction (e.g. a POS session close posting sales and cash
 * differences): validated, numbered and assembled. Entries without a `name` take the next numbers
 * of the journal series, read here; a concurrent posting that takes one first makes the
 * transaction fail with `SeriesMoved` — the posting path (documents/posting-path.ts) reads again
 * and retries, and that is where request code posts. Tests and scripts that post alone may use this.
 */
export async function buildPostings(inputs: readonly PostingInput[]): Promise<{ entries: JournalEntryRecord[]; transactItems: TransactItem[] }> {
  if (!inputs.length) throw new Error('Nothing to post');
  const context = await validatePostings(inputs);
  const journal = inputs.some((i) => !i.name) ? await readSeries(inputs[0]!.organizationId, SERIES.journal) : null;
  return assemblePostings(inputs, context, journal);
}

/**
 * The transaction items of validated postings (no reads): the entries, their ledger cards,
 * balance-item deltas and ledger-lock checks, and — for entries without a document's `name` —
 * the journal series' take at `journal` (as read by the caller).
 */
export function assemblePostings(
  inputs: readonly PostingInput[],
  context: PostingContext,
  journal: SeriesPosition | null,
): { entries: JournalEntryRecord[]; transactItems: TransactItem[] } {
  if (!inputs.length) throw new Error('Nothing to post');
  const organizationId = inputs[0]!.organizationId;

  // Size first, so an oversized posting is refused before anything else.
  const deltas = new Map<string, BalanceDelta>();
  const postingsPerEntry = inputs.map((input) => new Set(input.lines.map((l) => l.account_id)).size);
  for (const input of inputs) {
    const shard = input.shard ?? DEFAULT_SHARD;
    const month = monthOf(input.date);
    const day = dayOf(input.date);
    for (const line of input.lines) {
      const key = `${month}|${line.account_id}|${shard}`;
      let delta = deltas.get(key);
      if (!delta) deltas.set(key, (delta = { month, accountId: line.account_id, shard, debit: 0, credit: 0, lines: 0, days: new Map() }));
      const debit = amountOf(line.debit);
      const credit = amountOf(line.credit);
      delta.debit = checkedSum(delta.debit, debit);
      delta.credit = checkedSum(delta.credit, credit);
      delta.lines += 1;
      const dayDelta = delta.days.get(day) ?? { debit: 0, credit: 0, lines: 0 };
      delta.days.set(day, { debit: checkedSum(dayDelta.debit, debit), credit: checkedSum(dayDelta.credit, credit), lines: dayDelta.lines + 1 });
    }
  }
  const lockCopies = new Map<string, string>();
  for (const input of inputs) {
    const copy = lockCopyOf(input.shard ?? DEFAULT_SHARD);
    const earliest = lockCopies.get(copy);
    if (!earliest || input.date < earliest) lockCopies.set(copy, input.date);
  }
  // The cash each entry moved, and the day figures they add to (one item per day, account and shard).
  const accountOf = (id: string) => context.accounts.get(id);
  const cashPerEntry: CashMovement[][] = inputs.map((input) => cashMovements(input.lines.map((l) => ({ account_id: l.account_id, debit: amountOf(l.debit), credit: amountOf(l.credit) })), accountOf));
  const cashDays = new Map<string, { date: string; account_id: string; shard: string; add: Partial<Record<CashFlowFigure | 'n', number>> }>();
  inputs.forEach((input, i) => {
    for (const move of cashPerEntry[i]!) {
      const shard = input.shard ?? DEFAULT_SHARD;
      const key = `${input.date}|${move.account_id}|${shard}`;
      const day = cashDays.get(key) ?? { date: input.date, account_id: move.account_id, shard, add: {} };
      addDayFigures(day.add, move);
      cashDays.set(key, day);
    }
  });
  const cashItems = cashPerEntry.reduce((s, moves) => s + moves.length, 0) + cashDays.size;
  // A back-dated posting marks the past day and month it writes as changed since compacted (ledger/rollups.ts).
  const bumps = rollupBumps(organizationId, inputs.map((input, i) => ({ date: input.date, cashFlows: cashPerEntry[i]!.length > 0 })));
  const unnamed = inputs.filter((i) => !i.name).length;
  if (unnamed && !journal) throw new Error('Entries without a document number need the journal series position');
  const actions = inputs.length + postingsPerEntry.reduce((a, b) => a + b, 0) + deltas.size + lockCopies.size + (unnamed ? 1 : 0) + cashItems + bumps.length;
  if (actions > MAX_TRANSACTION_ACTIONS) throw new TransactionTooLarge(actions);

  const take = unnamed ? takeNumbers(journal!, unnamed) : null;
  const journalNumbers = take ? [...take.numbers] : [];

  const now = new Date().toISOString();
  const entries: JournalEntryRecord[] = [];
  const items: TransactItem[] = [];
  inputs.forEach((input, inputIndex) => {
    const id = input.entryId ?? uuidv7();
    const journalNumber = input.name ? undefined : journalNumbers.shift();
    const entry: JournalEntryRecord = {
      organization_id: organizationId,
      id,
      number: journalNumber,
      name: input.name ?? formatSeriesNumber(SERIES.journal.prefix, journalNumber!),
      date: input.date,
      memo: input.memo || (input.memo_narrative ? inEnglish(input.memo_narrative).slice(0, MEMO_MAX) : undefined) || undefined,
      memo_narrative: input.memo_narrative ? storedNarrative(input.memo_narrative) : undefined,
      reference: input.reference ?? undefined,
      status: 'posted',
      source_type: input.source.type,
      source_id: input.source.id ?? id,
      currency: context.currency,
      lines: input.lines.map((line, i) => ({
        line_no: i + 1,
        account_id: line.account_id,
        debit: amountOf(line.debit),
        credit: amountOf(line.credit),
        description: line.description || (line.narrative ? inEnglish(line.narrative).slice(0, DESCRIPTION_MAX) : undefined) || undefined,
        narrative: line.narrative ? storedNarrative(line.narrative) : undefined,
        contact_id: line.contact_id ?? undefined,
        tax_id: line.tax_id ?? undefined,
      })),
      total: input.lines.reduce((sum, line) => sum + amountOf(line.debit), 0),
      shard: input.shard ?? DEFAULT_SHARD,
      reverses_entry_id: input.reversesEntryId,
      created_by: (input.replacesDraft ? input.replacesDraft.created_by : input.createdBy) ?? undefined,
      posted_by: input.createdBy ?? undefined,
      posted_at: now,
      version: input.replacesDraft ? input.replacesDraft.version + 1 : 1,
      created_at: input.replacesDraft?.created_at ?? now,
      updated_at: now,
    };
    entries.push(entry);

    if (input.replacesDraft) {
      const expected = input.replacesDraft.version;
      items.push(
        onConditionFailed(
          putItem(JournalEntry.put(entry).where((a, { eq }) => `${eq(a.status, 'draft')} AND ${eq(a.version, expected)}`).params()),
          () => new Conflict('The journal entry was posted, deleted or changed by someone else; reload and try again'),
        ),
      );
    } else {
      items.push(onConditionFailed(putItem(JournalEntry.create(entry).params()), () => new Conflict(`Journal entry ${id} already exists`)));
    }

    const perAccount = new Map<string, { debit: number; credit: number; descriptions: string[]; narratives: unknown[] }>();
    for (const line of entry.lines) {
      const card = perAccount.get(line.account_id) ?? { debit: 0, credit: 0, descriptions: [], narratives: [] };
      card.debit += line.debit;
      card.credit += line.credit;
      if (line.description && !card.descriptions.includes(line.description)) {
        card.descriptions.push(line.description);
        card.narratives.push(line.narrative);
      }
      perAccount.set(line.account_id, card);
    }
    // The entry's own item is written on condition (it does not exist yet, or it is the draft of
    // the version read): a second posting of it fails there, so its ledger cards and cash flows are
    // plain puts — each condition is one more evaluation inside the transaction.
    for (const [accountId, card] of perAccount) {
      items.push(
        putItem(
          AccountPosting.put({
            organization_id: organizationId,
            account_id: accountId,
            entry_id: id,
            date: entry.date,
            entry_number: entry.number,
            entry_name: entry.name,
            memo: entry.memo,
            memo_narrative: entry.memo_narrative,
            description: card.descriptions.join('; ').slice(0, 1000) || undefined,
            // One description, one narrative (db/journalEntry.ts says why joined ones keep the English).
            description_narrative: card.narratives.length === 1 ? card.narratives[0] : undefined,
            source_type: entry.source_type,
            source_id: entry.source_id,
            debit: card.debit,
            credit: card.credit,
            reverses_entry_id: entry.reverses_entry_id,
            created_at: now,
          }).params(),
        ),
      );
    }

    for (const move of cashPerEntry[inputIndex]!) items.push(putItem(CashFlowTransaction.put(cashFlowRecord(entry, move, uuidv7(), now)).params()));
  });

  for (const day of cashDays.values()) {
    items.push(updateItem(CashFlowDay.update({ organization_id: organizationId, date: day.date, account_id: day.account_id, shard: day.shard }).add(day.add).params()));
  }

  for (const delta of deltas.values()) {
    const add: Partial<Record<'debit' | 'credit' | 'line_count' | DayAttribute | DayLinesAttribute, number>> = {};
    if (delta.debit) add.debit = delta.debit;
    if (delta.credit) add.credit = delta.credit;
    add.line_count = delta.lines;
    for (const [day, amounts] of delta.days) {
      if (amounts.debit) add[`d${day}_debit` as DayAttribute] = amounts.debit;
      if (amounts.credit) add[`d${day}_credit` as DayAttribute] = amounts.credit;
      add[`d${day}_lines` as DayLinesAttribute] = amounts.lines;
    }
    items.push(
      updateItem(
        AccountBalance.update({ organization_id: organizationId, month: delta.month, account_id: delta.accountId, shard: delta.shard }).add(add).params(),
      ),
    );
  }

  items.push(...bumps);

  for (const [copy, earliest] of lockCopies) {
    items.push(
      onConditionFailed(
        conditionCheck(
          LedgerLock.delete({ organization_id: organizationId, copy })
            .where((a, { notExists, lt }) => `${notExists(a.closed_through)} OR ${lt(a.closed_through, earliest)}`)
            .params(),
        ),
        () => closedPeriodError(earliest),
      ),
    );
  }
  // Last: when the document itself changed meanwhile, its refusal is the one reported.
  if (take) items.push(take.item);
  return { entries, transactItems: items };
}

export interface ReversalInput {
  organizationId: string;
  entryId: string;
  /** Date of the reversal entry: in an open period, not before the original's date. */
  date: string;
  /** A typed memo; without one (and without `memo_narrative`) the reversal says "Reversal of <entry>". */
  memo?: string | null;
  /** The memo the server writes for the reason it reverses (a voided payment, an undone match). */
  memo_narrative?: Narrative | null;
  createdBy?: string | null;
  issuePath?: (string | number)[];
}

/**
 * The reversal of a posted entry, as a posting to make: debits and credits swapped, linked to the
 * original (`reverses_entry_id`), numbered in the journal series; and the original's change
 * posted → reversed (linked back, on condition that it is still the version read). Hand both to
 * the posting path with the document's own change.
 */
export async function reversalOf(input: ReversalInput): Promise<{ posting: PostingInput; original: JournalEntryRecord; originalUpdate: (reversalId: string, now: string) => TransactItem }> {
  const { data: original } = await JournalEntry.get({ organization_id: input.organizationId, id: input.entryId }).go({ consistent: true });
  if (!original) throw new NotFound('Journal entry not found');
  if (original.status === 'draft') throw new Conflict('Only posted entries can be reversed; delete the draft instead');
  if (original.status === 'reversed') throw new Conflict(`The journal entry has already been reversed${original.reversed_by_entry_id ? ` by ${original.reversed_by_entry_id}` : ''}`);
  if (isCalendarDate(input.date) && input.date < original.date) {
    throw new ValidationError([{ loc: [...(input.issuePath ?? []), 'date'], msg: `The reversal cannot be dated before the entry it reverses (${original.date})`, type: 'value_error' }]);
  }
  const label = entryLabel(original);
  const posting: PostingInput = {
    organizationId: input.organizationId,
    date: input.date,
    lines: original.lines.map((line) => ({
      account_id: line.account_id,
      debit: line.credit,
      credit: line.debit,
      description: line.description,
      // Stored narratives are the engine's own (storedNarrative); their keys are the catalogue's.
      narrative: (line.narrative as Narrative | undefined) ?? null,
      contact_id: line.contact_id,
      tax_id: line.tax_id,
    })),
    source: { type: original.source_type as JournalSourceType, id: original.source_id },
    memo: input.memo ?? null,
    memo_narrative: input.memo ? null : (input.memo_narrative ?? { key: 'ledger.reversal', params: { entry: label } }),
    reference: original.reference,
    createdBy: input.createdBy,
    shard: original.shard,
    entryId: uuidv7(),
    reversesEntryId: original.id,
    allowInactiveAccounts: true,
    issuePath: input.issuePath,
  };
  const originalUpdate = (reversalId: string, now: string) =>
    onConditionFailed(
      updateItem(
        JournalEntry.patch({ organization_id: original.organization_id, id: original.id })
          .set({ status: 'reversed', reversed_by_entry_id: reversalId, version: original.version + 1, updated_at: now })
          .where((a, { eq }) => `${eq(a.status, 'posted')} AND ${eq(a.version, original.version)}`)
          .params(),
      ),
      () => new Conflict('The journal entry was reversed or changed by someone else; reload and try again'),
    );
  return { posting, original, originalUpdate };
}

/**
 * A reversal built in one go (validated, numbered), for code that posts alone (tests, scripts);
 * request code posts reversals through the posting path (documents/posting-path.ts).
 */
export async function buildReversal(input: ReversalInput): Promise<{ entry: JournalEntryRecord; original: JournalEntryRecord; transactItems: TransactItem[] }> {
  const { posting, original, originalUpdate } = await reversalOf(input);
  const built = await buildPosting(posting);
  const now = built.entry.posted_at!;
  const reversed: JournalEntryRecord = { ...original, status: 'reversed', reversed_by_entry_id: built.entry.id, version: original.version + 1, updated_at: now };
  return { entry: built.entry, original: reversed, transactItems: [...built.transactItems, originalUpdate(built.entry.id, now)] };
}

/** An entry as people name it: its number (INV-000001, JE-000012), or its id before it has one. */
export const entryLabel = (entry: Pick<JournalEntryRecord, 'name' | 'number' | 'id'>) =>
  entry.name ?? (entry.number ? formatSeriesNumber(SERIES.journal.prefix, entry.number) : entry.id);
