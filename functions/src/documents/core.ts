/**
 * The document core: what sales invoices and purchase bills (and, later, credit and debit notes)
 * share. A document is a draft until confirmed; a draft is computed with the shared tax calculator
 * (per-line rounding) and rewritten whole on condition that it is still the draft of the version
 * read. Confirmation numbers it (INV-000001, BILL-000001) and posts its journal entry in the same
 * transaction as the draft → confirmed change (docs/ledger.md), so a second confirmation is a 409
 * and leaves the books as they were.
 *
 * References (db/reference.ts): a draft records that it names its contact and each tax its lines
 * use, in the transaction that writes it, with a ConditionCheck that a newly named contact or tax
 * still exists and is active; a changed draft moves its references, a deleted draft removes them, a
 * confirmed or cancelled document keeps them. Contacts and taxes in use are deactivated instead of
 * deleted.
 */
import { money } from '@daftar/shared';
import type { Narrative } from '@daftar/shared/narrative';
import { Contact } from '../db/contact.js';
import { countMatching, takeRange } from '../db/paging.js';
import { referenceChanges, type EntityRef } from '../db/reference.js';
import { Tax } from '../db/tax.js';
import { conditionCheck, deleteItem, isConditionFailure, putItem, TransactionTooLarge, type TransactItem } from '../db/transaction.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { onConditionFailed, postTransaction, updateItem } from '../ledger/posting.js';
import type { AuditActor, AuditEntry } from '../db/auditLog.js';
import { postDocument, type IdempotencyClaim } from './posting-path.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { organizationSettings } from '../organizations/settings.js';
import { systemAccounts } from '../ledger/chart.js';
import type { PostingLine } from '../ledger/posting.js';
import { MAX_TRACKED_PRODUCTS_PER_POSTING, planStock, readStock, stockPostingLines, trackedOnly, type PlanContext, type StockChange, type StockRead } from '../inventory/stock.js';
import { requireMayDeleteDraft, type DraftDeleter } from './draft-delete.js';
import { COMMON_TEXT_FIELDS, type DocumentKind, type DocumentRecord, type LineInput, type StoredLine } from './kind.js';
import { amountText, computeLines, inputOf, presentLine } from './lines.js';

export const bodyIssue = (loc: (string | number)[], msg: string) => new ValidationError([{ loc: ['body', ...loc], msg, type: 'value_error' }]);

/** A new document's header and lines, as the create body gives them. */
export interface DocumentInput<I extends LineInput> {
  contact_id: string;
  issue_date: string;
  due_date?: string | null;
  currency?: string;
  price_includes_tax: boolean;
  lines: I[];
  reference?: string | null;
  notes?: string | null;
}

/** A header change: absent fields keep their value, null clears an optional one. */
export interface DocumentHeaderChange {
  contact_id?: string;
  issue_date?: string;
  due_date?: string | null;
  currency?: string;
  price_includes_tax?: boolean;
  version: number;
}

export interface DocumentFilters {
  skip?: number;
  limit?: number;
  status?: string;
  contact_id?: string;
  /** Issue dates, inclusive. */
  date_from?: string;
  date_to?: string;
}

/** The whole content of a draft: what a rewrite replaces. */
interface DraftContent<I extends LineInput> {
  contact_id: string;
  issue_date: string;
  due_date: string | null;
  price_includes_tax: boolean;
  /** reference, notes and the kind's own text fields; null clears. */
  texts: Record<string, string | null>;
  /** The kind's extra header fields (kind.extraHeaderFields); undefined clears. */
  extras: Record<string, unknown>;
  lines: I[];
}

/** How a confirmation is recorded besides the books: the trail and the request's Idempotency-Key. */
export interface ConfirmOptions<R> {
  /** Who confirms: the audit record is then written in the confirmation's transaction. */
  audit?: AuditActor;
  idempotency?: { claim: IdempotencyClaim; answer(document: R): { status: number; body: unknown; resourceType?: string; resourceId?: string } };
  /** Called when the document was already confirmed and nothing was written. */
  onUnchanged?(): void;
}

/** The document's own condition failed: it was confirmed or changed by someone else meanwhile. */
class DocumentMoved extends Conflict {
  constructor() { super('The document was confirmed or changed meanwhile; reload and try again'); }
}

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);
/** A text field by name: undefined when absent (keep), null when cleared. */
/**
 * A posting line's description as a narrative: the document's label, with the words the kind gave
 * the line ('tax', 'special tax') as the catalogue's own sentence, so an Arabic reader sees them in
 * Arabic; any other wording stays a value as written.
 */
function lineNarrative(noun: DocumentKind<DocumentRecord, StoredLine, LineInput>['noun'], number: string, description: string | null | undefined): Narrative {
  if (!description) return { key: `ledger.${noun}`, params: { number } };
  if (description === 'tax') return { key: `ledger.${noun}.tax`, params: { number } };
  if (description === 'special tax') return { key: `ledger.${noun}.special_tax`, params: { number } };
  // The stock lines of tracked products (inventory/stock.ts `stockPostingLines`).
  if (description === 'cost of goods sold') return { key: `ledger.${noun}.cost_of_goods`, params: { number } };
  if (description === 'inventory at cost' || description === 'received into inventory') return { key: `ledger.${noun}.inventory`, params: { number } };
  return { key: `ledger.${noun}.line`, params: { number, description } };
}

/** The stock a confirmation moves, costed against the levels read: its journal lines and its writes. */
function stockOfConfirmation(
  [read, accounts]: [StockRead, Record<'inventory' | 'cogs' | 'inventory_adjustments', { id: string }>],
  changes: StockChange[],
  context: PlanContext,
): { lines: PostingLine[]; items: TransactItem[] } | null {
  const tracked = trackedOnly(changes, read.products);
  if (!tracked.length) return null;
  const plan = planStock(read, tracked, context);
  return { lines: stockPostingLines(plan, { inventory: accounts.inventory.id, cogs: accounts.cogs.id, adjustments: accounts.inventory_adjustments.id }), items: plan.items };
}

const rawText = (source: object, field: string) => (source as Record<string, unknown>)[field] as string | null | undefined;
const textOf = (source: object, field: string) => rawText(source, field) ?? null;

export function documentCore<R extends DocumentRecord, L extends StoredLine, I extends LineInput, X extends keyof L & keyof I & string = never>(kind: DocumentKind<R, L, I, X>) {
  const { noun, entity } = kind;
  const Noun = capitalized(noun);
  const plural = `${noun}s`;
  const textFields = [...COMMON_TEXT_FIELDS, ...kind.extraTextFields];
  const extraLineFields = kind.extraLineFields as readonly string[];
  const extraHeaderFields = kind.extraHeaderFields ?? [];
  /** The extra header fields of an input or a record (an empty list is none). */
  const extrasOf = (source: object): Record<string, unknown> =>
    Object.fromEntries(extraHeaderFields.map((f) => {
      const value = (source as Record<string, unknown>)[f];
      return [f, Array.isArray(value) && !value.length ? undefined : (value ?? undefined)];
    }));
  const role = kind.counterparty.role;

  const changedConflict = () => new Conflict(`The ${noun} was changed by someone else; reload and try again`);
  const notDraftConflict = (status: string) => new Conflict(`The ${noun} is ${status}; only draft ${plural} can be changed or deleted`);

  async function get(organizationId: string, id: string): Promise<R> {
    const { data } = await entity.get({ organization_id: organizationId, id }).go({ consistent: true });
    if (!data) throw new NotFound(`${Noun} not found`);
    return data;
  }

  const linesOf = (document: R) => document.lines as L[];


  function checkCurrency(requested: string | undefined, base: string): string {
    if (requested && requested !== base) throw bodyIssue(['currency'], `${capitalized(plural)} are in the organization's base currency (${base})`);
    return base;
  }

  /** The counterparty must be a contact of THIS organization in the right role: another tenant's id is simply not found. */
  async function checkCounterparty(organizationId: string, contactId: string): Promise<void> {
    const { data } = await Contact.get({ organization_id: organizationId, id: contactId }).go();
    if (!data) throw new NotFound('Contact not found');
    if (!kind.counterparty.types.includes(data.contact_type)) throw bodyIssue(['contact_id'], `${data.name} is a ${data.contact_type}, not a ${role}`);
    if (!data.is_active) throw bodyIssue(['contact_id'], `${data.name} is inactive`);
  }

  /**
   * What a newly referenced contact or tax must still be when the draft is written: checked in the
   * write's transaction, so one deleted meanwhile gains no dangling reference.
   */
  function stillActive(organizationId: string, target: EntityRef): TransactItem {
    const key = { organization_id: organizationId, id: target.id };
    const params =
      target.type === 'contact'
        ? Contact.delete(key).where((a, { eq }) => eq(a.is_active, true)).params()
        : Tax.delete(key).where((a, { eq }) => eq(a.is_active, true)).params();
    const what = target.type === 'contact' ? `The ${role}` : `A tax of the ${noun}`;
    return conditionCheck(params, () => new Conflict(`${what} was deleted or deactivated meanwhile; reload and try again`));
  }

  const targetsOf = (content: { contact_id: string; lines: readonly { tax_id?: string | null; special_tax_id?: string | null }[] } | null): EntityRef[] =>
    content
      ? [
          { type: 'contact', id: content.contact_id },
          ...[...new Set(content.lines.flatMap((l) => [l.tax_id, l.special_tax_id]).filter((t): t is string => !!t))].map((id) => ({ type: 'tax', id })),
        ]
      : [];

  /** The reference items moving a document's references from `before` to `after` (null: none), with their checks. */
  function referenceSteps(organizationId: string, id: string, before: Parameters<typeof targetsOf>[0], after: Parameters<typeof targetsOf>[0]) {
    const was = targetsOf(before);
    const now = targetsOf(after);
    const added = now.filter((t) => !was.some((w) => w.type === t.type && w.id === t.id));
    return [...referenceChanges(organizationId, { type: noun, id }, was, now), ...added.map((t) => stillActive(organizationId, t))];
  }

  async function computed(organizationId: string, currency: string, priceIncludesTax: boolean, lines: readonly I[]) {
    await kind.checkLines?.(organizationId, lines);
    return computeLines<L>(organizationId, currency, priceIncludesTax, lines, extraLineFields);
  }

  const optional = (v: string | null | undefined) => v || undefined;
  const textValues = (texts: Record<string, string | null>) => Object.fromEntries(textFields.map((f) => [f, optional(texts[f])]));

  async function create(organizationId: string, input: DocumentInput<I>, createdBy: string | null): Promise<R> {
    const currency = checkCurrency(input.currency, (await organizationSettings(organizationId)).currency);
    await checkCounterparty(organizationId, input.contact_id);
    const { lines, totals } = await computed(organizationId, currency, input.price_includes_tax, input.lines);
    const now = nowIso();
    const document = {
      organization_id: organizationId,
      id: uuidv7(),
      status: 'draft',
      contact_id: input.contact_id,
      issue_date: input.issue_date,
      due_date: input.due_date ?? undefined,
      currency,
      ...textValues(Object.fromEntries(textFields.map((f) => [f, textOf(input, f)]))),
      ...extrasOf(input),
      price_includes_tax: input.price_includes_tax,
      lines,
      ...totals,
      amount_paid: 0,
      created_by: createdBy ?? undefined,
      version: 1,
      created_at: now,
      updated_at: now,
    } as unknown as R;
    await postTransaction([putItem(entity.create(document).params()), ...referenceSteps(organizationId, document.id, null, { contact_id: input.contact_id, lines })]);
    return document;
  }

  function requireDraft(document: R, version?: number) {
    if (document.status !== 'draft') throw notDraftConflict(document.status);
    if (version !== undefined && version !== document.version) throw changedConflict();
  }

  const draftCondition = (version: number) => (a: Record<string, unknown>, { eq }: { eq: (a: unknown, v: unknown) => string }) =>
    `${eq(a.status, 'draft')} AND ${eq(a.version, version)}`;

  /** Rewrites a draft whole, on condition that it is still the draft of the version read. */
  async function writeDraft(document: R, change: DraftContent<I>): Promise<R> {
    const organizationId = document.organization_id;
    if (change.contact_id !== document.contact_id) await checkCounterparty(organizationId, change.contact_id);
    const { lines, totals } = await computed(organizationId, document.currency, change.price_includes_tax, change.lines);
    const next = {
      ...document,
      contact_id: change.contact_id,
      issue_date: change.issue_date,
      due_date: optional(change.due_date),
      ...textValues(change.texts),
      ...change.extras,
      price_includes_tax: change.price_includes_tax,
      lines,
      ...totals,
      version: document.version + 1,
      updated_at: nowIso(),
    } as R;
    await postTransaction([
      putItem(entity.put(next).where(draftCondition(document.version)).params(), changedConflict),
      ...referenceSteps(organizationId, document.id, { contact_id: document.contact_id, lines: linesOf(document) }, { contact_id: next.contact_id, lines }),
    ]);
    return next;
  }

  const lineInputs = (document: R) => linesOf(document).map((line) => inputOf<I>(line, extraLineFields));

  const contentOf = (document: R): DraftContent<I> => ({
    contact_id: document.contact_id,
    issue_date: document.issue_date,
    due_date: document.due_date ?? null,
    price_includes_tax: document.price_includes_tax,
    texts: Object.fromEntries(textFields.map((f) => [f, textOf(document, f)])),
    extras: extrasOf(document),
    lines: lineInputs(document),
  });

  async function update(organizationId: string, id: string, input: DocumentHeaderChange) {
    const before = await getDraft(organizationId, id, input.version);
    if (input.currency) checkCurrency(input.currency, before.currency);
    const current = contentOf(before);
    const given = <T>(value: T | undefined, otherwise: T) => (value === undefined ? otherwise : value);
    const change: DraftContent<I> = {
      contact_id: given(input.contact_id, current.contact_id),
      issue_date: given(input.issue_date, current.issue_date),
      due_date: given(input.due_date, current.due_date),
      price_includes_tax: given(input.price_includes_tax, current.price_includes_tax),
      texts: Object.fromEntries(textFields.map((f) => [f, given(rawText(input, f), current.texts[f] ?? null)])),
      extras: current.extras,
      lines: current.lines,
    };
    if (change.due_date && change.due_date < change.issue_date) throw bodyIssue(['due_date'], 'The due date cannot be before the issue date');
    return { before, after: await writeDraft(before, change) };
  }

  async function replace(organizationId: string, id: string, input: DocumentInput<I> & { version: number }) {
    const before = await getDraft(organizationId, id, input.version);
    checkCurrency(input.currency, before.currency);
    const after = await writeDraft(before, {
      contact_id: input.contact_id,
      issue_date: input.issue_date,
      due_date: input.due_date ?? null,
      price_includes_tax: input.price_includes_tax,
      texts: Object.fromEntries(textFields.map((f) => [f, textOf(input, f)])),
      extras: extrasOf(input),
      lines: input.lines,
    });
    return { before, after };
  }

  async function getDraft(organizationId: string, id: string, version?: number) {
    const document = await get(organizationId, id);
    requireDraft(document, version);
    return document;
  }

  async function addLine(organizationId: string, id: string, line: I, version?: number) {
    const document = await getDraft(organizationId, id, version);
    const lineId = uuidv7();
    const after = await writeDraft(document, { ...contentOf(document), lines: [...lineInputs(document), { ...line, id: lineId }] });
    return { document: after, line: linesOf(after).find((l) => l.id === lineId)! };
  }

  function requireLine(document: R, lineId: string) {
    if (!linesOf(document).some((l) => l.id === lineId)) throw new NotFound('Line item not found');
  }

  async function replaceLine(organizationId: string, id: string, lineId: string, line: I, version?: number) {
    const document = await getDraft(organizationId, id, version);
    requireLine(document, lineId);
    const lines = lineInputs(document).map((l) => (l.id === lineId ? { ...line, id: lineId } : l));
    const after = await writeDraft(document, { ...contentOf(document), lines });
    return { document: after, line: linesOf(after).find((l) => l.id === lineId)! };
  }

  async function removeLine(organizationId: string, id: string, lineId: string, version?: number) {
    const document = await getDraft(organizationId, id, version);
    requireLine(document, lineId);
    if (linesOf(document).length === 1) throw new Conflict(`${kind.aNoun} keeps at least one line; delete the ${noun} instead`);
    return writeDraft(document, { ...contentOf(document), lines: lineInputs(document).filter((l) => l.id !== lineId) });
  }

  /**
   * Deletes a draft with its references, on condition that it is still the draft of the version
   * read; only its creator or an admin may (documents/draft-delete.ts).
   */
  async function remove(organizationId: string, id: string, caller: DraftDeleter, version?: number): Promise<R> {
    const document = await getDraft(organizationId, id, version);
    requireMayDeleteDraft(document.created_by, caller, noun);
    await postTransaction([
      deleteItem(entity.delete({ organization_id: organizationId, id }).where(draftCondition(document.version)).params(), changedConflict),
      ...referenceSteps(organizationId, id, { contact_id: document.contact_id, lines: linesOf(document) }, null),
    ]);
    return document;
  }

  /** A new draft with the source's header and lines (recomputed with the current taxes). */
  async function duplicate(organizationId: string, id: string, createdBy: string | null): Promise<R> {
    const source = await get(organizationId, id);
    const { texts, extras, lines, ...header } = contentOf(source);
    return create(
      organizationId,
      { ...header, ...texts, ...extras, currency: source.currency, lines: lines.map(({ id: _copiedFrom, ...line }) => line as unknown as I) },
      createdBy,
    );
  }

  /** A confirmation already made (by this request's twin, or earlier): answered with the document as it is. */
  const wasConfirmed = (document: R) => document.status !== 'draft' && !!document.journal_entry_id;

  /**
   * Numbers the draft and posts the kind's journal lines through the posting path
   * (documents/posting-path.ts): the number, the entry, the draft → confirmed change conditioned on
   * the version read, the stock it moves, what the kind's confirmation works add (an invoice's
   * loyalty points and promotion uses: documents/kind.ts `ConfirmationWork`), and — when given —
   * the audit record and the Idempotency-Key's record, in ONE transaction. A refused confirmation (closed period, zero total, changed meanwhile) takes
   * no number. Confirming a document that is already confirmed answers it as it is: a
   * double-click or a retried request is harmless, and writes nothing.
   */
  async function confirm(organizationId: string, id: string, actorId: string | null, options: ConfirmOptions<R> = {}): Promise<R> {
    // The chart is read beside the document: the posting lines name system accounts and the
    // validation checks them, both from this one read (ledger/chart.ts `postingChart`).
    const [document] = await Promise.all([get(organizationId, id), systemAccounts(organizationId, [])]);
    if (wasConfirmed(document)) {
      options.onUnchanged?.();
      return document;
    }
    if (document.status !== 'draft') throw new Conflict(`The ${noun} is ${document.status}; only a draft can be confirmed`);
    // Nothing would reach the books: a document of zero is a mistake to fix, not a posting.
    if (document.gross_total <= 0) {
      throw new ValidationError([{ loc: ['body', 'lines'], msg: `The ${noun} totals zero; change its lines before confirming it`, type: 'value_error' }]);
    }
    // A closed period is refused by the posting's validation (and, should it close meanwhile, by
    // the lock check inside the transaction).
    const [postingLines, stockChanges] = await Promise.all([kind.postingLines(document), kind.stockChanges ? kind.stockChanges(document) : []]);
    const works = kind.confirmationWork ?? [];
    // Tracked products' lines move stock at cost in the same transaction: their levels are read
    // beside the number series, on every attempt (a concurrent sale of the same product retries);
    // so are what the kind's confirmation works read (a member's points that moved meanwhile).
    const prepare = stockChanges.length || works.length
      ? () => Promise.all([
          stockChanges.length ? Promise.all([readStock(organizationId, stockChanges), systemAccounts(organizationId, ['inventory', 'cogs', 'inventory_adjustments'])]) : null,
          Promise.all(works.map((work) => work.read(document))),
        ] as const)
      : undefined;

    const entryId = uuidv7();
    try {
      const { result } = await postDocument<R, readonly [[StockRead, Record<'inventory' | 'cogs' | 'inventory_adjustments', { id: string }>] | null, unknown[]]>({
        organizationId,
        series: kind.series,
        prepare,
        build: (number, now, prepared) => {
          const label = { key: `ledger.${noun}`, params: { number } } as const;
          // What the works add (none in the preview that validates the kind's own lines: their lines are validated when built).
          const added = prepared ? works.map((work, i) => work.build(document, prepared[1][i], { number: number!, now, entryId, actorId })) : [];
          const confirmation = {
            ...Object.assign({}, ...added.map((a) => a.fields ?? {})),
            status: 'confirmed', number: number!, journal_entry_id: entryId, confirmed_at: now, confirmed_by: actorId ?? undefined, version: document.version + 1, updated_at: now,
          };
          const stock = prepared?.[0] ? stockOfConfirmation(prepared[0], stockChanges, { date: document.issue_date, now, actorId, entryId }) : null;
          return {
            postings: [
              {
                organizationId,
                date: document.issue_date,
                source: { type: noun, id: document.id },
                name: number!,
                entryId,
                memo_narrative: label,
                reference: number,
                createdBy: actorId,
                lines: [...postingLines, ...(stock?.lines ?? []), ...added.flatMap((a) => a.lines ?? [])]
                  // A line discounted to nothing moves no money; the entry leaves it out.
                  .filter((line) => (line.debit ?? 0) > 0 || (line.credit ?? 0) > 0)
                  .map(({ description, ...line }) => ({ ...line, narrative: line.narrative ?? lineNarrative(noun, number!, description) })),
                issuePath: ['body'],
              },
            ],
            items: [
              onConditionFailed(
                updateItem(entity.patch({ organization_id: organizationId, id }).set(confirmation as Partial<R>).where(draftCondition(document.version)).params()),
                () => new DocumentMoved(),
              ),
              ...(stock?.items ?? []),
              ...added.flatMap((a) => a.items ?? []),
            ],
            finish: () => ({ ...document, ...confirmation }) as R,
          };
        },
        audit: options.audit ? { actor: options.audit, entry: (confirmed) => confirmationAudit(document, confirmed) } : undefined,
        idempotency: options.idempotency ? { claim: options.idempotency.claim, answer: options.idempotency.answer } : undefined,
      });
      return result;
    } catch (error) {
      // Each tracked product's stock is several writes of the one transaction (inventory/stock.ts);
      // a document naming more of them than it can hold is split by the person, not by us.
      if (error instanceof TransactionTooLarge && stockChanges.length) {
        const products = new Set(stockChanges.map((c) => c.productId)).size;
        throw new ValidationError([{
          loc: ['body', 'lines'],
          msg: `This ${noun} moves the stock of ${products} products, more than one posting can hold (about ${MAX_TRACKED_PRODUCTS_PER_POSTING}); split its lines over two ${noun}s`,
          type: 'too_big',
        }]);
      }
      if (!(error instanceof DocumentMoved)) throw error;
      // Confirmed by a twin request meanwhile: that confirmation is this one's answer.
      const now = await get(organizationId, id);
      if (wasConfirmed(now)) {
        options.onUnchanged?.();
        return now;
      }
      throw new Conflict(`The ${noun} was changed meanwhile; reload and try again`);
    }
  }

  /** The audit record of a confirmation (written in its transaction). */
  function confirmationAudit(before: R, after: R): AuditEntry {
    return {
      action: `${noun}.confirmed`,
      entity_type: noun,
      entity_id: after.id,
      narrative: { key: `audit.${noun}.confirmed`, params: { number: after.number, total: amountText(after.gross_total, after.currency), currency: after.currency } },
      changes: { status: { from: before.status, to: after.status }, number: after.number, journal_entry_id: after.journal_entry_id },
    };
  }

  /** A status change PUT …/status allows for the kind (kind.transitions), conditioned on the status and version read. */
  async function changeStatus(organizationId: string, id: string, next: string): Promise<{ before: R; after: R }> {
    const before = await get(organizationId, id);
    if (!(kind.transitions[before.status] ?? []).includes(next)) {
      throw new Conflict(`${kind.aNoun} cannot go from ${before.status} to ${next}${kind.transitionHint?.(before.status, next) ?? ''}`);
    }
    const now = nowIso();
    try {
      await entity
        .patch({ organization_id: organizationId, id })
        .set({ status: next, version: before.version + 1, updated_at: now } as Partial<R>)
        .where((a, { eq }) => `${eq(a.status, before.status)} AND ${eq(a.version, before.version)}`)
        .go();
    } catch (error) {
      if (isConditionFailure(error)) throw changedConflict();
      throw error;
    }
    return { before, after: { ...before, status: next, version: before.version + 1, updated_at: now } };
  }

  /** Newest first, by status (an index) and by contact and issue dates (filters on that Query). */
  function query(organizationId: string, filters: DocumentFilters) {
    let q = filters.status
      ? entity.query.byStatus({ organization_id: organizationId, status: filters.status as never })
      : entity.query.byCreation({ organization_id: organizationId });
    const { contact_id: contactId, date_from: from, date_to: to } = filters;
    if (contactId) q = q.where((a, { eq }) => eq(a.contact_id, contactId));
    if (from) q = q.where((a, { gte }) => gte(a.issue_date, from));
    if (to) q = q.where((a, { lte }) => lte(a.issue_date, to));
    return q;
  }

  /** One page (`{data, count}`), or with `all` every match (pickers). */
  async function list(organizationId: string, filters: DocumentFilters, all = false): Promise<{ data: R[]; count: number }> {
    const q = query(organizationId, filters);
    if (all) {
      const { data } = await q.go({ pages: 'all', order: 'desc' });
      return { data, count: data.length };
    }
    const [data, count] = await Promise.all([takeRange(q, filters.skip ?? 0, filters.limit ?? 100), countMatching(q)]);
    return { data, count };
  }

  /** The fields every kind shows, amounts as decimal strings of the document currency. */
  function present(document: R) {
    const text = (amount: number) => amountText(amount, document.currency);
    return {
      id: document.id,
      organization_id: document.organization_id,
      number: document.number ?? null,
      status: document.status,
      contact_id: document.contact_id,
      issue_date: document.issue_date,
      due_date: document.due_date ?? null,
      currency: document.currency,
      reference: document.reference ?? null,
      notes: document.notes ?? null,
      price_includes_tax: document.price_includes_tax,
      lines: linesOf(document).map((line) => presentLine(line, document.currency, kind.extraLineFields)),
      subtotal: text(document.subtotal),
      discount_total: text(document.discount_total),
      net_total: text(document.net_total),
      special_tax_total: text(document.special_tax_total ?? 0),
      tax_total: text(document.tax_total),
      gross_total: text(document.gross_total),
      amount_paid: text(document.amount_paid ?? 0),
      journal_entry_id: document.journal_entry_id ?? null,
      confirmed_at: document.confirmed_at ?? null,
      created_by: document.created_by ?? null,
      version: document.version,
      created_at: document.created_at,
      updated_at: document.updated_at,
    };
  }

  return { get, linesOf, create, update, replace, addLine, replaceLine, removeLine, remove, duplicate, confirm, changeStatus, query, list, present };
}

export type DocumentCore<R extends DocumentRecord, L extends StoredLine, I extends LineInput, X extends keyof L & keyof I & string = never> = ReturnType<
  typeof documentCore<R, L, I, X>
>;
