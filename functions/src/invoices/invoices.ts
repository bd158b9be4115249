/**
 * Sales invoices on the document core (documents/core.ts): what is theirs is the customer as
 * counterparty, the INV- numbers, the posting (debit receivable the gross, credit sales the summed
 * line nets, credit special sales tax payable per special tax, credit output tax per tax), the confirmed → sent step and what the public shape adds
 * (credit notes, sending).
 *
 * Issue 16: a draft may apply promotions (`promotion_ids`, and each line's `promotion_discount`:
 * promotions/invoice.ts), and confirming checks them again and counts their use; a customer in a
 * loyalty program earns points, deferred revenue included (loyalty/invoice.ts). Both are
 * confirmation works of the kind: written in the confirmation's one transaction.
 */
import { money } from '@daftar/shared';
import type { InvoicePublic, InvoiceStatus, SalesInvoiceCreate, SalesInvoiceLineInput } from '@daftar/shared/schemas/invoices';
import { SERIES } from '../db/sequence.js';
import { Invoice, outstandingOf, type InvoiceRecord, type StoredInvoiceLine } from '../db/invoice.js';
import { documentCore } from '../documents/core.js';
import type { DocumentEntity, DocumentKind } from '../documents/kind.js';
import { amountText, specialTaxPerTax, taxPerTax } from '../documents/lines.js';
import { systemAccounts } from '../ledger/posting.js';
import { lineQuantity } from '../inventory/stock.js';
import { ValidationError } from '../platform/errors.js';
import { organizationSettings } from '../organizations/settings.js';
import type { ConfirmationWork } from '../documents/kind.js';
import type { StoredInvoiceLoyalty } from '../loyalty/invoice.js';
import type { StoredInvoicePromotion } from '../promotions/invoice.js';

/**
 * The promotions engine and the loyalty arithmetic are chunks of their own (loaded by the first
 * confirmation that needs them), so a cold start of the invoices Lambda stays within its budget
 * (infra/test/lazy-writers.test.ts); a draft without promotions does not load the engine at all.
 */
type Module<M> = () => Promise<M>;
function lazyWork<M, W>(name: string, load: Module<M>, work: (m: M) => ConfirmationWork<InvoiceRecord, W>, needed: (invoice: InvoiceRecord) => boolean = () => true): ConfirmationWork<InvoiceRecord, { module: M; read: W } | null> {
  let module: M | undefined;
  return {
    name,
    async read(invoice) {
      if (!needed(invoice)) return null;
      // Once loaded, kept: the work's reads then start in this same turn and join the posting's
      // one BatchGetItem (db/get-together.ts) instead of following it after an import's await.
      module ??= await load();
      return { module, read: await work(module).read(invoice) };
    },
    build: (invoice, loaded, context) => (loaded ? work(loaded.module).build(invoice, loaded.read, context) : {}),
  };
}
const promotionsWork = lazyWork(
  'promotions',
  () => import('../promotions/invoice.js'),
  (m) => m.invoicePromotionsWork,
  (invoice) => !!(invoice.promotion_ids as string[] | undefined)?.length || linesOf(invoice).some((l) => l.promotion_discount !== undefined && l.promotion_discount !== null && Number(l.promotion_discount) !== 0),
);
const loyaltyWork = lazyWork('loyalty', () => import('../loyalty/invoice.js'), (m) => m.invoiceLoyaltyWork);

const invoiceKind: DocumentKind<InvoiceRecord, StoredInvoiceLine, SalesInvoiceLineInput, 'promotion_discount'> = {
  noun: 'invoice',
  aNoun: 'An invoice',
  entity: Invoice as DocumentEntity<InvoiceRecord>,
  series: SERIES.invoice,
  counterparty: { role: 'customer', types: ['customer', 'both'] },
  extraTextFields: [],
  extraLineFields: ['promotion_discount'],
  extraHeaderFields: ['promotion_ids'],
  /** A promotion share is money of the invoice's currency, at most what the line's discount comes to (checked at confirmation). */
  async checkLines(organizationId, lines) {
    const given = (share: unknown) => share !== null && share !== undefined && share !== '';
    if (!lines.some((line) => given(line.promotion_discount))) return;
    const { currency } = await organizationSettings(organizationId);
    const issues = lines.flatMap((line, index) => {
      const share = line.promotion_discount;
      if (!given(share)) return [];
      try {
        if (money.parseMoney(String(share), currency).amount >= 0) return [];
      } catch {
        // reported below
      }
      return [{ loc: ['body', 'lines', index, 'promotion_discount'], msg: 'A promotion share is an amount of zero or more in the invoice currency', type: 'value_error' }];
    });
    if (issues.length) throw new ValidationError(issues);
  },
  async postingLines(invoice) {
    const lines = linesOf(invoice);
    const special = specialTaxPerTax(lines);
    const accounts = await systemAccounts(invoice.organization_id, ['receivable', 'sales', 'vat_output']);
    // Special sales tax is owed and filed apart from the general tax (monthly), on its own account.
    const specialAccount = special.size ? (await systemAccounts(invoice.organization_id, ['special_tax_output'])).special_tax_output : null;
    return [
      { account_id: accounts.receivable.id, debit: invoice.gross_total, contact_id: invoice.contact_id },
      { account_id: accounts.sales.id, credit: invoice.net_total },
      ...[...special].map(([taxId, amount]) => ({ account_id: specialAccount!.id, credit: amount, tax_id: taxId, description: 'special tax' })),
      ...[...taxPerTax(lines)].map(([taxId, amount]) => ({ account_id: accounts.vat_output.id, credit: amount, tax_id: taxId, description: 'tax' })),
    ];
  },
  /** Each line of a tracked product takes its quantity from stock at cost (inventory/stock.ts). */
  async stockChanges(invoice) {
    return linesOf(invoice).flatMap((line, index) =>
      line.product_id
        ? [{ productId: line.product_id, kind: 'issue' as const, quantity: lineQuantity(line.quantity), revenue: line.net, referenceType: 'invoice' as const, referenceId: invoice.id, loc: ['body', 'lines', index] }]
        : [],
    );
  },
  /** Promotions first (a 409 when they no longer apply), then the points the invoice earns. */
  confirmationWork: [promotionsWork, loyaltyWork],
  /** Here: draft → cancelled (void a draft), confirmed → sent. */
  transitions: { draft: ['cancelled'], confirmed: ['sent'] },
  transitionHint: (from, to) =>
    to === 'confirmed' ? '; use POST …/confirm to confirm a draft' : from === 'confirmed' && to === 'cancelled' ? '; a confirmed invoice is corrected with a credit note' : '',
};

/** The invoices' document core; the shared document routes (http/document-routes.ts) serve it. */
export const invoiceDocuments = documentCore(invoiceKind);
const invoices = invoiceDocuments;

export const getInvoice = invoices.get;
export const linesOf = (invoice: InvoiceRecord) => invoice.lines as StoredInvoiceLine[];
export const createInvoice = (organizationId: string, input: SalesInvoiceCreate, createdBy: string | null) => invoices.create(organizationId, input, createdBy);
export const deleteInvoice = invoices.remove;
export const duplicateInvoice = invoices.duplicate;
export const confirmInvoice = invoices.confirm;

export const changeStatus = (organizationId: string, id: string, next: InvoiceStatus) => invoices.changeStatus(organizationId, id, next);

export const listInvoices = (organizationId: string, query: { skip?: number; limit?: number; status?: InvoiceStatus }, all = false) =>
  invoices.list(organizationId, query, all);

export function presentInvoice(invoice: InvoiceRecord): InvoicePublic {
  const shown = invoices.present(invoice);
  const text = (minor: number) => amountText(minor, invoice.currency);
  const share = (value: string | number | null | undefined) => text(value === null || value === undefined || value === '' ? 0 : money.parseMoney(String(value), invoice.currency).amount);
  return {
    ...shown,
    lines: shown.lines.map((line) => ({ ...line, promotion_discount: share(line.promotion_discount) })),
    ...presentRewards(invoice, text),
    status: invoice.status,
    amount_credited: amountText(invoice.amount_credited ?? 0, invoice.currency),
    balance_due: amountText(outstandingOf(invoice), invoice.currency),
    sent_at: invoice.sent_at ?? null,
  };
}

/** What an invoice's public shape says of its promotions and its loyalty points. */
function presentRewards(invoice: InvoiceRecord, text: (minor: number) => string) {
  const l = invoice.loyalty as StoredInvoiceLoyalty | undefined;
  return {
    promotion_ids: [...new Set((invoice.promotion_ids as string[] | undefined) ?? [])],
    promotions: ((invoice.promotions as StoredInvoicePromotion[] | undefined) ?? []).map((p) => ({ ...p, discount: text(p.discount) })),
    loyalty_points_earned: l?.points_earned ?? 0,
    loyalty_points_taken_back: l?.points_taken_back ?? 0,
    loyalty: l
      ? { loyalty_program_id: l.loyalty_program_id, points_earned: l.points_earned, points_taken_back: l.points_taken_back, shortfall_points: l.shortfall_points, shortfall_amount: text(l.shortfall_amount) }
      : null,
  };
}
