/**
 * Sales invoices on the document core (documents/core.ts): what is theirs is the customer as
 * counterparty, the INV- numbers, the posting (debit receivable the gross, credit sales the summed
 * line nets, credit special sales tax payable per special tax, credit output tax per tax), the confirmed → sent step and what the public shape adds
 * (credit notes, sending).
 */
import type { InvoiceCreate, InvoiceLineInput, InvoicePublic, InvoiceStatus } from '@daftar/shared/schemas/invoices';
import { SERIES } from '../db/sequence.js';
import { Invoice, outstandingOf, type InvoiceRecord, type StoredInvoiceLine } from '../db/invoice.js';
import { documentCore } from '../documents/core.js';
import type { DocumentEntity, DocumentKind } from '../documents/kind.js';
import { amountText, specialTaxPerTax, taxPerTax } from '../documents/lines.js';
import { systemAccounts } from '../ledger/posting.js';
import { lineQuantity } from '../inventory/stock.js';

const invoiceKind: DocumentKind<InvoiceRecord, StoredInvoiceLine, InvoiceLineInput> = {
  noun: 'invoice',
  aNoun: 'An invoice',
  entity: Invoice as DocumentEntity<InvoiceRecord>,
  series: SERIES.invoice,
  counterparty: { role: 'customer', types: ['customer', 'both'] },
  extraTextFields: [],
  extraLineFields: [],
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
export const createInvoice = (organizationId: string, input: InvoiceCreate, createdBy: string | null) => invoices.create(organizationId, input, createdBy);
export const deleteInvoice = invoices.remove;
export const duplicateInvoice = invoices.duplicate;
export const confirmInvoice = invoices.confirm;

export const changeStatus = (organizationId: string, id: string, next: InvoiceStatus) => invoices.changeStatus(organizationId, id, next);

export const listInvoices = (organizationId: string, query: { skip?: number; limit?: number; status?: InvoiceStatus }, all = false) =>
  invoices.list(organizationId, query, all);

export function presentInvoice(invoice: InvoiceRecord): InvoicePublic {
  return {
    ...invoices.present(invoice),
    status: invoice.status,
    amount_credited: amountText(invoice.amount_credited ?? 0, invoice.currency),
    balance_due: amountText(outstandingOf(invoice), invoice.currency),
    sent_at: invoice.sent_at ?? null,
  };
}
