/**
 * Sales invoices, first slice: drafts computed with the shared tax code (per-line rounding), and
 * confirmation that numbers the invoice and posts its journal entry in the same transaction as the
 * draft → confirmed change (docs/ledger.md).
 */
import { money } from '@daftar/shared';
import type { TaxCalculationResult } from '@daftar/shared/schemas/taxes';
import type {
  InvoiceCreate,
  InvoiceLineInput,
  InvoicePublic,
  InvoiceStatus,
  InvoiceUpdate,
} from '@daftar/shared/schemas/invoices';
import { Contact } from '../db/contact.js';
import { Invoice, InvoiceSequence, type InvoiceRecord, type StoredInvoiceLine } from '../db/invoice.js';
import { Organization } from '../db/organization.js';
import { countMatching, takeRange } from '../db/paging.js';
import { conditionCheck, isConditionFailure, putItem } from '../db/transaction.js';
import { Conflict, NotFound, ValidationError } from '../http/errors.js';
import { buildPosting, onConditionFailed, postTransaction, systemAccounts, updateItem, type PostingLine } from '../ledger/posting.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { calculateTaxes } from '../taxes/calculate.js';

const CUSTOMER_TYPES = new Set(['customer', 'both']);

const bodyIssue = (loc: (string | number)[], msg: string) => new ValidationError([{ loc: ['body', ...loc], msg, type: 'value_error' }]);

const changedConflict = () => new Conflict('The invoice was changed by someone else; reload and try again');
const notDraftConflict = (status: string) =>
  new Conflict(`The invoice is ${status}; only draft invoices can be changed or deleted`);

export async function getInvoice(organizationId: string, id: string): Promise<InvoiceRecord> {
  const { data } = await Invoice.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Invoice not found');
  return data;
}

async function baseCurrencyOf(organizationId: string): Promise<string> {
  const { data } = await Organization.get({ id: organizationId }).go();
  return data?.base_currency ?? money.DEFAULT_CURRENCY;
}

/** The customer must be a customer (or both) of THIS organization: another tenant's id is simply not found. */
async function checkCustomer(organizationId: string, contactId: string): Promise<void> {
  const { data } = await Contact.get({ organization_id: organizationId, id: contactId }).go();
  if (!data) throw new NotFound('Contact not found');
  if (!CUSTOMER_TYPES.has(data.contact_type)) throw bodyIssue(['contact_id'], `${data.name} is a supplier, not a customer`);
  if (!data.is_active) throw bodyIssue(['contact_id'], `${data.name} is inactive`);
}

/**
 * The customer read by `checkCustomer` must still exist and be active when the invoice is written:
 * checked inside the write's transaction, so a contact deleted meanwhile gains no dangling reference.
 */
const customerStillActive = (organizationId: string, contactId: string) =>
  conditionCheck(
    Contact.delete({ organization_id: organizationId, id: contactId }).where((a, { eq }) => eq(a.is_active, true)).params(),
    () => new Conflict('The customer was deleted or deactivated meanwhile; reload and try again'),
  );

function checkCurrency(requested: string | undefined, base: string): string {
  if (requested && requested !== base) throw bodyIssue(['currency'], `Invoices are in the organization's base currency (${base})`);
  return base;
}

const minor = (text: string, currency: string) => money.parseMoney(text, currency).amount;
const decimalText = (value: string | number) => String(value);

/**
 * Lines with their figures. The shared calculator (taxes/calculate.ts over shared/src/tax.ts) does
 * every figure, so the invoice equals what `taxes/calculate` shows; a line without a tax is exempt.
 */
async function computeLines(
  organizationId: string,
  currency: string,
  priceIncludesTax: boolean,
  inputs: readonly (InvoiceLineInput & { id?: string })[],
): Promise<{ lines: StoredInvoiceLine[]; totals: Pick<InvoiceRecord, 'subtotal' | 'discount_total' | 'net_total' | 'tax_total' | 'gross_total'> }> {
  const result: TaxCalculationResult = await calculateTaxes(organizationId, {
    currency: currency as money.CurrencyCode,
    lines: inputs.map((line) => ({
      quantity: line.quantity,
      unit_price: line.unit_price,
      discount: line.discount ?? null,
      tax_id: line.tax_id ?? null,
      tax_rate: line.tax_id ? null : '0',
      tax_category: line.tax_id ? null : 'exempt',
      special_tax_id: null,
      special_tax: null,
      price_includes_tax: priceIncludesTax,
    })),
  });
  const lines = inputs.map((input, index): StoredInvoiceLine => {
    const figures = result.lines[index]!;
    const discount = input.discount
      ? input.discount.type === 'amount'
        ? { type: 'amount' as const, amount: decimalText(input.discount.amount) }
        : { type: 'percent' as const, percent: decimalText(input.discount.percent) }
      : null;
    return {
      id: input.id ?? uuidv7(),
      product_id: input.product_id ?? null,
      description: input.description,
      quantity: decimalText(input.quantity),
      unit_price: decimalText(input.unit_price),
      discount,
      tax_id: input.tax_id ?? null,
      tax_category: figures.tax_category,
      tax_rate: figures.tax_rate,
      subtotal: minor(figures.subtotal, currency),
      discount_amount: minor(figures.discount, currency),
      net: minor(figures.net, currency),
      tax: minor(figures.tax, currency),
      gross: minor(figures.gross, currency),
    };
  });
  const t = result.totals;
  return {
    lines,
    totals: {
      subtotal: minor(t.subtotal, currency),
      discount_total: minor(t.discount, currency),
      net_total: minor(t.net, currency),
      tax_total: minor(t.tax, currency),
      gross_total: minor(t.gross, currency),
    },
  };
}

const inputOf = (line: StoredInvoiceLine): InvoiceLineInput & { id: string } => ({
  id: line.id,
  product_id: line.product_id,
  description: line.description,
  quantity: line.quantity,
  unit_price: line.unit_price,
  discount: line.discount,
  tax_id: line.tax_id,
});

export const linesOf = (invoice: InvoiceRecord) => invoice.lines as StoredInvoiceLine[];

export async function createInvoice(organizationId: string, input: InvoiceCreate, createdBy: string | null): Promise<InvoiceRecord> {
  const currency = checkCurrency(input.currency, await baseCurrencyOf(organizationId));
  await checkCustomer(organizationId, input.contact_id);
  const { lines, totals } = await computeLines(organizationId, currency, input.price_includes_tax, input.lines);
  const now = nowIso();
  const invoice: InvoiceRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    status: 'draft',
    contact_id: input.contact_id,
    issue_date: input.issue_date,
    due_date: input.due_date ?? undefined,
    currency,
    reference: input.reference || undefined,
    notes: input.notes || undefined,
    price_includes_tax: input.price_includes_tax,
    lines,
    ...totals,
    created_by: createdBy ?? undefined,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  await postTransaction([putItem(Invoice.create(invoice).params()), customerStillActive(organizationId, input.contact_id)]);
  return invoice;
}

function requireDraft(invoice: InvoiceRecord, version?: number) {
  if (invoice.status !== 'draft') throw notDraftConflict(invoice.status);
  if (version !== undefined && version !== invoice.version) throw changedConflict();
}

interface DraftChange {
  contact_id: string;
  issue_date: string;
  due_date: string | null;
  reference: string | null;
  notes: string | null;
  price_includes_tax: boolean;
  lines: (InvoiceLineInput & { id?: string })[];
}

/** Rewrites a draft whole, on condition that it is still the draft of the version read. */
async function writeDraft(invoice: InvoiceRecord, change: DraftChange): Promise<InvoiceRecord> {
  if (change.contact_id !== invoice.contact_id) await checkCustomer(invoice.organization_id, change.contact_id);
  const { lines, totals } = await computeLines(invoice.organization_id, invoice.currency, change.price_includes_tax, change.lines);
  const optional = (v: string | null) => v || undefined;
  const next: InvoiceRecord = {
    ...invoice,
    contact_id: change.contact_id,
    issue_date: change.issue_date,
    due_date: optional(change.due_date),
    reference: optional(change.reference),
    notes: optional(change.notes),
    price_includes_tax: change.price_includes_tax,
    lines,
    ...totals,
    version: invoice.version + 1,
    updated_at: nowIso(),
  };
  const write = putItem(
    Invoice.put(next)
      .where((a, { eq }) => `${eq(a.status, 'draft')} AND ${eq(a.version, invoice.version)}`)
      .params(),
    changedConflict,
  );
  const newCustomer = change.contact_id !== invoice.contact_id;
  await postTransaction(newCustomer ? [write, customerStillActive(invoice.organization_id, change.contact_id)] : [write]);
  return next;
}

const currentHeader = (invoice: InvoiceRecord) => ({
  contact_id: invoice.contact_id,
  issue_date: invoice.issue_date,
  due_date: invoice.due_date ?? null,
  reference: invoice.reference ?? null,
  notes: invoice.notes ?? null,
  price_includes_tax: invoice.price_includes_tax,
});

export async function updateInvoice(organizationId: string, id: string, input: InvoiceUpdate) {
  const before = await getInvoice(organizationId, id);
  requireDraft(before, input.version);
  if (input.currency) checkCurrency(input.currency, before.currency);
  const header = currentHeader(before);
  const pick = <K extends keyof typeof header>(k: K) => (input[k] === undefined ? header[k] : (input[k] as (typeof header)[K]));
  const issueDate = pick('issue_date');
  const dueDate = pick('due_date');
  if (dueDate && dueDate < issueDate) throw bodyIssue(['due_date'], 'The due date cannot be before the issue date');
  const after = await writeDraft(before, {
    contact_id: pick('contact_id'),
    issue_date: issueDate,
    due_date: dueDate,
    reference: pick('reference'),
    notes: pick('notes'),
    price_includes_tax: pick('price_includes_tax'),
    lines: linesOf(before).map(inputOf),
  });
  return { before, after };
}

export async function replaceInvoice(organizationId: string, id: string, input: InvoiceCreate & { version: number }) {
  const before = await getInvoice(organizationId, id);
  requireDraft(before, input.version);
  checkCurrency(input.currency, before.currency);
  const after = await writeDraft(before, {
    contact_id: input.contact_id,
    issue_date: input.issue_date,
    due_date: input.due_date ?? null,
    reference: input.reference ?? null,
    notes: input.notes ?? null,
    price_includes_tax: input.price_includes_tax,
    lines: input.lines,
  });
  return { before, after };
}

export async function addLine(organizationId: string, id: string, line: InvoiceLineInput, version?: number) {
  const invoice = await getInvoice(organizationId, id);
  requireDraft(invoice, version);
  const lineId = uuidv7();
  const after = await writeDraft(invoice, { ...currentHeader(invoice), lines: [...linesOf(invoice).map(inputOf), { ...line, id: lineId }] });
  return { invoice: after, line: linesOf(after).find((l) => l.id === lineId)! };
}

export async function replaceLine(organizationId: string, id: string, lineId: string, line: InvoiceLineInput, version?: number) {
  const invoice = await getInvoice(organizationId, id);
  requireDraft(invoice, version);
  const current = linesOf(invoice);
  if (!current.some((l) => l.id === lineId)) throw new NotFound('Line item not found');
  const after = await writeDraft(invoice, {
    ...currentHeader(invoice),
    lines: current.map((l) => (l.id === lineId ? { ...line, id: lineId } : inputOf(l))),
  });
  return { invoice: after, line: linesOf(after).find((l) => l.id === lineId)! };
}

export async function removeLine(organizationId: string, id: string, lineId: string, version?: number) {
  const invoice = await getInvoice(organizationId, id);
  requireDraft(invoice, version);
  const current = linesOf(invoice);
  if (!current.some((l) => l.id === lineId)) throw new NotFound('Line item not found');
  if (current.length === 1) throw new Conflict('An invoice keeps at least one line; delete the invoice instead');
  return writeDraft(invoice, { ...currentHeader(invoice), lines: current.filter((l) => l.id !== lineId).map(inputOf) });
}

export async function deleteInvoice(organizationId: string, id: string, version?: number): Promise<InvoiceRecord> {
  const invoice = await getInvoice(organizationId, id);
  requireDraft(invoice, version);
  try {
    await Invoice.delete({ organization_id: organizationId, id })
      .where((a, { eq }) => `${eq(a.status, 'draft')} AND ${eq(a.version, invoice.version)}`)
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw changedConflict();
    throw error;
  }
  return invoice;
}

export async function duplicateInvoice(organizationId: string, id: string, createdBy: string | null): Promise<InvoiceRecord> {
  const source = await getInvoice(organizationId, id);
  return createInvoice(
    organizationId,
    {
      ...currentHeader(source),
      currency: source.currency as money.CurrencyCode,
      lines: linesOf(source).map((line) => {
        const { id: _copiedFrom, ...input } = inputOf(line);
        return input;
      }),
    },
    createdBy,
  );
}

const formatNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/**
 * Numbers the draft and posts it: debit receivable the gross, credit sales the summed line nets,
 * credit the output tax per tax (lines without tax post none), in ONE transaction with the
 * draft → confirmed change conditioned on the version read, so a second confirmation is a 409
 * and leaves the books as they were.
 */
export async function confirmInvoice(organizationId: string, id: string, actorId: string | null): Promise<InvoiceRecord> {
  const invoice = await getInvoice(organizationId, id);
  if (invoice.status !== 'draft') throw new Conflict(`The invoice is already ${invoice.status}; only a draft can be confirmed`);
  const lines = linesOf(invoice);
  const accounts = await systemAccounts(organizationId, ['receivable', 'sales', 'vat_output']);
  const taxByTax = new Map<string, number>();
  for (const line of lines) if (line.tax > 0 && line.tax_id) taxByTax.set(line.tax_id, (taxByTax.get(line.tax_id) ?? 0) + line.tax);

  const { data: sequence } = await InvoiceSequence.update({ organization_id: organizationId }).add({ last: 1 }).go({ response: 'all_new' });
  const number = formatNumber(sequence.last!);
  const postingLines: PostingLine[] = [
    { account_id: accounts.receivable.id, debit: invoice.gross_total, contact_id: invoice.contact_id, description: `Invoice ${number}` },
    { account_id: accounts.sales.id, credit: invoice.net_total, description: `Invoice ${number}` },
    ...[...taxByTax].map(([taxId, amount]) => ({ account_id: accounts.vat_output.id, credit: amount, tax_id: taxId, description: `Invoice ${number} tax` })),
  ];
  const posting = await buildPosting({
    organizationId,
    date: invoice.issue_date,
    source: { type: 'invoice', id: invoice.id },
    memo: `Invoice ${number}`,
    reference: number,
    createdBy: actorId,
    lines: postingLines,
    issuePath: ['body'],
  });
  const now = nowIso();
  const confirm = onConditionFailed(
    updateItem(
      Invoice.patch({ organization_id: organizationId, id })
        .set({ status: 'confirmed', number, journal_entry_id: posting.entry.id, confirmed_at: now, confirmed_by: actorId ?? undefined, version: invoice.version + 1, updated_at: now })
        .where((a, { eq }) => `${eq(a.status, 'draft')} AND ${eq(a.version, invoice.version)}`)
        .params(),
    ),
    () => new Conflict('The invoice was confirmed or changed meanwhile; reload and try again'),
  );
  await postTransaction([...posting.transactItems, confirm]);
  return getInvoice(organizationId, id);
}

/** Allowed here: draft → cancelled (void a draft), confirmed → sent. */
const TRANSITIONS: Partial<Record<InvoiceStatus, InvoiceStatus[]>> = { draft: ['cancelled'], confirmed: ['sent'] };

export async function changeStatus(organizationId: string, id: string, next: InvoiceStatus) {
  const before = await getInvoice(organizationId, id);
  if (!(TRANSITIONS[before.status] ?? []).includes(next)) {
    const hint =
      next === 'confirmed' ? '; use POST …/confirm to confirm a draft' : before.status === 'confirmed' && next === 'cancelled' ? '; a confirmed invoice is corrected with a credit note' : '';
    throw new Conflict(`An invoice cannot go from ${before.status} to ${next}${hint}`);
  }
  const now = nowIso();
  try {
    await Invoice.patch({ organization_id: organizationId, id })
      .set({ status: next, version: before.version + 1, updated_at: now })
      .where((a, { eq }) => `${eq(a.status, before.status)} AND ${eq(a.version, before.version)}`)
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw changedConflict();
    throw error;
  }
  return { before, after: { ...before, status: next, version: before.version + 1, updated_at: now } as InvoiceRecord };
}

export async function listInvoices(organizationId: string, query: { skip?: number; limit?: number; status?: InvoiceStatus }, all = false) {
  const q = query.status
    ? Invoice.query.byStatus({ organization_id: organizationId, status: query.status })
    : Invoice.query.byCreation({ organization_id: organizationId });
  if (all) {
    const { data } = await q.go({ pages: 'all', order: 'desc' });
    return { data, count: data.length };
  }
  const [data, count] = await Promise.all([takeRange(q, query.skip ?? 0, query.limit ?? 100), countMatching(q)]);
  return { data, count };
}

export function presentInvoice(invoice: InvoiceRecord): InvoicePublic {
  const text = (amount: number) => money.formatMoney(money.fromMinorUnits(amount, invoice.currency));
  return {
    id: invoice.id,
    organization_id: invoice.organization_id,
    number: invoice.number ?? null,
    status: invoice.status,
    contact_id: invoice.contact_id,
    issue_date: invoice.issue_date,
    due_date: invoice.due_date ?? null,
    currency: invoice.currency,
    reference: invoice.reference ?? null,
    notes: invoice.notes ?? null,
    price_includes_tax: invoice.price_includes_tax,
    lines: linesOf(invoice).map((l) => ({
      id: l.id,
      product_id: l.product_id,
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount: l.discount,
      tax_id: l.tax_id,
      tax_category: l.tax_category,
      tax_rate: l.tax_rate,
      subtotal: text(l.subtotal),
      discount_amount: text(l.discount_amount),
      net: text(l.net),
      tax: text(l.tax),
      gross: text(l.gross),
    })),
    subtotal: text(invoice.subtotal),
    discount_total: text(invoice.discount_total),
    net_total: text(invoice.net_total),
    tax_total: text(invoice.tax_total),
    gross_total: text(invoice.gross_total),
    journal_entry_id: invoice.journal_entry_id ?? null,
    confirmed_at: invoice.confirmed_at ?? null,
    version: invoice.version,
    created_at: invoice.created_at,
    updated_at: invoice.updated_at,
  };
}
