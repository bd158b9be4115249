/**
 * Matching statement lines to the books and reconciling them.
 *
 * A line is reconciled with one posting on the bank account's ledger account whose signed amount
 * (debit − credit: money in is a debit to the bank) equals the line's: an existing entry (a
 * payment, a manual entry, …), or an entry posted for the line itself (bank charges, interest)
 * against an account the user names. Either way ONE transaction changes the line (on condition of
 * its version), puts the guard "entry X reconciled on account Y" (attribute_not_exists, so a
 * posting is never matched twice), adjusts the bank account's unreconciled count and, for a new
 * entry, posts it. Undoing deletes the guard and, for an entry created by reconciliation, posts
 * its reversal in the same transaction.
 */
import { money } from '@daftar/shared';
import { BANK_MATCH_WINDOW_DAYS } from '@daftar/shared/schemas/codes';
import type { BankReconcile } from '@daftar/shared/schemas/banking';
import { Account } from '../db/account.js';
import { BankAccount, type BankAccountRecord } from '../db/bankAccount.js';
import { BankReconciliation, BankTransaction, type BankReconciliationRecord, type BankTransactionRecord } from '../db/bankTransaction.js';
import { AccountPosting, JournalEntry, type AccountPostingRecord, type JournalEntryRecord } from '../db/journalEntry.js';
import { Tax } from '../db/tax.js';
import { conditionCheck, deleteItem, onConditionFailed, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { Conflict, ValidationError } from '../platform/errors.js';
import { addDays } from '../ledger/dates.js';
import { entryLabel, reversalOf, systemAccount, type PostingInput, type PostingLine } from '../ledger/posting.js';
import { postDocument } from '../documents/posting-path.js';
import { formatAmount, presentNarrative } from '../ledger/present.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { batchGet } from '../db/batch-get.js';
import { calculateTaxes } from '../taxes/calculate.js';
import { normalizeHeader } from './statement.js';

const bodyIssue = (loc: (string | number)[], msg: string) => new ValidationError([{ loc: ['body', ...loc], msg, type: 'value_error' }]);
const lineChanged = () => new Conflict('The statement line was reconciled or changed by someone else; reload and try again');

/** Most suggestions offered for one line. */
const MAX_SUGGESTIONS = 20;

// ---------------------------------------------------------------------------------------------
// Reading in bulk

const entriesById = async (organizationId: string, ids: string[]) =>
  new Map(
    (await batchGet(ids.map((id) => ({ organization_id: organizationId, id })), async (keys) => {
      const { data, unprocessed } = await JournalEntry.get(keys).go({ consistent: true });
      return { data, unprocessed: unprocessed.map((k) => ({ organization_id: organizationId, id: k.id })) };
    })).map((e): [string, JournalEntryRecord] => [e.id, e]),
  );

const reconciledEntries = async (organizationId: string, accountId: string, entryIds: string[]) =>
  new Set(
    (await batchGet(entryIds.map((entry_id) => ({ organization_id: organizationId, account_id: accountId, entry_id })), async (keys) => {
      const { data, unprocessed } = await BankReconciliation.get(keys).go({ consistent: true });
      return { data, unprocessed: unprocessed.map((k) => ({ organization_id: organizationId, account_id: accountId, entry_id: k.entry_id })) };
    })).map((g: BankReconciliationRecord) => g.entry_id),
  );

// ---------------------------------------------------------------------------------------------
// Suggestions

const netOf = (posting: Pick<AccountPostingRecord, 'debit' | 'credit'>) => posting.debit - posting.credit;

const daysBetween = (a: string, b: string) => Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);

const words = (text: string) => new Set(normalizeHeader(text).split(' ').filter((w) => w.length >= 2));

/**
 * 0–1: 1 when the line's reference is the entry's reference or appears in its wording; otherwise
 * the share of words the two have in common (Jaccard).
 */
export function similarityOf(line: { description: string; reference?: string }, entry: { memo?: string; description?: string; reference?: string }): number {
  const entryText = [entry.memo, entry.description, entry.reference].filter(Boolean).join(' ');
  const reference = normalizeHeader(line.reference ?? '');
  if (reference.length >= 3) {
    if (normalizeHeader(entry.reference ?? '') === reference) return 1;
    if (` ${normalizeHeader(entryText)} `.includes(` ${reference} `)) return 1;
  }
  const a = words(`${line.description} ${line.reference ?? ''}`);
  const b = words(entryText);
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return Math.round((shared / (a.size + b.size - shared)) * 1000) / 1000;
}

export interface MatchSuggestion {
  posting: AccountPostingRecord;
  entry: JournalEntryRecord;
  daysApart: number;
  similarity: number;
}

/**
 * Postings on the bank's ledger account within ±7 days of the line, of the line's signed amount,
 * posted (not reversed, not a reversal) and not reconciled yet; closest in date and wording first.
 * Reads one account's ledger card over 15 days and BatchGets the candidates' entries and guards.
 */
export async function suggestMatches(bank: BankAccountRecord, line: BankTransactionRecord): Promise<MatchSuggestion[]> {
  if (line.status !== 'unreconciled') return [];
  const organizationId = bank.organization_id;
  const from = addDays(line.date, -BANK_MATCH_WINDOW_DAYS);
  const to = addDays(line.date, BANK_MATCH_WINDOW_DAYS);
  const { data: postings } = await AccountPosting.query
    .byAccount({ organization_id: organizationId, account_id: bank.account_id })
    .between({ date: from }, { date: addDays(to, 1) })
    .go({ consistent: true, pages: 'all' });
  const candidates = postings.filter((p) => netOf(p) === line.amount && !p.reverses_entry_id);
  if (!candidates.length) return [];
  const ids = candidates.map((p) => p.entry_id);
  const [entries, reconciled] = await Promise.all([entriesById(organizationId, ids), reconciledEntries(organizationId, bank.account_id, ids)]);
  const suggestions: MatchSuggestion[] = [];
  for (const posting of candidates) {
    const entry = entries.get(posting.entry_id);
    if (!entry || entry.status !== 'posted' || reconciled.has(posting.entry_id)) continue;
    suggestions.push({
      posting,
      entry,
      daysApart: daysBetween(posting.date, line.date),
      similarity: similarityOf(line, { memo: posting.memo, description: posting.description, reference: entry.reference }),
    });
  }
  // A matching reference or wording outweighs a few days' distance.
  const score = (s: MatchSuggestion) => s.daysApart - 5 * s.similarity;
  suggestions.sort((a, b) => score(a) - score(b) || (a.posting.entry_number ?? 0) - (b.posting.entry_number ?? 0));
  return suggestions.slice(0, MAX_SUGGESTIONS);
}

export function presentSuggestion(s: MatchSuggestion, currency: string) {
  return {
    journal_entry_id: s.entry.id,
    entry_number: s.entry.number ?? null,
    entry_name: entryLabel(s.entry),
    date: s.posting.date,
    amount: formatAmount(netOf(s.posting), currency),
    memo: s.posting.memo ?? null,
    memo_narrative: presentNarrative(s.posting.memo_narrative),
    description: s.posting.description ?? null,
    description_narrative: presentNarrative(s.posting.description_narrative),
    reference: s.entry.reference ?? null,
    source_type: s.posting.source_type,
    source_id: s.posting.source_id,
    payment_id: s.posting.source_type === 'payment' ? s.posting.source_id : null,
    days_apart: s.daysApart,
    similarity: s.similarity,
  };
}

// ---------------------------------------------------------------------------------------------
// The transaction items every (un)reconciliation shares

interface Match {
  entryId: string;
  paymentId?: string;
  kind: 'existing' | 'created';
}

function markReconciled(line: BankTransactionRecord, bank: BankAccountRecord, match: Match, actorId: string | null): { item: TransactItem; after: BankTransactionRecord } {
  const now = nowIso();
  const set = {
    status: 'reconciled' as const,
    matched_journal_entry_id: match.entryId,
    match_kind: match.kind,
    matched_account_id: bank.account_id,
    reconciled_at: now,
    version: line.version + 1,
    updated_at: now,
    ...(match.paymentId ? { matched_payment_id: match.paymentId } : {}),
    ...(actorId ? { reconciled_by: actorId } : {}),
  };
  const item = onConditionFailed(
    updateItem(
      BankTransaction.patch({ organization_id: line.organization_id, bank_account_id: line.bank_account_id, id: line.id })
        .set(set)
        .where((a, { eq }) => `${eq(a.status, 'unreconciled')} AND ${eq(a.version, line.version)}`)
        .params(),
    ),
    lineChanged,
  );
  return { item, after: { ...line, ...set } };
}

const claimEntry = (bank: BankAccountRecord, line: BankTransactionRecord, entryId: string, label: string) =>
  onConditionFailed(
    putItem(
      BankReconciliation.create({
        organization_id: bank.organization_id,
        account_id: bank.account_id,
        entry_id: entryId,
        bank_account_id: bank.id,
        transaction_id: line.id,
        created_at: nowIso(),
      }).params(),
    ),
    () => new Conflict(`Journal entry ${label} is already reconciled with another statement line`),
  );

const countUnreconciled = (bank: BankAccountRecord, delta: number) =>
  onConditionFailed(
    updateItem(BankAccount.patch({ organization_id: bank.organization_id, id: bank.id }).add({ unreconciled_count: delta }).params()),
    () => new Conflict('The bank account was deleted meanwhile'),
  );


function requireUnreconciled(line: BankTransactionRecord) {
  if (line.status !== 'unreconciled') {
    throw new Conflict(`The statement line is already reconciled with journal entry ${line.matched_journal_entry_id ?? ''}`.trim());
  }
}

// ---------------------------------------------------------------------------------------------
// Reconcile

export async function reconcile(bank: BankAccountRecord, line: BankTransactionRecord, body: BankReconcile, actorId: string | null): Promise<BankTransactionRecord> {
  requireUnreconciled(line);
  if ('create' in body) return reconcileWithNewEntry(bank, line, body.create, actorId);
  const entryId = 'journal_entry_id' in body ? body.journal_entry_id : await entryOfPayment(bank, line, body.payment_id);
  return reconcileWithEntry(bank, line, entryId, body.payment_id ?? null, actorId);
}

/** The posted entry of a payment that posts the line's amount to the bank's ledger account. */
async function entryOfPayment(bank: BankAccountRecord, line: BankTransactionRecord, paymentId: string): Promise<string> {
  const { data } = await JournalEntry.query
    .bySource({ organization_id: bank.organization_id, source_type: 'payment', source_id: paymentId })
    .go({ pages: 'all' });
  const posted = data.filter((e) => e.status === 'posted');
  if (!posted.length) throw bodyIssue(['payment_id'], 'No posted journal entry of this payment was found');
  const matching = posted.find((e) => {
    const net = e.lines.filter((l) => l.account_id === bank.account_id).reduce((sum, l) => sum + l.debit - l.credit, 0);
    return net === line.amount;
  });
  if (!matching) throw bodyIssue(['payment_id'], `The payment does not move ${formatAmount(line.amount, line.currency)} through this bank account's ledger account`);
  return matching.id;
}

async function reconcileWithEntry(bank: BankAccountRecord, line: BankTransactionRecord, entryId: string, paymentId: string | null, actorId: string | null) {
  const organizationId = bank.organization_id;
  const { data: entry } = await JournalEntry.get({ organization_id: organizationId, id: entryId }).go({ consistent: true });
  if (!entry) throw bodyIssue(['journal_entry_id'], 'Journal entry not found');
  if (entry.status !== 'posted') throw bodyIssue(['journal_entry_id'], `Journal entry ${entryLabel(entry)} is ${entry.status}; only posted entries can be reconciled`);
  const { data: posting } = await AccountPosting.get({ organization_id: organizationId, account_id: bank.account_id, date: entry.date, entry_id: entry.id }).go({ consistent: true });
  if (!posting) throw bodyIssue(['journal_entry_id'], `Journal entry ${entryLabel(entry)} does not post to this bank account's ledger account`);
  if (netOf(posting) !== line.amount) {
    throw bodyIssue(
      ['journal_entry_id'],
      `Journal entry ${entryLabel(entry)} moves ${formatAmount(netOf(posting), line.currency)} through the bank account; the statement line is ${formatAmount(line.amount, line.currency)}`,
    );
  }
  const entryPayment = entry.source_type === 'payment' ? entry.source_id : undefined;
  if (paymentId && paymentId !== entryPayment) throw bodyIssue(['payment_id'], `Journal entry ${entryLabel(entry)} is not the posting of this payment`);

  const { item, after } = markReconciled(line, bank, { entryId: entry.id, paymentId: entryPayment, kind: 'existing' }, actorId);
  await postTransaction([
    item,
    claimEntry(bank, line, entry.id, entryLabel(entry)),
    onConditionFailed(
      conditionCheck(JournalEntry.delete({ organization_id: organizationId, id: entry.id }).where((a, { eq }) => eq(a.status, 'posted')).params()),
      () => new Conflict(`Journal entry ${entryLabel(entry)} was reversed meanwhile`),
    ),
    countUnreconciled(bank, -1),
  ]);
  return after;
}

/**
 * Posts an entry for a line no document explains: money out → debit the named account, credit
 * the bank's ledger account; money in → the other way round. With a tax, the line's amount
 * includes it and the tax's share goes to the tax's purchase (out) or sales (in) account.
 */
async function reconcileWithNewEntry(
  bank: BankAccountRecord,
  line: BankTransactionRecord,
  create: { account_id: string; description?: string | null; tax_id?: string | null },
  actorId: string | null,
) {
  const organizationId = bank.organization_id;
  const { data: account } = await Account.get({ organization_id: organizationId, id: create.account_id }).go({ consistent: true });
  if (!account) throw bodyIssue(['create', 'account_id'], 'Account not found');
  if (!account.is_active) throw bodyIssue(['create', 'account_id'], `Account ${account.code} ${account.name} is inactive`);
  if (account.id === bank.account_id) throw bodyIssue(['create', 'account_id'], "Name the other side of the line (an expense, income or other account), not the bank's own ledger account");

  const moneyOut = line.amount < 0;
  const gross = Math.abs(line.amount);
  let net = gross;
  let taxLine: PostingLine | null = null;
  if (create.tax_id) {
    const { data: tax } = await Tax.get({ organization_id: organizationId, id: create.tax_id }).go({ consistent: true });
    if (!tax) throw bodyIssue(['create', 'tax_id'], 'Tax not found');
    if (!tax.is_active) throw bodyIssue(['create', 'tax_id'], `${tax.name} is inactive`);
    if (tax.tax_category === 'special') throw bodyIssue(['create', 'tax_id'], `${tax.name} is a special tax; name the general sales tax the amount includes`);
    const result = await calculateTaxes(organizationId, {
      currency: line.currency as money.CurrencyCode,
      lines: [{ quantity: '1', unit_price: formatAmount(gross, line.currency), tax_id: tax.id, discount: null, tax_rate: null, tax_category: null, special_tax_id: null, special_tax: null, price_includes_tax: true }],
    });
    const taxAmount = money.parseMoney(result.lines[0]!.tax, line.currency).amount;
    // Tax that is not recoverable on purchases stays in the cost.
    const taxSubtype = moneyOut ? tax.purchase_account_subtype : tax.sales_account_subtype;
    if (taxAmount > 0 && taxSubtype) {
      const taxAccount = await systemAccount(organizationId, taxSubtype);
      net = gross - taxAmount;
      taxLine = { account_id: taxAccount.id, [moneyOut ? 'debit' : 'credit']: taxAmount, tax_id: tax.id, narrative: { key: 'ledger.bank.tax_on', params: { tax: tax.name, description: line.description } } };
    }
  }
  const description = (create.description || line.description).slice(0, 500);
  const counterpart: PostingLine = { account_id: account.id, [moneyOut ? 'debit' : 'credit']: net, description, ...(create.tax_id ? { tax_id: create.tax_id } : {}) };
  const bankSide: PostingLine = { account_id: bank.account_id, [moneyOut ? 'credit' : 'debit']: gross, description };
  const lines = moneyOut ? [counterpart, ...(taxLine ? [taxLine] : []), bankSide] : [bankSide, counterpart, ...(taxLine ? [taxLine] : [])];
  const entryId = uuidv7();
  const { item, after } = markReconciled(line, bank, { entryId, kind: 'created' }, actorId);
  // The entry takes the journal's next number in the same transaction as the match (posting path).
  await postDocument({
    organizationId,
    build: () => ({
      postings: [
        {
          organizationId,
          date: line.date,
          source: { type: 'bank_transaction', id: line.id },
          entryId,
          memo_narrative: { key: 'ledger.bank.statement', params: { description } },
          reference: line.reference,
          createdBy: actorId,
          lines,
          issuePath: ['body', 'create'],
        },
      ],
      items: ([entry]) => [item, claimEntry(bank, line, entryId, entryLabel(entry!)), countUnreconciled(bank, -1)],
      finish: () => after,
    }),
  });
  return after;
}

// ---------------------------------------------------------------------------------------------
// Undo

/**
 * Undoes a line's match. An entry posted by the reconciliation is reversed (dated
 * `reversalDate`, default its own date) in the same transaction; an existing entry is only
 * released for matching again.
 */
export async function unreconcile(bank: BankAccountRecord, line: BankTransactionRecord, reversalDate: string | undefined, actorId: string | null): Promise<BankTransactionRecord> {
  if (line.status !== 'reconciled' || !line.matched_journal_entry_id) throw new Conflict('The statement line is not reconciled');
  const organizationId = bank.organization_id;
  const entryId = line.matched_journal_entry_id;
  const accountId = line.matched_account_id ?? bank.account_id;
  const now = nowIso();
  const cleared = ['matched_journal_entry_id', 'matched_payment_id', 'match_kind', 'matched_account_id', 'reconciled_at', 'reconciled_by'] as const;
  const items: TransactItem[] = [
    onConditionFailed(
      updateItem(
        BankTransaction.patch({ organization_id: organizationId, bank_account_id: line.bank_account_id, id: line.id })
          .set({ status: 'unreconciled', version: line.version + 1, updated_at: now })
          .remove([...cleared])
          .where((a, { eq }) => `${eq(a.status, 'reconciled')} AND ${eq(a.version, line.version)}`)
          .params(),
      ),
      lineChanged,
    ),
    deleteItem(
      BankReconciliation.delete({ organization_id: organizationId, account_id: accountId, entry_id: entryId }).where((a, { eq }) => eq(a.transaction_id, line.id)).params(),
      lineChanged,
    ),
    countUnreconciled(bank, 1),
  ];
  const postings: PostingInput[] = [];
  if (line.match_kind === 'created') {
    const { data: entry } = await JournalEntry.get({ organization_id: organizationId, id: entryId }).go({ consistent: true });
    // Reversed already (through the journal): the books are back; only the match is undone.
    if (entry && entry.status === 'posted') {
      const reversal = await reversalOf({
        organizationId,
        entryId,
        date: reversalDate ?? entry.date,
        memo_narrative: { key: 'ledger.bank.reconciliation_undone', params: { entry: entryLabel(entry) } },
        createdBy: actorId,
        issuePath: ['query'],
      });
      postings.push(reversal.posting);
      items.push(reversal.originalUpdate(reversal.posting.entryId!, now));
    }
  }
  await postDocument({ organizationId, build: () => ({ postings, items, finish: () => null }) });
  const after: BankTransactionRecord = { ...line, status: 'unreconciled', version: line.version + 1, updated_at: now };
  for (const field of cleared) delete after[field];
  return after;
}
