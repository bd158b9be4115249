/**
 * What a business document kind (sales invoice, purchase bill) tells the document core
 * (documents/core.ts): its storage, its numbering, who its counterparty is, what its lines carry
 * beyond the shared figures, and how it posts. Everything else — drafts computed with the shared
 * tax calculator, version-guarded writes, line edits, numbered confirmation in one transaction
 * with the journal entry, status changes, listing — is the same for every kind.
 */
import type { InvoiceLineInput } from '@daftar/shared/schemas/invoices';
import type { ContactType } from '@daftar/shared/schemas/contacts';
import type { StoredInvoiceLine } from '../db/invoice.js';
import type { PageableQuery } from '../db/paging.js';
import type { PostingLine } from '../ledger/posting.js';
import type { SeriesRef } from '../db/sequence.js';
import type { StockChange } from '../inventory/stock.js';
import type { TransactItem } from '../db/transaction.js';

/** The shared figures of a stored line (minor units); kinds add fields (a bill line's account). */
export type StoredLine = StoredInvoiceLine;

/** A line as the client gives it, with its id when it already exists. */
export type LineInput = InvoiceLineInput & { id?: string };

/** The attributes every document kind stores. */
export interface DocumentRecord {
  organization_id: string;
  id: string;
  number?: string;
  status: string;
  contact_id: string;
  issue_date: string;
  due_date?: string;
  currency: string;
  reference?: string;
  notes?: string;
  price_includes_tax: boolean;
  lines: unknown;
  subtotal: number;
  discount_total: number;
  net_total: number;
  /** Sales documents; absent on bills and on invoices written before special tax. */
  special_tax_total?: number;
  tax_total: number;
  gross_total: number;
  amount_paid?: number;
  journal_entry_id?: string;
  confirmed_at?: string;
  confirmed_by?: string;
  created_by?: string;
  version: number;
  created_at: string;
  updated_at: string;
}

type Params = Record<string, unknown>;
/** An ElectroDB `where` callback (attribute references and operators). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Where = (attributes: any, operations: any) => string;
type DocumentKey = { organization_id: string; id: string };

export interface DocumentQuery<R> extends PageableQuery<R> {
  where(condition: Where): DocumentQuery<R>;
  go(options: { cursor?: string | null; order?: 'asc' | 'desc'; pages?: 'all' }): Promise<{ data: R[]; cursor: string | null }>;
}

/**
 * The part of a document's ElectroDB entity the core uses. Invoice and Bill share their key and
 * index layout (pk `ORG#<org>`, gsi1 by creation, gsi2 by status), so one shape fits both.
 */
export interface DocumentEntity<R> {
  get(key: DocumentKey): { go(options?: { consistent?: boolean }): Promise<{ data: R | null }> };
  create(item: R): { params(): Params };
  put(item: R): { where(condition: Where): { params(): Params } };
  patch(key: DocumentKey): { set(values: Partial<R>): { where(condition: Where): { params(): Params; go(): Promise<unknown> } } };
  delete(key: DocumentKey): { where(condition: Where): { params(): Params } };
  query: {
    byCreation(key: { organization_id: string }): DocumentQuery<R>;
    byStatus(key: { organization_id: string; status: R extends { status: infer S } ? S : string }): DocumentQuery<R>;
  };
}

/** What a confirmation work (below) is told when it builds: the number taken, the moment, the entry. */
export interface ConfirmationContext {
  number: string;
  now: string;
  entryId: string;
  actorId: string | null;
}

/** What a confirmation work adds to the confirmation: all of it is written in the one transaction, or none. */
export interface ConfirmationAddition<R> {
  /** Journal lines of the document's own entry (descriptions as for `postingLines`, or a narrative of their own). */
  lines?: PostingLine[];
  /** Writes conditioned on what was read (a member's version, a usage limit): a failed condition refuses the confirmation. */
  items?: TransactItem[];
  /** The document's own fields, set with its draft → confirmed change (what it earned, what it used). */
  fields?: Partial<R>;
}

/**
 * Something a confirmation does besides the kind's journal lines and its stock, in the same
 * transaction: an invoice's loyalty points (the member's versioned update, the ledger line, the
 * deferral lines) and its promotions' usage (conditional counts). `read` runs before every attempt
 * with the number series' read (a member whose points moved meanwhile is read again on the retry);
 * `build` turns what was read into lines, items and fields without reading, and may refuse (a 409
 * or 422 thrown there writes nothing).
 */
export interface ConfirmationWork<R, W = unknown> {
  /** What it is ('loyalty', 'promotions'): for the reader of a kind's definition. */
  name: string;
  read(document: R): Promise<W>;
  build(document: R, read: W, context: ConfirmationContext): ConfirmationAddition<R>;
}

/** Optional text fields of the header: every kind has reference and notes; a bill adds supplier_reference. */
export const COMMON_TEXT_FIELDS = ['reference', 'notes'] as const;

/** `X`: the names of the line fields a kind adds (a bill's 'account_id'). */
export interface DocumentKind<R extends DocumentRecord, L extends StoredLine, I extends LineInput, X extends keyof L & keyof I & string = never> {
  /** Lower-case noun ('invoice'): messages, audit actions, reference and journal source type. */
  noun: 'invoice' | 'bill';
  /** 'An invoice', 'A bill': the start of a sentence about one. */
  aNoun: string;
  entity: DocumentEntity<R>;
  /** The number series confirmation takes its number from (INV-000001, BILL-000001): db/sequence.ts. */
  series: SeriesRef;
  /** The counterparty's role and the contact types that may play it. */
  counterparty: { role: 'customer' | 'supplier'; types: readonly ContactType[] };
  /** Optional header text fields beyond reference and notes. */
  extraTextFields: readonly string[];
  /** Line fields beyond the shared ones, kept from input to storage and back (a bill line's account_id). */
  extraLineFields: readonly X[];
  /**
   * Header fields beyond the texts, kept as given from a create or whole replace to storage (an
   * invoice's promotion_ids); a header change or a line edit keeps them. The kind presents them.
   */
  extraHeaderFields?: readonly string[];
  /** Checks what the shared calculator does not (a bill line's account); 422 with the line's loc. */
  checkLines?(organizationId: string, lines: readonly I[]): Promise<void>;
  /**
   * The journal lines of a confirmation. Descriptions are suffixes of the document's label
   * ("tax" → "Bill BILL-000001 tax"); the core adds the label.
   */
  postingLines(document: R): Promise<PostingLine[]>;
  /**
   * What confirming moves in stock (inventory/stock.ts): the lines that name a product. Lines of
   * products that do not track stock are dropped once the products are read.
   */
  stockChanges?(document: R): Promise<StockChange[]>;
  /** What else confirming writes in its transaction (see ConfirmationWork), in this order. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  confirmationWork?: readonly ConfirmationWork<R, any>[];
  /** Status changes PUT …/status may make (confirmation has its own path). */
  transitions: Partial<Record<string, readonly string[]>>;
  /** What to say after "An invoice cannot go from A to B", e.g. where to go instead. */
  transitionHint?(from: string, to: string): string;
}
