/**
 * Statement lines: typed in one at a time, or imported from a CSV statement. A line's id derives
 * from its fingerprint — date, amount, description, reference and which occurrence of identical
 * lines it is — so a statement imported twice (or a line typed in and then imported) is stored
 * once. An import checks every row before writing any (a bad row refuses the statement), then
 * writes the new lines with conditional Puts in transactions of at most 100 actions, each also
 * adding its lines to the bank account's counters; a retry after an interrupted import writes
 * only what is missing.
 */
import { createHash } from 'node:crypto';
import { money } from '@daftar/shared';
import type { BankTransactionCreate, BankTransactionPublic } from '@daftar/shared/schemas/banking';
import { BankAccount, type BankAccountRecord } from '../db/bankAccount.js';
import { batchGet } from '../db/batch-get.js';
import { BankTransaction, type BankTransactionRecord } from '../db/bankTransaction.js';
import { listPage } from '../db/paging.js';
import { MAX_TRANSACTION_ACTIONS, onConditionFailed, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { addDays } from '../ledger/dates.js';
import { formatAmount } from '../ledger/present.js';
import { uuidv7 } from '../platform/ids.js';
import type { StatementRow } from './statement.js';
import { normalizeHeader } from './statement.js';

export async function getLine(organizationId: string, bankAccountId: string, id: string): Promise<BankTransactionRecord> {
  const { data } = await BankTransaction.get({ organization_id: organizationId, bank_account_id: bankAccountId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Bank transaction not found');
  return data;
}

export function requireActive(bank: BankAccountRecord) {
  if (!bank.is_active) throw new Conflict(`The bank account ${bank.name} is inactive; activate it to add statement lines`);
}

// ---------------------------------------------------------------------------------------------
// Fingerprints

interface LineFacts {
  date: string;
  amount: number;
  description: string;
  reference: string;
}

/** Date, amount and the wording as a person reads it (case, spacing, Arabic letter variants ignored). */
const fingerprintOf = (facts: LineFacts) => [facts.date, String(facts.amount), normalizeHeader(facts.description), normalizeHeader(facts.reference)].join('|');

/** The line's id: a UUID (RFC 9562 version 8) from the bank account, the fingerprint and the occurrence. */
export function lineIdOf(organizationId: string, bankAccountId: string, fingerprint: string, occurrence: number): string {
  const hex = createHash('sha256').update(`daftar:bankline:${organizationId}:${bankAccountId}:${fingerprint}#${occurrence}`).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Parallel BatchGets per round: a 5000-row statement is checked in a few round trips. */
const BATCH_READS_AT_ONCE = 10;

/** Which of the given line ids are stored (consistent BatchGets of 100, a few at a time, unprocessed keys retried). */
async function existingIds(organizationId: string, bankAccountId: string, ids: string[]): Promise<Set<string>> {
  const stored = await batchGet(
    ids.map((id) => ({ organization_id: organizationId, bank_account_id: bankAccountId, id })),
    (keys) => BankTransaction.get(keys).go({ consistent: true, attributes: ['organization_id', 'bank_account_id', 'id'] }),
    { concurrency: BATCH_READS_AT_ONCE, what: 'statement lines' },
  );
  return new Set(stored.map((line) => line.id));
}

/** A concurrent import or entry wrote one of these lines first. */
class LineExists extends Conflict {
  constructor() {
    super('The statement line was added meanwhile');
  }
}

const bankGone = () => new Conflict('The bank account was deleted or deactivated meanwhile');

/** Adds lines to the bank account's counters, on condition that it still exists and is active. */
function countLines(bank: BankAccountRecord, lines: BankTransactionRecord[]): TransactItem {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return onConditionFailed(
    updateItem(
      BankAccount.patch({ organization_id: bank.organization_id, id: bank.id })
        .add({ transaction_count: lines.length, unreconciled_count: lines.length, lines_total: total })
        .where((a, { eq }) => eq(a.is_active, true))
        .params(),
    ),
    bankGone,
  );
}

const putLine = (line: BankTransactionRecord) => onConditionFailed(putItem(BankTransaction.create(line).params()), () => new LineExists());

/** Keeps a day's lines in the order they were written: write time, then the row's position. */
const sequenceOf = (writtenAt: number, position: number) => `${String(writtenAt).padStart(15, '0')}.${String(position).padStart(6, '0')}`;

interface NewLine extends LineFacts {
  id: string;
  occurrence: number;
  position: number;
}

function record(bank: BankAccountRecord, line: NewLine, extra: { source: 'manual' | 'import'; batchId?: string; actorId: string | null; writtenAt: number }): BankTransactionRecord {
  const now = new Date(extra.writtenAt).toISOString();
  return {
    organization_id: bank.organization_id,
    bank_account_id: bank.id,
    id: line.id,
    date: line.date,
    sequence: sequenceOf(extra.writtenAt, line.position),
    description: line.description,
    reference: line.reference || undefined,
    amount: line.amount,
    currency: bank.currency,
    status: 'unreconciled',
    source: extra.source,
    import_batch_id: extra.batchId,
    occurrence: line.occurrence,
    created_by: extra.actorId ?? undefined,
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

// ---------------------------------------------------------------------------------------------
// One line typed in

export async function addLine(bank: BankAccountRecord, input: BankTransactionCreate, actorId: string | null): Promise<BankTransactionRecord> {
  requireActive(bank);
  let amount: number;
  try {
    amount = money.parseMoney(typeof input.amount === 'string' ? input.amount.replace(/^\+/, '') : input.amount, bank.currency).amount;
  } catch (error) {
    if (error instanceof money.MoneyError) throw new ValidationError([{ loc: ['body', 'amount'], msg: error.message, type: 'value_error' }]);
    throw error;
  }
  if (amount === 0) throw new ValidationError([{ loc: ['body', 'amount'], msg: 'A statement line moves money: the amount cannot be zero', type: 'value_error' }]);
  const facts: LineFacts = { date: input.date, amount, description: input.description, reference: input.reference ?? '' };
  const fingerprint = fingerprintOf(facts);
  // The next free occurrence: an identical line typed again is a second line, and the same line
  // imported later (where it is that statement's first occurrence) is recognised as this one.
  for (let attempt = 0; attempt < 5; attempt++) {
    let occurrence = 0;
    for (let from = 0; ; from += 10) {
      const candidates = Array.from({ length: 10 }, (_, i) => lineIdOf(bank.organization_id, bank.id, fingerprint, from + i));
      const taken = await existingIds(bank.organization_id, bank.id, candidates);
      const free = candidates.findIndex((id) => !taken.has(id));
      if (free >= 0) {
        occurrence = from + free;
        break;
      }
    }
    const line = record(bank, { ...facts, id: lineIdOf(bank.organization_id, bank.id, fingerprint, occurrence), occurrence, position: 0 }, { source: 'manual', actorId, writtenAt: Date.now() });
    try {
      await postTransaction([putLine(line), countLines(bank, [line])]);
      return line;
    } catch (error) {
      if (!(error instanceof LineExists)) throw error;
    }
  }
  throw new Conflict('Too many identical lines are being added at once; try again');
}

// ---------------------------------------------------------------------------------------------
// A statement

export interface ImportOutcome {
  batchId: string;
  rows: number;
  imported: BankTransactionRecord[];
  skipped: number;
}

/**
 * Writes a checked statement's rows: lines already stored (same fingerprint and occurrence) are
 * skipped; the others go in transactions of at most 99 lines plus the counter update.
 */
export async function importRows(bank: BankAccountRecord, rows: readonly StatementRow[], actorId: string | null): Promise<ImportOutcome> {
  requireActive(bank);
  const batchId = uuidv7();
  const writtenAt = Date.now();
  const seen = new Map<string, number>();
  const candidates: NewLine[] = rows.map((row, position) => {
    const facts: LineFacts = { date: row.date, amount: row.amount, description: row.description, reference: row.reference };
    const fingerprint = fingerprintOf(facts);
    const occurrence = seen.get(fingerprint) ?? 0;
    seen.set(fingerprint, occurrence + 1);
    return { ...facts, id: lineIdOf(bank.organization_id, bank.id, fingerprint, occurrence), occurrence, position };
  });

  const stored = await existingIds(bank.organization_id, bank.id, candidates.map((c) => c.id));
  const fresh = candidates.filter((c) => !stored.has(c.id));
  const perTransaction = MAX_TRANSACTION_ACTIONS - 1;
  const imported: BankTransactionRecord[] = [];
  for (let i = 0; i < fresh.length; i += perTransaction) {
    let chunk = fresh.slice(i, i + perTransaction).map((line) => record(bank, line, { source: 'import', batchId, actorId, writtenAt }));
    for (let attempt = 0; chunk.length; attempt++) {
      try {
        await postTransaction([...chunk.map(putLine), countLines(bank, chunk)]);
        imported.push(...chunk);
        break;
      } catch (error) {
        // Another import of the same statement wrote some of these lines first: skip those.
        if (!(error instanceof LineExists) || attempt >= 4) throw error;
        const taken = await existingIds(bank.organization_id, bank.id, chunk.map((l) => l.id));
        chunk = chunk.filter((l) => !taken.has(l.id));
      }
    }
  }
  return { batchId, rows: rows.length, imported, skipped: rows.length - imported.length };
}

// ---------------------------------------------------------------------------------------------
// Lists and shapes

export interface LineListQuery {
  skip: number;
  limit: number;
  unreconciled_only: boolean;
  matched_transaction_id?: string;
  date_from?: string;
  date_to?: string;
}

/** A bank account's lines, newest first (date, then the statement's order). */
export function linesQuery(organizationId: string, bankAccountId: string, query: Omit<LineListQuery, 'skip' | 'limit'>) {
  const base = BankTransaction.query.byDate({ organization_id: organizationId, bank_account_id: bankAccountId });
  // Sort keys are DATE#<date>#<sequence>: `DATE#<day after date_to>` bounds the end inclusively.
  const { date_from: from, date_to: to } = query;
  const ranged = from && to ? base.between({ date: from }, { date: addDays(to, 1) }) : from ? base.gte({ date: from }) : to ? base.lt({ date: addDays(to, 1) }) : base;
  const matched = query.matched_transaction_id;
  if (!query.unreconciled_only && !matched) return ranged;
  return ranged.where((a, { eq }) => {
    const conditions: string[] = [];
    if (query.unreconciled_only) conditions.push(eq(a.status, 'unreconciled'));
    if (matched) conditions.push(`(${eq(a.matched_journal_entry_id, matched)} OR ${eq(a.matched_payment_id, matched)})`);
    return conditions.join(' AND ');
  });
}

export const listLines = (organizationId: string, bankAccountId: string, query: LineListQuery) =>
  listPage(linesQuery(organizationId, bankAccountId, query), { skip: query.skip, limit: query.limit, order: 'desc' }, presentLine);

export function presentLine(line: BankTransactionRecord): BankTransactionPublic {
  const matched = line.status === 'reconciled' && line.matched_journal_entry_id
    ? { journal_entry_id: line.matched_journal_entry_id, payment_id: line.matched_payment_id ?? null, kind: line.match_kind ?? 'existing' }
    : null;
  return {
    id: line.id,
    bank_account_id: line.bank_account_id,
    date: line.date,
    description: line.description,
    reference: line.reference ?? null,
    amount: formatAmount(line.amount, line.currency),
    currency: line.currency,
    status: line.status,
    matched,
    matched_transaction_id: matched?.journal_entry_id ?? null,
    reconciled_at: line.reconciled_at ?? null,
    reconciled_by: line.reconciled_by ?? null,
    source: line.source,
    import_batch_id: line.import_batch_id ?? null,
    version: line.version,
    created_at: line.created_at,
    updated_at: line.updated_at,
  };
}
