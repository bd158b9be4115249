/**
 * Sales returns (credit notes) against confirmed invoices. A return is posted when it is created:
 * numbered RET-000001, …, and written in ONE transaction with its journal entry and the invoice's
 * update (quantities returned, amount credited, settlement status), on condition that the invoice
 * is still the version read — so two returns racing for the last units cannot both succeed, and a
 * refused return leaves the books as they were.
 *
 * Figures: each returned line is recomputed with the shared calculator at the invoice line's unit
 * price, tax rate and category (not the tax's current rate) and its share of the line's discount
 * (a percent discount as is; an amount discount in proportion to the quantity). The return that
 * takes the last units of a line takes whatever of the line's figures earlier returns left, so a
 * line returned in several parts credits exactly what it charged, to the fil.
 *
 * A special sales tax comes back the same way: recomputed with the terms stored on the invoice line
 * (fixed per unit or percent of the net), the last units taking what is left of it.
 *
 * Posting: Dr sales returns (4300) the net, Dr special sales tax payable (2210) the special tax per
 * special tax, Dr sales tax payable the tax per tax, Cr receivable the
 * part of the gross up to what the customer still owes on the invoice, Cr customer store credit
 * (2500) the rest — money the customer had already paid.
 *
 * Loyalty (issue 16): a credit note of an invoice that earned points takes them back pro rata to
 * the gross it credits, releasing what the invoice deferred for them, in its own transaction (the
 * member's versioned update; a member whose points moved meanwhile is read again and the credit
 * note built again). Points the customer already spent are kept from what the credit note gives
 * (loyalty/invoice.ts says why): receivable and store credit together are then the gross less that.
 */
import { money } from '@daftar/shared';
import { MAX_QUANTITY_DECIMALS } from '@daftar/shared/tax';
import type { InvoiceReturnCreate, InvoiceReturnPublic } from '@daftar/shared/schemas/invoiceReturns';
import type { InvoiceStatus } from '@daftar/shared/schemas/invoices';
import { Invoice, outstandingOf, settlementStatus, type InvoiceRecord, type StoredInvoiceLine } from '../db/invoice.js';
import { InvoiceReturn, returnLinesOf, type InvoiceReturnRecord, type StoredReturnLine } from '../db/invoiceReturn.js';
import { countMatching, takeAll, takeRange } from '../db/paging.js';
import { putItem } from '../db/transaction.js';
import type { AuditActor, AuditEntry } from '../db/auditLog.js';
import { SERIES } from '../db/sequence.js';
import { postDocument, type IdempotencyClaim } from '../documents/posting-path.js';
import { Conflict, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { onConditionFailed, systemAccounts, updateItem, type PostingLine } from '../ledger/posting.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { specialTaxPerTax } from '../documents/lines.js';
import { calculateTaxes } from '../taxes/calculate.js';
import { getInvoice, linesOf } from './invoices.js';
import { creditNoteLoyalty, readInvoiceLoyalty, type InvoiceLoyaltyReads } from '../loyalty/invoice.js';

/** Invoices that have been posted and not voided: the ones goods can come back against. */
export const RETURNABLE_STATUSES: readonly InvoiceStatus[] = ['confirmed', 'sent', 'partially_paid', 'paid'];


// Quantities are compared in thousandths (at most 3 decimals, as on invoice lines).
const QUANTITY_SCALE = 10n ** BigInt(MAX_QUANTITY_DECIMALS);

function thousandths(value: string | number): bigint | null {
  let decimal: money.Decimal;
  try {
    decimal = money.parseDecimal(value);
  } catch {
    return null;
  }
  if (decimal.scale > MAX_QUANTITY_DECIMALS) return null;
  return decimal.coefficient * 10n ** BigInt(MAX_QUANTITY_DECIMALS - decimal.scale);
}

const quantityText = (value: bigint) =>
  money.formatDecimal(money.parseDecimal(money.formatDecimal({ coefficient: value, scale: MAX_QUANTITY_DECIMALS })));

const returnedOf = (invoice: InvoiceRecord): Record<string, string> => (invoice.returned_quantities as Record<string, string> | undefined) ?? {};

interface ReturnRequestLine {
  original: StoredInvoiceLine;
  quantity: bigint;
  /** This return takes the last units of the line. */
  closesLine: boolean;
}

/** Checks the request against the invoice; every mistake is reported at once with its location. */
function checkRequest(invoice: InvoiceRecord, input: InvoiceReturnCreate): ReturnRequestLine[] {
  const issues: ValidationIssue[] = [];
  const at = (...loc: (string | number)[]) => ['body', ...loc];
  if (input.issue_date < invoice.issue_date) {
    issues.push({ loc: at('issue_date'), msg: `A return cannot be dated before its invoice (${invoice.issue_date})`, type: 'value_error' });
  }
  const byId = new Map(linesOf(invoice).map((line) => [line.id, line]));
  const returned = returnedOf(invoice);
  const seen = new Set<string>();
  const out: ReturnRequestLine[] = [];
  input.lines.forEach((requested, index) => {
    const original = byId.get(requested.line_id);
    if (!original) {
      issues.push({ loc: at('lines', index, 'line_id'), msg: `Invoice ${invoice.number} has no such line`, type: 'not_found' });
      return;
    }
    if (seen.has(requested.line_id)) {
      issues.push({ loc: at('lines', index, 'line_id'), msg: 'Each invoice line appears once in a return', type: 'value_error' });
      return;
    }
    seen.add(requested.line_id);
    const quantity = thousandths(requested.quantity);
    if (quantity === null || quantity <= 0n) {
      issues.push({ loc: at('lines', index, 'quantity'), msg: `quantity must be greater than zero with at most ${MAX_QUANTITY_DECIMALS} decimals`, type: 'value_error' });
      return;
    }
    const sold = thousandths(original.quantity)!;
    const already = thousandths(returned[original.id] ?? '0')!;
    const left = sold - already;
    if (quantity > left) {
      issues.push({
        loc: at('lines', index, 'quantity'),
        msg:
          left > 0n
            ? `At most ${quantityText(left)} of "${original.description}" can still be returned (sold ${quantityText(sold)}, returned ${quantityText(already)})`
            : `All ${quantityText(sold)} of "${original.description}" have already been returned`,
        type: 'too_big',
      });
      return;
    }
    out.push({ original, quantity, closesLine: quantity === left });
  });
  if (issues.length) throw new ValidationError(issues);
  return out;
}

type Figures = Required<Pick<StoredReturnLine, 'subtotal' | 'discount_amount' | 'net' | 'special_tax' | 'tax' | 'gross'>>;
const FIGURES = ['subtotal', 'discount_amount', 'net', 'special_tax', 'tax', 'gross'] as const;
const NO_FIGURES: Figures = { subtotal: 0, discount_amount: 0, net: 0, special_tax: 0, tax: 0, gross: 0 };
/** A stored line's figure; lines written before special tax have none. */
const figureOf = (line: Pick<StoredReturnLine, (typeof FIGURES)[number]>, key: (typeof FIGURES)[number]) => line[key] ?? 0;

const GSI_ATTEMPTS = 5;

/**
 * What earlier returns of the invoice already credited, per invoice line. They are found through
 * an index, which DynamoDB updates shortly after the write; the quantities they add up to must
 * match the invoice's own `returned_quantities` (read consistently) for the lines being closed,
 * otherwise the index is behind and is read again.
 */
async function creditedPerLine(invoice: InvoiceRecord, closing: string[]): Promise<Map<string, Figures>> {
  const recorded = returnedOf(invoice);
  for (let attempt = 1; ; attempt++) {
    const earlier = await takeAll(InvoiceReturn.query.byInvoice({ organization_id: invoice.organization_id, invoice_id: invoice.id }));
    const out = new Map<string, Figures>();
    const quantities = new Map<string, bigint>();
    for (const credit of earlier) {
      for (const line of returnLinesOf(credit)) {
        const sum = out.get(line.line_id) ?? { ...NO_FIGURES };
        for (const key of FIGURES) sum[key] += figureOf(line, key);
        out.set(line.line_id, sum);
        quantities.set(line.line_id, (quantities.get(line.line_id) ?? 0n) + thousandths(line.quantity)!);
      }
    }
    if (closing.every((lineId) => (quantities.get(lineId) ?? 0n) === thousandths(recorded[lineId] ?? '0'))) return out;
    if (attempt >= GSI_ATTEMPTS) throw new Conflict('Earlier returns of this invoice are still being recorded; try again in a moment');
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

/** The returned part of a line's discount: a percent as is, an amount in proportion to the quantity. */
function discountShare(line: StoredInvoiceLine, quantity: bigint, currency: string): StoredReturnLine['discount'] {
  if (!line.discount) return null;
  if (line.discount.type === 'percent') return line.discount;
  const sold = thousandths(line.quantity)!;
  const whole = money.parseMoney(line.discount.amount, currency);
  const [share] = money.allocate(whole, [quantity.toString(), (sold - quantity).toString()]);
  return { type: 'amount', amount: money.formatMoney(share!) };
}

async function computeReturnLines(organizationId: string, invoice: InvoiceRecord, requested: ReturnRequestLine[]): Promise<StoredReturnLine[]> {
  const currency = invoice.currency;
  const discounts = requested.map((r) => discountShare(r.original, r.quantity, currency));
  const calculated = await calculateTaxes(organizationId, {
    currency: currency as money.CurrencyCode,
    lines: requested.map((r, i) => ({
      quantity: quantityText(r.quantity),
      unit_price: r.original.unit_price,
      discount: discounts[i],
      tax_id: null,
      tax_rate: r.original.tax_rate,
      tax_category: r.original.tax_category,
      special_tax_id: null,
      special_tax: r.original.special_tax_terms ?? null,
      price_includes_tax: invoice.price_includes_tax,
    })),
  });
  const closing = requested.filter((r) => r.closesLine).map((r) => r.original.id);
  const credited = closing.length ? await creditedPerLine(invoice, closing) : new Map<string, Figures>();
  const minor = (text: string) => money.parseMoney(text, currency).amount;
  return requested.map((r, i): StoredReturnLine => {
    const computed = calculated.lines[i]!;
    let figures: Figures = {
      subtotal: minor(computed.subtotal),
      discount_amount: minor(computed.discount),
      net: minor(computed.net),
      special_tax: minor(computed.special_tax),
      tax: minor(computed.tax),
      gross: minor(computed.gross),
    };
    if (r.closesLine) {
      const before = credited.get(r.original.id) ?? NO_FIGURES;
      figures = Object.fromEntries(FIGURES.map((key) => [key, figureOf(r.original, key) - before[key]])) as Figures;
    }
    return {
      line_id: r.original.id,
      product_id: r.original.product_id,
      description: r.original.description,
      quantity: quantityText(r.quantity),
      unit_price: r.original.unit_price,
      discount: discounts[i]!,
      tax_id: r.original.tax_id,
      tax_category: r.original.tax_category,
      tax_rate: r.original.tax_rate,
      special_tax_id: r.original.special_tax_id ?? null,
      special_tax_terms: r.original.special_tax_terms ?? null,
      ...figures,
    };
  });
}

const changedConflict = () => new Conflict('The invoice was changed meanwhile (another return or a payment); reload and try again');

export interface CreatedReturn {
  credit: InvoiceReturnRecord;
  shown: InvoiceReturnPublic;
  invoiceBefore: InvoiceRecord;
  invoiceAfter: InvoiceRecord;
}

export interface ReturnOptions {
  actorId: string | null;
  /** The request's Idempotency-Key claim: its record is written in the return's transaction. */
  guard?: IdempotencyClaim | null;
  /** The audit record, written in the return's transaction. */
  audit?: AuditActor & { entry(created: CreatedReturn): AuditEntry };
}

export async function createInvoiceReturn(organizationId: string, invoiceId: string, input: InvoiceReturnCreate, options: ReturnOptions): Promise<CreatedReturn> {
  const { actorId, guard } = options;
  const invoice = await getInvoice(organizationId, invoiceId);
  if (!RETURNABLE_STATUSES.includes(invoice.status)) {
    throw new Conflict(`The invoice is ${invoice.status}; goods can only be returned against a confirmed invoice`);
  }
  const requested = checkRequest(invoice, input);
  const lines = await computeReturnLines(organizationId, invoice, requested);
  const sum = (key: (typeof FIGURES)[number]) => lines.reduce((total, line) => total + figureOf(line, key), 0);
  const totals = {
    subtotal: sum('subtotal'),
    discount_total: sum('discount_amount'),
    net_total: sum('net'),
    special_tax_total: sum('special_tax'),
    tax_total: sum('tax'),
    gross_total: sum('gross'),
  };
  if (totals.gross_total <= 0) {
    throw new ValidationError([{ loc: ['body', 'lines'], msg: 'The returned lines carry no amount to credit', type: 'value_error' }]);
  }

  const accounts = await systemAccounts(organizationId, ['sales_returns', 'vat_output', 'receivable', 'store_credit']);
  const taxByTax = new Map<string, number>();
  for (const line of lines) if (line.tax > 0 && line.tax_id) taxByTax.set(line.tax_id, (taxByTax.get(line.tax_id) ?? 0) + line.tax);
  const specialByTax = specialTaxPerTax(lines);
  const specialAccount = specialByTax.size ? (await systemAccounts(organizationId, ['special_tax_output'])).special_tax_output : null;

  const id = uuidv7();
  const entryId = uuidv7();
  const now = nowIso();
  const returned = { ...returnedOf(invoice) };
  for (const r of requested) returned[r.original.id] = quantityText(thousandths(returned[r.original.id] ?? '0')! + r.quantity);

  const { result } = await postDocument<CreatedReturn, InvoiceLoyaltyReads>({
    organizationId,
    series: SERIES.creditNote,
    // The customer's points, read again on every attempt (their version conditions the write).
    prepare: invoice.loyalty ? () => readInvoiceLoyalty(organizationId, invoice.contact_id) : undefined,
    build: (number, _now, reads) => {
      const loyalty = reads ? creditNoteLoyalty(invoice, reads, { id, gross: totals.gross_total, date: input.issue_date, now, createdBy: actorId, entryId }) : null;
      // What the customer is credited: the gross, less the value of points already spent (kept).
      const credited = totals.gross_total - (loyalty?.kept ?? 0);
      const appliedToInvoice = Math.min(credited, Math.max(0, outstandingOf(invoice)));
      const storeCredit = credited - appliedToInvoice;
      const amountCredited = (invoice.amount_credited ?? 0) + appliedToInvoice;
      const status = settlementStatus(invoice, invoice.amount_paid ?? 0, amountCredited);
      const loyaltyFields = loyalty ? { loyalty: loyalty.loyalty, loyalty_returned: loyalty.returned } : {};
      const invoiceAfter: InvoiceRecord = { ...invoice, ...loyaltyFields, returned_quantities: returned, amount_credited: amountCredited, status, version: invoice.version + 1, updated_at: now };
      const invoiceUpdate = onConditionFailed(
        updateItem(
          Invoice.patch({ organization_id: organizationId, id: invoice.id })
            .set({ ...loyaltyFields, returned_quantities: returned, amount_credited: amountCredited, status, version: invoiceAfter.version, updated_at: now })
            .where((a, { eq }) => `${eq(a.status, invoice.status)} AND ${eq(a.version, invoice.version)}`)
            .params(),
        ),
        changedConflict,
      );
      const params = { number: number!, invoice: invoice.number! };
      const memo = { key: 'ledger.credit_note', params } as const;
      const candidates: PostingLine[] = [
        { account_id: accounts.sales_returns.id, debit: totals.net_total, narrative: memo },
        ...[...specialByTax].map(([taxId, amount]) => ({ account_id: specialAccount!.id, debit: amount, tax_id: taxId, narrative: { key: 'ledger.credit_note.special_tax', params } as const })),
        ...[...taxByTax].map(([taxId, amount]) => ({ account_id: accounts.vat_output.id, debit: amount, tax_id: taxId, narrative: { key: 'ledger.credit_note.tax', params } as const })),
        { account_id: accounts.receivable.id, credit: appliedToInvoice, contact_id: invoice.contact_id, narrative: memo },
        { account_id: accounts.store_credit.id, credit: storeCredit, contact_id: invoice.contact_id, narrative: { key: 'ledger.credit_note.store_credit', params } },
        ...(loyalty?.lines ?? []),
      ];
      const credit: InvoiceReturnRecord = {
        organization_id: organizationId,
        id,
        number: number!,
        status: 'confirmed',
        invoice_id: invoice.id,
        invoice_number: invoice.number!,
        contact_id: invoice.contact_id,
        issue_date: input.issue_date,
        reason: input.reason,
        currency: invoice.currency,
        price_includes_tax: invoice.price_includes_tax,
        lines,
        ...totals,
        applied_to_invoice: appliedToInvoice,
        store_credit: storeCredit,
        journal_entry_id: entryId,
        created_by: actorId ?? undefined,
        version: 1,
        created_at: now,
        updated_at: now,
      };
      return {
        postings: [
          {
            organizationId,
            date: input.issue_date,
            source: { type: 'credit_note', id },
            name: number!,
            entryId,
            memo_narrative: memo,
            reference: number,
            createdBy: actorId,
            lines: candidates.filter((line) => (line.debit ?? 0) > 0 || (line.credit ?? 0) > 0),
            issuePath: ['body'],
          },
        ],
        items: [invoiceUpdate, putItem(InvoiceReturn.create(credit).params()), ...(loyalty?.items ?? [])],
        finish: () => ({ credit, shown: presentInvoiceReturn(credit), invoiceBefore: invoice, invoiceAfter }),
      };
    },
    audit: options.audit ? { actor: options.audit, entry: options.audit.entry } : undefined,
    idempotency: guard ? { claim: guard, answer: (created) => ({ status: 201, body: created.shown, resourceType: 'invoice_return', resourceId: id }) } : undefined,
  });
  return result;
}

export async function getInvoiceReturn(organizationId: string, id: string): Promise<InvoiceReturnRecord> {
  const { data } = await InvoiceReturn.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Return not found');
  return data;
}

export async function listInvoiceReturns(organizationId: string, query: { skip: number; limit: number; invoice_id?: string }) {
  const q = query.invoice_id
    ? InvoiceReturn.query.byInvoice({ organization_id: organizationId, invoice_id: query.invoice_id })
    : InvoiceReturn.query.byCreation({ organization_id: organizationId });
  const [data, count] = await Promise.all([takeRange(q, query.skip, query.limit), countMatching(q)]);
  return { data, count };
}

export function presentInvoiceReturn(credit: InvoiceReturnRecord): InvoiceReturnPublic {
  const text = (amount: number) => money.formatMoney(money.fromMinorUnits(amount, credit.currency));
  return {
    id: credit.id,
    organization_id: credit.organization_id,
    number: credit.number,
    status: credit.status,
    original_invoice_id: credit.invoice_id,
    original_invoice_number: credit.invoice_number,
    contact_id: credit.contact_id,
    issue_date: credit.issue_date,
    reason: credit.reason,
    currency: credit.currency,
    lines: returnLinesOf(credit).map((l) => ({
      line_id: l.line_id,
      product_id: l.product_id,
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      tax_id: l.tax_id,
      tax_category: l.tax_category,
      tax_rate: l.tax_rate,
      special_tax_id: l.special_tax_id ?? null,
      subtotal: text(l.subtotal),
      discount_amount: text(l.discount_amount),
      net: text(l.net),
      special_tax: text(l.special_tax ?? 0),
      tax: text(l.tax),
      gross: text(l.gross),
    })),
    subtotal: text(credit.subtotal),
    discount_total: text(credit.discount_total),
    net_total: text(credit.net_total),
    special_tax_total: text(credit.special_tax_total ?? 0),
    tax_total: text(credit.tax_total),
    gross_total: text(credit.gross_total),
    applied_to_invoice: text(credit.applied_to_invoice),
    store_credit: text(credit.store_credit),
    journal_entry_id: credit.journal_entry_id,
    created_at: credit.created_at,
  };
}
