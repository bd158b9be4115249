/** Manual journal entries: drafts, posting, reversal, deletion of drafts, listing. */
import { money } from '@daftar/shared';
import type { JournalEntryCreate } from '@daftar/shared/schemas/accounting';
import { JournalEntry, type JournalEntryRecord } from '../db/journalEntry.js';
import { BankReconciliation } from '../db/bankTransaction.js';
import { conditionCheck, isConditionFailure } from '../db/transaction.js';
import { Conflict, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { addDays } from '../ledger/dates.js';
import { buildPosting, buildReversal, postTransaction, validatePostings, type PostingInput, type PostingLine } from '../ledger/posting.js';

export async function getEntry(organizationId: string, id: string): Promise<JournalEntryRecord> {
  const { data } = await JournalEntry.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Journal entry not found');
  return data;
}

/** Request amounts (decimal strings or numbers in major units) to minor units, exactly. */
export function linesInMinorUnits(lines: JournalEntryCreate['lines'], currency: string): PostingLine[] {
  const issues: ValidationIssue[] = [];
  const toMinor = (value: string | number | null | undefined, index: number, field: 'debit' | 'credit') => {
    if (value === null || value === undefined || value === '') return 0;
    try {
      return money.parseMoney(value, currency).amount;
    } catch (err) {
      issues.push({ loc: ['body', 'lines', index, field], msg: err instanceof money.MoneyError ? err.message : 'Invalid amount', type: 'value_error' });
      return 0;
    }
  };
  const out = lines.map((line, index) => ({
    account_id: line.account_id,
    debit: toMinor(line.debit, index, 'debit'),
    credit: toMinor(line.credit, index, 'credit'),
    description: line.description,
    contact_id: line.contact_id,
    tax_id: line.tax_id,
  }));
  if (issues.length) throw new ValidationError(issues);
  return out;
}

/** Creates a manual entry: stored as a draft, or posted at once. */
export async function createManualEntry(
  organizationId: string,
  body: JournalEntryCreate,
  currency: string,
  actorId: string | null,
): Promise<JournalEntryRecord> {
  const id = uuidv7();
  const input: PostingInput = {
    organizationId,
    date: body.date,
    lines: linesInMinorUnits(body.lines, currency),
    source: { type: 'manual', id },
    memo: body.memo,
    reference: body.reference,
    createdBy: actorId,
    entryId: id,
    issuePath: ['body'],
  };
  if (body.status === 'posted') {
    const posting = await buildPosting(input);
    await postTransaction(posting.transactItems);
    return posting.entry;
  }
  const { currency: bookCurrency } = await validatePostings([input], { forDraft: true });
  const now = new Date().toISOString();
  const draft: JournalEntryRecord = {
    organization_id: organizationId,
    id,
    date: body.date,
    memo: body.memo ?? undefined,
    reference: body.reference ?? undefined,
    status: 'draft',
    source_type: 'manual',
    source_id: id,
    currency: bookCurrency,
    lines: input.lines.map((line, i) => ({
      line_no: i + 1,
      account_id: line.account_id,
      debit: line.debit ?? 0,
      credit: line.credit ?? 0,
      description: line.description ?? undefined,
      contact_id: line.contact_id ?? undefined,
      tax_id: line.tax_id ?? undefined,
    })),
    total: input.lines.reduce((sum, line) => sum + (line.debit ?? 0), 0),
    shard: '-',
    created_by: actorId ?? undefined,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  await JournalEntry.create(draft).go();
  return draft;
}

/** Posts a draft: numbers it, writes the balances; 409 unless it is still a draft. */
export async function postDraft(organizationId: string, id: string, actorId: string | null): Promise<JournalEntryRecord> {
  const draft = await getEntry(organizationId, id);
  if (draft.status !== 'draft') throw new Conflict(`The journal entry is already ${draft.status}`);
  const posting = await buildPosting({
    organizationId,
    date: draft.date,
    lines: draft.lines,
    source: { type: draft.source_type as PostingInput['source']['type'], id: draft.source_id },
    memo: draft.memo,
    reference: draft.reference,
    createdBy: actorId,
    entryId: draft.id,
    shard: draft.shard,
    replacesDraft: { version: draft.version, created_at: draft.created_at, created_by: draft.created_by },
  });
  await postTransaction(posting.transactItems);
  return posting.entry;
}

/**
 * Entries a person may reverse from the journal: their own (manual, or an opening balance entered
 * in the journal, whose source is itself), not one a document posted.
 */
const manuallyReversible = (entry: JournalEntryRecord) =>
  entry.source_type === 'manual' || (entry.source_type === 'opening_balance' && (!entry.source_id || entry.source_id === entry.id));

export async function reverseEntry(
  organizationId: string,
  id: string,
  input: { date: string; memo?: string | null },
  actorId: string | null,
): Promise<{ reversal: JournalEntryRecord; original: JournalEntryRecord }> {
  const stored = await getEntry(organizationId, id);
  // A document's entry is undone through the document (void the payment, return the invoice), or
  // the document would still say confirmed/paid while its books say otherwise.
  if (!manuallyReversible(stored)) {
    throw new Conflict(`This entry was posted by a ${stored.source_type.replace(/_/g, ' ')}; undo it through that document instead`);
  }
  const { entry, original, transactItems } = await buildReversal({ organizationId, entryId: id, date: input.date, memo: input.memo, createdBy: actorId, issuePath: ['body'] });
  // An entry matched to a bank statement line stays until the match is undone (bank-accounts/):
  // checked inside the transaction, so a reconciliation made meanwhile cancels the reversal.
  const accounts = [...new Set(original.lines.map((l) => l.account_id))];
  const notReconciled = accounts.map((accountId) =>
    conditionCheck(
      BankReconciliation.delete({ organization_id: organizationId, account_id: accountId, entry_id: id })
        .where((a, { notExists }) => notExists(a.entry_id))
        .params(),
      () => new Conflict('This entry is reconciled with a bank statement line; undo the reconciliation first'),
    ),
  );
  await postTransaction([...transactItems, ...notReconciled]);
  return { reversal: entry, original };
}

export async function deleteDraft(organizationId: string, id: string): Promise<JournalEntryRecord> {
  const entry = await getEntry(organizationId, id);
  if (entry.status !== 'draft') throw new Conflict('Posted journal entries cannot be deleted; reverse them instead');
  try {
    await JournalEntry.delete({ organization_id: organizationId, id })
      .where((a, { eq }) => `${eq(a.status, 'draft')} AND ${eq(a.version, entry.version)}`)
      .go();
  } catch (err) {
    if (isConditionFailure(err)) throw new Conflict('The journal entry was posted or changed by someone else; reload and try again');
    throw err;
  }
  return entry;
}

/** The list's query: by source document, or by date (newest first), filtered by status/source type. */
export function entriesQuery(
  organizationId: string,
  filters: { status?: string; start_date?: string; end_date?: string; source_type?: string; source_id?: string },
) {
  const { start_date: start, end_date: end, status, source_type, source_id } = filters;
  if (source_type && source_id) {
    return JournalEntry.query
      .bySource({ organization_id: organizationId, source_type, source_id })
      .where((a, { eq, gte, lte }) =>
        [status ? eq(a.status, status as JournalEntryRecord['status']) : '', start ? gte(a.date, start) : '', end ? lte(a.date, end) : ''].filter(Boolean).join(' AND '),
      );
  }
  const base = JournalEntry.query.byDate({ organization_id: organizationId });
  // gsi1 sort keys are DATE#<date>#<id>: `DATE#<day after end>` bounds the end date inclusively.
  const ranged = start && end ? base.between({ date: start }, { date: addDays(end, 1) }) : start ? base.gte({ date: start }) : end ? base.lt({ date: addDays(end, 1) }) : base;
  return ranged.where((a, { eq }) =>
    [status ? eq(a.status, status as JournalEntryRecord['status']) : '', source_type ? eq(a.source_type, source_type) : ''].filter(Boolean).join(' AND '),
  );
}
