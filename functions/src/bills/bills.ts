/**
 * Purchase bills on the document core (documents/core.ts). What is theirs: the supplier as
 * counterparty, the supplier's own number (`supplier_reference`), an account on every line, the
 * BILL- numbers, and the posting — debit each line account its net (summed per account), debit
 * input tax per tax (a tax that is not recoverable stays in the cost of the line), credit payable
 * the gross against the supplier. Payments (payments/) settle confirmed bills.
 */
import { BILL_LINE_ASSET_SUBTYPES } from '@daftar/shared/schemas/codes';
import type { BillLineInput, BillPublic, BillStatus } from '@daftar/shared/schemas/bills';
import { Account, type AccountRecord } from '../db/account.js';
import { readById } from '../db/batch-get.js';
import { SERIES } from '../db/sequence.js';
import { Bill, billOutstanding, type BillRecord, type StoredBillLine } from '../db/bill.js';
import { Contact } from '../db/contact.js';
import { Tax, type TaxRecord } from '../db/tax.js';
import { documentCore, type DocumentFilters } from '../documents/core.js';
import type { DocumentEntity, DocumentKind } from '../documents/kind.js';
import { amountText } from '../documents/lines.js';
import { NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { organizationSettings } from '../organizations/settings.js';
import { systemAccounts, type PostingLine } from '../ledger/posting.js';
import { todayIn } from '../ledger/dates.js';
import { cachedForCall } from '../platform/call-cache.js';
import { lineQuantity, type StockChange } from '../inventory/stock.js';

const BOOKABLE_ASSETS: readonly string[] = BILL_LINE_ASSET_SUBTYPES;
const bookable = (account: AccountRecord) => account.type === 'expense' || (account.type === 'asset' && BOOKABLE_ASSETS.includes(account.subtype));

/** Every line's account: an active expense, inventory, fixed-asset or other asset account of this organization (422 at the line). */
async function checkLineAccounts(organizationId: string, lines: readonly BillLineInput[]): Promise<void> {
  const accounts = await readById<AccountRecord>((keys) => Account.get(keys).go({ consistent: true }), organizationId, lines.map((l) => l.account_id), { what: 'accounts' });
  const issues: ValidationIssue[] = [];
  lines.forEach((line, index) => {
    const account = accounts.get(line.account_id);
    const loc = ['body', 'lines', index, 'account_id'];
    if (!account) issues.push({ loc, msg: 'Account not found', type: 'not_found' });
    else if (!account.is_active) issues.push({ loc, msg: `Account ${account.code} ${account.name} is inactive`, type: 'inactive' });
    else if (!bookable(account)) {
      issues.push({ loc, msg: `Account ${account.code} ${account.name} is not an expense, inventory, fixed-asset or other asset account`, type: 'value_error' });
    }
  });
  if (issues.length) throw new ValidationError(issues);
}

const add = (totals: Map<string, number>, key: string, amount: number) => totals.set(key, (totals.get(key) ?? 0) + amount);

/** The bill's taxes (read once per call, by postingLines and stockChanges alike). */
function taxesOf(bill: BillRecord): Promise<Map<string, TaxRecord>> {
  const taxed = (bill.lines as StoredBillLine[]).filter((l) => l.tax > 0 && l.tax_id);
  return cachedForCall(`bill-taxes:${bill.organization_id}:${bill.id}:${bill.version}`, () =>
    readById<TaxRecord>((keys) => Tax.get(keys).go({ consistent: true }), bill.organization_id, taxed.map((l) => l.tax_id!), { what: 'taxes' }),
  );
}

/** A tax whose purchase account was cleared is not recoverable. (A tax in use is never deleted, only deactivated.) */
const recoverableIn = (taxes: Map<string, TaxRecord>) => (taxId: string) => taxes.get(taxId)?.purchase_account_subtype === 'vat_input';

/**
 * Each line of a tracked product brings its quantity into stock at what it cost: its net and the
 * tax that cannot be recovered, which is what the line's account was debited. The stock lines move
 * that amount from the line's account to inventory (nothing, when the line's account is inventory).
 */
async function billStockChanges(bill: BillRecord): Promise<StockChange[]> {
  const lines = bill.lines as StoredBillLine[];
  if (!lines.some((l) => l.product_id)) return [];
  const recoverable = recoverableIn(await taxesOf(bill));
  return lines.flatMap((line, index) =>
    line.product_id
      ? [{
          productId: line.product_id,
          kind: 'receipt' as const,
          quantity: lineQuantity(line.quantity),
          value: line.net + (line.tax > 0 && line.tax_id && !recoverable(line.tax_id) ? line.tax : 0),
          counterAccountId: line.account_id,
          referenceType: 'bill' as const,
          referenceId: bill.id,
          loc: ['body', 'lines', index],
        }]
      : [],
  );
}

async function billPostingLines(bill: BillRecord): Promise<PostingLine[]> {
  const lines = bill.lines as StoredBillLine[];
  const [accounts, taxes] = await Promise.all([systemAccounts(bill.organization_id, ['payable', 'vat_input']), taxesOf(bill)]);
  const recoverable = recoverableIn(taxes);
  const perAccount = new Map<string, number>();
  const inputTax = new Map<string, number>();
  for (const line of lines) {
    add(perAccount, line.account_id, line.net);
    if (line.tax > 0 && line.tax_id) {
      if (recoverable(line.tax_id)) add(inputTax, line.tax_id, line.tax);
      else add(perAccount, line.account_id, line.tax);
    }
  }
  return [
    ...[...perAccount].map(([accountId, amount]) => ({ account_id: accountId, debit: amount })),
    ...[...inputTax].map(([taxId, amount]) => ({ account_id: accounts.vat_input.id, debit: amount, tax_id: taxId, description: 'tax' })),
    { account_id: accounts.payable.id, credit: bill.gross_total, contact_id: bill.contact_id },
  ];
}

const billKind: DocumentKind<BillRecord, StoredBillLine, BillLineInput, 'account_id'> = {
  noun: 'bill',
  aNoun: 'A bill',
  entity: Bill as DocumentEntity<BillRecord>,
  series: SERIES.bill,
  counterparty: { role: 'supplier', types: ['supplier', 'both'] },
  extraTextFields: ['supplier_reference'],
  extraLineFields: ['account_id'],
  checkLines: checkLineAccounts,
  postingLines: billPostingLines,
  stockChanges: billStockChanges,
  /** Here only draft → cancelled; draft → confirmed is the confirmation (changeBillStatus). */
  transitions: { draft: ['cancelled'] },
  transitionHint: (from, to) =>
    to === 'paid' || to === 'partially_paid'
      ? '; payments settle a bill (POST …/payments)'
      : to === 'cancelled'
        ? '; only a draft can be cancelled: a confirmed bill is in the books'
        : to === 'confirmed'
          ? '; only a draft can be confirmed'
          : '',
};

export const billDocuments = documentCore(billKind);

export const getBill = billDocuments.get;
export const confirmBill = billDocuments.confirm;

/** PUT …/status: draft → cancelled, and draft → confirmed as the confirmation itself (numbered and posted); anything else 409. */
export async function changeBillStatus(organizationId: string, id: string, next: BillStatus, actorId: string | null): Promise<{ before: BillRecord; after: BillRecord }> {
  if (next === 'confirmed') {
    const before = await getBill(organizationId, id);
    if (before.status === 'draft') return { before, after: await confirmBill(organizationId, id, actorId) };
  }
  return billDocuments.changeStatus(organizationId, id, next);
}

export interface BillFilters extends DocumentFilters {
  supplier_id?: string;
}

export const listBills = (organizationId: string, { supplier_id: supplierId, ...filters }: BillFilters, all = false) =>
  billDocuments.list(organizationId, { ...filters, contact_id: supplierId }, all);

/** The supplier's bills: the contact must be one of this organization's (404 otherwise). */
export async function listSupplierBills(organizationId: string, supplierId: string, page: { skip: number; limit: number }) {
  const { data: contact } = await Contact.get({ organization_id: organizationId, id: supplierId }).go();
  if (!contact) throw new NotFound('Contact not found');
  return listBills(organizationId, { ...page, supplier_id: supplierId });
}

const OPEN_STATUSES = ['confirmed', 'partially_paid'] as const;
const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Bills still owed whose due date has passed as of a date (default today in the organization's
 * time zone): confirmed or partially paid, due_date < as_of_date, something outstanding. Most
 * overdue first. One Query per open status, filtered by due date.
 */
export async function overdueBills(organizationId: string, query: { as_of_date?: string; skip: number; limit: number }) {
  const asOf = query.as_of_date ?? todayIn((await organizationSettings(organizationId)).timeZone);
  const pages = await Promise.all(
    OPEN_STATUSES.map((status) => Bill.query.byStatus({ organization_id: organizationId, status }).where((a, { lt }) => lt(a.due_date, asOf)).go({ pages: 'all' })),
  );
  const overdue = pages
    .flatMap((page) => page.data)
    .filter((bill) => bill.due_date && billOutstanding(bill) > 0)
    .map((bill) => ({ bill, days_overdue: daysBetween(bill.due_date!, asOf) }))
    .sort((a, b) => b.days_overdue - a.days_overdue || (a.bill.number ?? '').localeCompare(b.bill.number ?? ''));
  return { as_of_date: asOf, data: overdue.slice(query.skip, query.skip + query.limit), count: overdue.length };
}

export function presentBill(bill: BillRecord): BillPublic {
  return {
    ...billDocuments.present(bill),
    status: bill.status,
    supplier_reference: bill.supplier_reference ?? null,
    balance_due: amountText(billOutstanding(bill), bill.currency),
  };
}
