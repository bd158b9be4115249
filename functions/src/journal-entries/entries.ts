/** Manual journal entries: drafts, posting, reversal, deletion of drafts, listing. */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { money } from '@daftar/shared';
import type { JournalEntryCreate } from '@daftar/shared/schemas/accounting';
import { JournalEntry, type JournalEntryRecord } from '../db/journalEntry.js';
import { BankReconciliation } from '../db/bankTransaction.js';
import { batchGet } from '../db/batch-get.js';
import { documentClient } from '../db/client.js';
import { Contact } from '../db/contact.js';
import { Tax } from '../db/tax.js';
import { config } from '../platform/config.js';
import { conditionCheck, isConditionFailure, type TransactItem } from '../db/transaction.js';
import type { AuditActor, AuditEntry } from '../db/auditLog.js';
import { postDocument } from '../documents/posting-path.js';
import { requireMayDeleteDraft, type DraftDeleter } from '../documents/draft-delete.js';
import { Conflict, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { addDays } from '../ledger/dates.js';
import { reversalOf, validatePostings, type PostingInput, type PostingLine } from '../ledger/posting.js';

/** How a journal action is recorded besides the books: the audit record, written in its transaction. */
export interface EntryOptions {
  /** `original`: the entry a reversal reverses. */
  audit?: AuditActor & { entry(entry: JournalEntryRecord, original?: JournalEntryRecord): AuditEntry };
}

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

type TableKey = { pk: string; sk: string };
const keyText = (key: TableKey) => `${key.pk}\n${key.sk}`;

/**
 * The contacts and taxes named on an entry's lines are this organization's. The posting path
 * (ledger/posting.ts) checks accounts only: it is shared by every document kind, and each
 * document's own code checks what it names; manual entries are checked here. Every reference is
 * read in one BatchGet keyed by organization, so another tenant's id, like an id of nothing, is
 * simply not found → 422 at the line's field (`[...path, 'lines', i, 'contact_id' | 'tax_id']`).
 */
async function checkLineReferences(organizationId: string, lines: readonly Pick<PostingLine, 'contact_id' | 'tax_id'>[], path: (string | number)[]) {
  const refs = lines.flatMap((line, index) => [
    ...(line.contact_id ? [{ index, field: 'contact_id', what: 'Contact', key: Contact.get({ organization_id: organizationId, id: line.contact_id }).params().Key as TableKey }] : []),
    ...(line.tax_id ? [{ index, field: 'tax_id', what: 'Tax', key: Tax.get({ organization_id: organizationId, id: line.tax_id }).params().Key as TableKey }] : []),
  ]);
  if (!refs.length) return;
  const table = config.tableName;
  const found = await batchGet(
    refs.map((r) => r.key),
    async (keys) => {
      const result = await documentClient.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'pk, sk' } } }));
      return { data: (result.Responses?.[table] ?? []) as TableKey[], unprocessed: result.UnprocessedKeys?.[table]?.Keys ?? [] };
    },
    { what: 'contacts and taxes', concurrency: 4 },
  );
  const exists = new Set(found.map(keyText));
  const issues: ValidationIssue[] = refs
    .filter((r) => !exists.has(keyText(r.key)))
    .map((r) => ({ loc: [...path, 'lines', r.index, r.field], msg: `${r.what} not found`, type: 'not_found' }));
  if (issues.length) throw new ValidationError(issues);
}

/** Creates a manual entry: stored as a draft, or posted at once. */
export async function createManualEntry(
  organizationId: string,
  body: JournalEntryCreate,
  currency: string,
  actorId: string | null,
  options: EntryOptions = {},
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
  await checkLineReferences(organizationId, input.lines, ['body']);
  if (body.status === 'posted') return postEntry(input, [], options);
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

/**
 * Posts entries made in the journal through the posting path: numbered in the journal series
 * (JE-000001) inside the posting's transaction, with the audit record when given.
 */
async function postEntry(input: PostingInput, items: TransactItem[], options: EntryOptions): Promise<JournalEntryRecord> {
  const { result } = await postDocument<JournalEntryRecord>({
    organizationId: input.organizationId,
    build: () => ({ postings: [input], items, finish: (entries) => entries[0]! }),
    audit: options.audit ? { actor: options.audit, entry: options.audit.entry } : undefined,
  });
  return result;
}

/**
 * Posts a draft: numbers it, writes the balances. Posting an entry already posted (a
 * double-click, a retried request) answers it as it is; a reversed or deleted one is a 409.
 */
export async function postDraft(organizationId: string, id: string, actorId: string | null, options: EntryOptions = {}): Promise<JournalEntryRecord> {
  const draft = await getEntry(organizationId, id);
  if (draft.status === 'posted') return draft;
  if (draft.status !== 'draft') throw new Conflict(`The journal entry is already ${draft.status}`);
  // Drafts saved before their references were checked are checked before they reach the books.
  await checkLineReferences(organizationId, draft.lines, []);
  try {
    return await postEntry(
      {
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
      },
      [],
      options,
    );
  } catch (error) {
    // Posted by a twin request meanwhile: that posting is this one's answer.
    if (!(error instanceof Conflict)) throw error;
    const now = await getEntry(organizationId, id);
    if (now.status === 'posted' && draft.status === 'draft') return now;
    throw error;
  }
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
  options: EntryOptions = {},
): Promise<{ reversal: JournalEntryRecord; original: JournalEntryRecord }> {
  const stored = await getEntry(organizationId, id);
  // A document's entry is undone through the document (void the payment, return the invoice), or
  // the document would still say confirmed/paid while its books say otherwise.
  if (!manuallyReversible(stored)) {
    throw new Conflict(`This entry was posted by a ${stored.source_type.replace(/_/g, ' ')}; undo it through that document instead`);
  }
  const { posting, original, originalUpdate } = await reversalOf({ organizationId, entryId: id, date: input.date, memo: input.memo, createdBy: actorId, issuePath: ['body'] });
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
  const now = new Date().toISOString();
  const audit = options.audit ? { ...options.audit, entry: (reversal: JournalEntryRecord) => options.audit!.entry(reversal, original) } : undefined;
  const entry = await postEntry(posting, [originalUpdate(posting.entryId!, now), ...notReconciled], { audit });
  const reversed: JournalEntryRecord = { ...original, status: 'reversed', reversed_by_entry_id: entry.id, version: original.version + 1, updated_at: now };
  return { reversal: entry, original: reversed };
}

/** Deletes a draft: its creator or an admin (documents/draft-delete.ts); posted entries are reversed instead. */
export async function deleteDraft(organizationId: string, id: string, caller: DraftDeleter): Promise<JournalEntryRecord> {
  const entry = await getEntry(organizationId, id);
  if (entry.status !== 'draft') throw new Conflict('Posted journal entries cannot be deleted; reverse them instead');
  requireMayDeleteDraft(entry.created_by, caller, 'journal entry');
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
