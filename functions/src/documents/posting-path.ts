/**
 * The posting path: the one way a document that moves money or stock reaches the books
 * (docs/posting-path.md has the map). Invoices, bills, credit notes, payments, expenses, manual
 * journal entries and reversals post through it; the till's receipts, layaways, gift cards and
 * stock documents will too.
 *
 *   validate → take the number → build the journal entry → ONE transaction → answer
 *
 * The transaction holds, all or nothing:
 * - the Idempotency-Key's record, when the request has one (first, so that a twin request that
 *   committed first is the refusal reported, and the twin's answer is replayed);
 * - the document's own state change, conditioned on the state and version read (draft → confirmed,
 *   submitted → approved, a new payment that must not exist yet…), its reference items and the
 *   other documents it settles;
 * - the audit record of what happened;
 * - the journal entry, its ledger cards, the balance-item ADDs and the ledger-lock checks
 *   (ledger/posting.ts);
 * - the number: the document series' take, and the journal series' take for entries that have no
 *   document number of their own (db/sequence.ts).
 *
 * Gapless numbers. The number is read before the transaction and taken inside it, on condition
 * that nobody took it meanwhile. A request that is refused — invalid, closed period, already
 * confirmed, a twin's duplicate — commits nothing and so consumes nothing. When a concurrent
 * posting of the same series took the number first, only the series' condition fails
 * (`SeriesMoved`): the path reads the series again, builds again with the next number and retries.
 * Retries cost reads, never numbers; a series is the unit that waits, so series are scoped
 * (per document type, later per terminal) and balance items stay sharded.
 *
 * `build` is called with the number and must not read: everything it needs was read before
 * (`plan` is made after the document was read and checked); it may be called more than once.
 * Validation of the postings (accounts of this organization, active, balanced, open period) runs
 * once, in the same step as the series read.
 */
import { auditRecordPut, type AuditActor, type AuditEntry } from '../db/auditLog.js';
import { SeriesMoved, formatSeriesNumber, readSeries, takeNumbers, SERIES, type SeriesPosition, type SeriesRef } from '../db/sequence.js';
import { MovedMeanwhile, postTransaction, putItem, type TransactItem } from '../db/transaction.js';
import type { JournalEntryRecord } from '../db/journalEntry.js';
import { assemblePostings, reversalOf, validatePostings, type PostingContext, type PostingInput, type ReversalInput } from '../ledger/posting.js';
import { Conflict } from '../platform/errors.js';

/** What an Idempotency-Key's guard (http/idempotency.ts) gives the transaction. */
export interface IdempotencyClaim {
  recordItem(answer: { status: number; body: unknown; resourceType?: string; resourceId?: string }): TransactItem;
  /** Reads the key's record with the caller's other reads of this turn (http/idempotency.ts, `lookupInside`). */
  lookup?(): Promise<void>;
}

/** What one attempt writes, for the number it was given. */
export interface PlannedPosting<T> {
  /** The journal entries to post (usually one); give them `entryId` to reference them from the document. */
  postings: PostingInput[];
  /**
   * The document's own change first (its refusal is the one reported), then what else the posting
   * moves; a function when an item needs the entries as numbered (a bank match shows JE-000012).
   */
  items: TransactItem[] | ((entries: JournalEntryRecord[]) => TransactItem[]);
  /** The answer, from the entries as stored (their numbers). */
  finish(entries: JournalEntryRecord[]): T;
}

export interface PostingPlan<T, P = undefined> {
  organizationId: string;
  /**
   * Reads the build needs besides the number, made again on every attempt in the same step as the
   * series read (the stock levels an invoice's products take from: inventory/stock.ts).
   */
  prepare?: () => Promise<P>;
  /** The series the document's number comes from; omitted when the document is not numbered as it posts. */
  series?: SeriesRef;
  /** What the transaction writes for this number (null without a series) at this time. No reads. */
  build(number: string | null, now: string, prepared?: P): PlannedPosting<T>;
  /** Who did what: the audit record, written in the same transaction. */
  audit?: { actor: AuditActor; entry(result: T): AuditEntry };
  /** The request's Idempotency-Key, recorded in the same transaction with the answer. */
  idempotency?: { claim: IdempotencyClaim; answer(result: T): { status: number; body: unknown; resourceType?: string; resourceId?: string } } | null;
}

/** Attempts before a series that keeps moving is reported as busy (each retry is only reads and one transaction). */
const SERIES_ATTEMPTS = 60;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(250, 8 * attempt) * (0.5 + Math.random())));

/** Posts a document (see the module comment). Returns the answer and the entries as stored. */
export async function postDocument<T, P = undefined>(plan: PostingPlan<T, P>): Promise<{ result: T; entries: JournalEntryRecord[] }> {
  const { organizationId, series } = plan;
  let context: PostingContext | null = null;
  // Whether an entry takes a journal number: guessed (documents with a series name their entries)
  // until the first build tells, so the usual posting reads its one series in one step.
  let journalNeeded = !series;
  for (let attempt = 1; ; attempt++) {
    // The first attempt validates while it reads the series: validation does not depend on the
    // number, so a build with a stand-in number tells it the accounts and dates in the same step.
    const preview: PlannedPosting<T> | null = context ? null : plan.build(series ? `${series.prefix}-?` : null, new Date().toISOString());
    const [position, journal, validated, prepared]: [SeriesPosition | null, SeriesPosition | null, PostingContext | null, P | undefined] = await Promise.all([
      series ? readSeries(organizationId, series) : Promise.resolve(null),
      journalNeeded ? readSeries(organizationId, SERIES.journal) : Promise.resolve(null),
      preview?.postings.length ? validatePostings(preview.postings) : Promise.resolve(null),
      plan.prepare ? plan.prepare() : Promise.resolve(undefined),
    ]);
    context ??= validated;
    const number = series && position ? formatSeriesNumber(series.prefix, position.last + 1) : null;
    const now = new Date();
    const planned = plan.build(number, now.toISOString(), prepared);
    // What was prepared may add lines on accounts the preview did not name (cost of goods sold):
    // those are validated too before anything is written, reading only what the first check did not.
    const named = planned.postings.flatMap((p) => p.lines.map((l) => l.account_id));
    if (planned.postings.length && (!context || named.some((id) => !context!.accounts.has(id)))) context = await validatePostings(planned.postings, context ? { known: context } : {});
    journalNeeded = planned.postings.some((p) => !p.name);
    const journalPosition = journalNeeded ? (journal ?? (await readSeries(organizationId, SERIES.journal))) : null;
    const assembled = planned.postings.length ? assemblePostings(planned.postings, context!, journalPosition) : { entries: [], transactItems: [] };
    const result = planned.finish(assembled.entries);

    const items: TransactItem[] = [];
    if (plan.idempotency) items.push(plan.idempotency.claim.recordItem(plan.idempotency.answer(result)));
    items.push(...(typeof planned.items === 'function' ? planned.items(assembled.entries) : planned.items));
    if (plan.audit) items.push(putItem(auditRecordPut(plan.audit.actor, plan.audit.entry(result), now)));
    items.push(...assembled.transactItems);
    if (position) items.push(takeNumbers(position).item);
    try {
      await postTransaction(items);
      return { result, entries: assembled.entries };
    } catch (error) {
      // A series or a stock level that moved meanwhile: read again, build again, nothing consumed.
      if (!(error instanceof MovedMeanwhile) || attempt >= SERIES_ATTEMPTS) {
        if (error instanceof SeriesMoved) throw new SeriesBusy(error.series);
        if (error instanceof MovedMeanwhile) throw new Conflict('Too many changes to the same stock at once; nothing was saved, try again');
        throw error;
      }
      await pause(attempt);
    }
  }
}

/** A series taken by others on every attempt: nothing was written; the caller may simply retry. */
export class SeriesBusy extends Conflict {
  constructor(series: string) {
    super(`Too many ${series.toLowerCase()} numbers are being taken at once; nothing was saved, try again`);
  }
}

/** Journal entries with no document of their own (manual entries, tests, scripts): numbered in the journal series. */
export async function postEntries(inputs: PostingInput[], items: TransactItem[] = []): Promise<JournalEntryRecord[]> {
  const { entries } = await postDocument({ organizationId: inputs[0]!.organizationId, build: () => ({ postings: inputs, items, finish: () => null }) });
  return entries;
}

/** Reverses a posted entry (numbered in the journal series), with what else must change with it. */
export async function postReversal(input: ReversalInput, items: TransactItem[] = []): Promise<JournalEntryRecord> {
  const { posting, originalUpdate } = await reversalOf(input);
  const [entry] = await postEntries([posting], [originalUpdate(posting.entryId!, new Date().toISOString()), ...items]);
  return entry!;
}
