/**
 * Payments received and sent. Recording one posts its journal entry, settles every allocated
 * invoice or bill (amount_paid and status, conditioned on the version read), writes one allocation
 * item per document and the Idempotency-Key record, all in ONE transaction (docs/ledger.md):
 * - received: Dr the cash/bank side `amount`; Cr receivable the allocated sum; the rest Cr store
 *   credit (2500) — an overpayment stays the customer's credit, shown as `unallocated_amount`;
 * - sent: Dr payable the allocated sum; the rest Dr prepaid expenses (an advance to the supplier);
 *   Cr the cash/bank side `amount`.
 * A posted payment's money never changes: voiding posts the reversal and undoes every allocation
 * in one transaction; only reference and notes can be edited. The payment's references to its
 * contact and cash/bank account (db/reference.ts) are written with it and kept after a void.
 */
import { money } from '@daftar/shared';
import type { Narrative } from '@daftar/shared/narrative';
import type { AccountSubtype } from '@daftar/shared/schemas/accounting';
import type {
  PaymentAllocationInput,
  PaymentCreate,
  PaymentMethod,
  PaymentPublic,
  PaymentType,
  PaymentUpdate,
} from '@daftar/shared/schemas/payments';
import { Account, type AccountRecord } from '../db/account.js';
import { Bill, billOutstanding, billSettlementStatus, type BillRecord } from '../db/bill.js';
import { Contact } from '../db/contact.js';
import { Invoice, outstandingOf, settlementStatus, type InvoiceRecord } from '../db/invoice.js';
import {
  Payment,
  PaymentAllocation,
  allocationsOf,
  type PaymentRecord,
  type StoredPaymentAllocation,
} from '../db/payment.js';
import { referenceItem } from '../db/reference.js';
import { conditionCheck, isConditionFailure, putItem, type TransactItem } from '../db/transaction.js';
import { Conflict, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import type { AuditActor } from '../db/auditLog.js';
import { SERIES } from '../db/sequence.js';
import { postDocument, type IdempotencyClaim } from '../documents/posting-path.js';
import { paymentRecordedAudit, paymentVoidedAudit } from './audit.js';
import { displayAmount, getPayment, presentPayment } from './read.js';
import { todayIn } from '../ledger/dates.js';
import { onConditionFailed, reversalOf, systemAccounts, updateItem, type PostingLine } from '../ledger/posting.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { readById } from '../db/batch-get.js';
import { organizationSettings } from '../organizations/settings.js';
import { GiftCard } from '../db/giftCard.js';
import { readItem } from '../db/get-together.js';
import { tenderItems } from '../gift-cards/tender.js';

type Loc = (string | number)[];
const issue = (loc: Loc, msg: string, type = 'value_error'): ValidationIssue => ({ loc, msg, type });

/** Where the cash/bank side of a payment may be: money the business holds. */
const CASH_SIDE_SUBTYPES = new Set<string>(['cash', 'bank', 'undeposited_funds', 'cheques_receivable']);
/** Documents a payment can settle: posted and not yet fully settled. */
const PAYABLE_STATUSES = new Set<string>(['confirmed', 'sent', 'partially_paid']);
const CUSTOMER_TYPES = new Set(['customer', 'both']);
const SUPPLIER_TYPES = new Set(['supplier', 'both']);

/** The default cash/bank side by method: cash in the till, cheques received in post-dated cheques, the rest at the bank. */
function defaultCashSide(type: PaymentType, method: PaymentMethod): AccountSubtype {
  if (method === 'cash') return 'cash';
  if (method === 'cheque' && type === 'received') return 'cheques_receivable';
  return 'bank';
}

/** Minor units of a request amount; more decimals than the currency has is a 422 at `loc`. */
function minorAmount(value: string | number, currency: string, loc: Loc): number {
  try {
    return money.parseMoney(value, currency).amount;
  } catch (error) {
    if (error instanceof money.MoneyError) throw new ValidationError([issue(loc, error.message)]);
    throw error;
  }
}

/** Where a refused allocation is reported: the body's allocation list, or (bill route) the amount and path. */
export interface AllocationLocator {
  document(index: number): Loc;
  amount(index: number): Loc;
}
const bodyAllocations: AllocationLocator = {
  document: (index) => ['body', 'allocations', index],
  amount: (index) => ['body', 'allocations', index, 'amount'],
};

/** A document of the allocation list, read and checked, with what the payment changes on it. */
interface Settlement {
  allocation: StoredPaymentAllocation;
  transactItem: TransactItem;
  label: string;
  /** The document's number (INV-000001), for the posting's narrative. */
  number: string;
}

/**
 * The receivable (payable) line's description: the documents it settles. Several keep their
 * English list as it always read ("Invoice INV-000001, Invoice INV-000002") beside a narrative
 * that names them once ("Invoices INV-000001, INV-000002"), since a template cannot repeat the word.
 */
function settledNarrative(type: PaymentType, settlements: Settlement[]): { narrative: Narrative; description?: string } | null {
  if (!settlements.length) return null;
  const noun = type === 'received' ? 'invoice' : 'bill';
  if (settlements.length === 1) return { narrative: { key: `ledger.${noun}`, params: { number: settlements[0]!.number } } };
  return {
    narrative: { key: type === 'received' ? 'ledger.payment.invoices' : 'ledger.payment.bills', params: { numbers: settlements.map((s) => s.number).join(', ') } },
    description: settlements.map((s) => s.label).join(', '),
  };
}

function documentId(allocation: PaymentAllocationInput) {
  return 'invoice_id' in allocation ? allocation.invoice_id : allocation.bill_id;
}

const readInvoices = (organizationId: string, ids: string[]) => readById<InvoiceRecord>((keys) => Invoice.get(keys).go({ consistent: true }), organizationId, ids, { what: 'invoices' });
const readBills = (organizationId: string, ids: string[]) => readById<BillRecord>((keys) => Bill.get(keys).go({ consistent: true }), organizationId, ids, { what: 'bills' });

const changedMeanwhile = (label: string) => () =>
  new Conflict(`${label} was changed meanwhile (another payment or an edit); reload and try again`);

/** The invoice update of a payment (or of its void): amount_paid and status, on condition of the version read. */
function invoiceSettlementItem(invoice: InvoiceRecord, amountPaid: number, now: string): TransactItem {
  const status = settlementStatus(invoice, amountPaid, invoice.amount_credited ?? 0);
  return onConditionFailed(
    updateItem(
      Invoice.patch({ organization_id: invoice.organization_id, id: invoice.id })
        .set({ amount_paid: amountPaid, status, version: invoice.version + 1, updated_at: now })
        .where((a, { eq }) => `${eq(a.status, invoice.status)} AND ${eq(a.version, invoice.version)}`)
        .params(),
    ),
    changedMeanwhile(`Invoice ${invoice.number ?? invoice.id}`),
  );
}

function billSettlementItem(bill: BillRecord, amountPaid: number, now: string): TransactItem {
  return onConditionFailed(
    updateItem(
      Bill.patch({ organization_id: bill.organization_id, id: bill.id })
        .set({ amount_paid: amountPaid, status: billSettlementStatus(bill, amountPaid), version: bill.version + 1, updated_at: now })
        .where((a, { eq }) => `${eq(a.status, bill.status)} AND ${eq(a.version, bill.version)}`)
        .params(),
    ),
    changedMeanwhile(`Bill ${bill.number ?? bill.id}`),
  );
}

/**
 * Reads and checks every allocated document: of this organization (else "not found" at its
 * location), of the payment's contact, posted and not settled, the amount within what it still
 * owes. Returns the document updates for the transaction.
 */
async function settleDocuments(
  organizationId: string,
  type: PaymentType,
  contactId: string,
  currency: string,
  allocations: { input: PaymentAllocationInput; amount: number }[],
  locate: AllocationLocator,
  now: string,
): Promise<Settlement[]> {
  const ids = allocations.map((a) => documentId(a.input));
  const issues: ValidationIssue[] = [];
  const settlements: Settlement[] = [];
  if (type === 'received') {
    const invoices = await readInvoices(organizationId, ids);
    allocations.forEach(({ amount }, index) => {
      const invoice = invoices.get(ids[index]!);
      if (!invoice) return void issues.push(issue([...locate.document(index), 'invoice_id'], 'Invoice not found', 'not_found'));
      const label = `Invoice ${invoice.number ?? 'draft'}`;
      if (invoice.contact_id !== contactId) return void issues.push(issue([...locate.document(index), 'invoice_id'], `${label} belongs to another customer`));
      if (!PAYABLE_STATUSES.has(invoice.status)) {
        return void issues.push(issue([...locate.document(index), 'invoice_id'], `${label} is ${invoice.status}; only confirmed, sent or partially paid invoices can be paid`, 'invalid_status'));
      }
      if (invoice.currency !== currency) return void issues.push(issue([...locate.document(index), 'invoice_id'], `${label} is in ${invoice.currency}, the payment in ${currency}`));
      const outstanding = outstandingOf(invoice);
      if (amount > outstanding) {
        return void issues.push(issue(locate.amount(index), `${displayAmount(amount, currency)} is more than the ${displayAmount(outstanding, currency)} still due on ${label}`, 'exceeds_outstanding'));
      }
      settlements.push({
        allocation: { document_type: 'invoice', document_id: invoice.id, amount },
        transactItem: invoiceSettlementItem(invoice, (invoice.amount_paid ?? 0) + amount, now),
        label,
        number: invoice.number ?? 'draft',
      });
    });
  } else {
    const bills = await readBills(organizationId, ids);
    allocations.forEach(({ amount }, index) => {
      const bill = bills.get(ids[index]!);
      if (!bill) return void issues.push(issue([...locate.document(index), 'bill_id'], 'Bill not found', 'not_found'));
      const label = `Bill ${bill.number ?? 'draft'}`;
      if (bill.contact_id !== contactId) return void issues.push(issue([...locate.document(index), 'bill_id'], `${label} belongs to another supplier`));
      if (!PAYABLE_STATUSES.has(bill.status)) {
        return void issues.push(issue([...locate.document(index), 'bill_id'], `${label} is ${bill.status}; only confirmed or partially paid bills can be paid`, 'invalid_status'));
      }
      if (bill.currency !== currency) return void issues.push(issue([...locate.document(index), 'bill_id'], `${label} is in ${bill.currency}, the payment in ${currency}`));
      const outstanding = billOutstanding(bill);
      if (amount > outstanding) {
        return void issues.push(issue(locate.amount(index), `${displayAmount(amount, currency)} is more than the ${displayAmount(outstanding, currency)} still owed on ${label}`, 'exceeds_outstanding'));
      }
      settlements.push({
        allocation: { document_type: 'bill', document_id: bill.id, amount },
        transactItem: billSettlementItem(bill, (bill.amount_paid ?? 0) + amount, now),
        label,
        number: bill.number ?? 'draft',
      });
    });
  }
  if (issues.length) throw new ValidationError(issues);
  return settlements;
}

/** The payer or payee: a contact of THIS organization (another tenant's id is not found), of the right kind, active. */
async function checkContact(organizationId: string, type: PaymentType, contactId: string, loc: Loc) {
  const { data } = await Contact.get({ organization_id: organizationId, id: contactId }).go({ consistent: true });
  if (!data) throw new NotFound('Contact not found');
  if (type === 'received' && !CUSTOMER_TYPES.has(data.contact_type)) throw new ValidationError([issue(loc, `${data.name} is a supplier, not a customer`)]);
  if (type === 'sent' && !SUPPLIER_TYPES.has(data.contact_type)) throw new ValidationError([issue(loc, `${data.name} is a customer, not a supplier`)]);
  if (!data.is_active) throw new ValidationError([issue(loc, `${data.name} is inactive`)]);
  return data;
}

/** The contact read must still be active when the payment is written (checked inside the transaction). */
const contactStillActive = (organizationId: string, contactId: string) =>
  conditionCheck(
    Contact.delete({ organization_id: organizationId, id: contactId }).where((a, { eq }) => eq(a.is_active, true)).params(),
    () => new Conflict('The contact was deleted or deactivated meanwhile; reload and try again'),
  );

/** The chosen cash/bank side: an active asset account of this organization holding money. */
async function checkCashSide(organizationId: string, accountId: string, loc: Loc): Promise<AccountRecord> {
  const { data } = await Account.get({ organization_id: organizationId, id: accountId }).go({ consistent: true });
  if (!data) throw new ValidationError([issue(loc, 'Account not found', 'not_found')]);
  if (data.type !== 'asset' || !CASH_SIDE_SUBTYPES.has(data.subtype)) {
    throw new ValidationError([issue(loc, `Account ${data.code} ${data.name} is not a cash, bank, undeposited funds or cheques received account`)]);
  }
  if (!data.is_active) throw new ValidationError([issue(loc, `Account ${data.code} ${data.name} is inactive`, 'inactive')]);
  return data;
}

export interface RecordPaymentOptions {
  /** Where allocation problems are reported (defaults to the body's `allocations`). */
  locate?: AllocationLocator;
  /** Written in the payment's transaction when the request carries an Idempotency-Key. */
  guard?: IdempotencyClaim | null;
  /** Who records it: the audit record is then written in the payment's transaction. */
  audit?: AuditActor;
  createdBy?: string | null;
  /**
   * Paid with a gift card (gift-cards/redeem.ts): the money side is the gift-card liability (Dr:
   * the shop owes the card less), the method `gift_card`, and the card's own items (its versioned
   * balance, its ledger line: gift-cards/tender.ts) go into the payment's transaction.
   */
  giftCard?: { id: string; liability: AccountRecord; items(paymentId: string, entryId: string, now: string): TransactItem[] };
  /** What the Idempotency-Key record answers, when the route answers something else than the payment. */
  answer?: (recorded: RecordedPayment) => unknown;
}

export interface RecordedPayment {
  payment: PaymentRecord;
  /** What the API answers (and the Idempotency-Key record replays). */
  shown: PaymentPublic;
  /** Documents settled, for the audit summary. */
  documents: string[];
}

/**
 * Validates, numbers and posts a payment: entry, payment, document updates, allocation items and
 * the idempotency record in one transaction. Nothing is written when anything is refused.
 */
export async function recordPayment(organizationId: string, input: PaymentCreate, options: RecordPaymentOptions = {}): Promise<RecordedPayment> {
  const locate = options.locate ?? bodyAllocations;
  const type = input.payment_type;
  const { currency } = await organizationSettings(organizationId);
  const amount = minorAmount(input.amount, currency, ['body', 'amount']);
  const allocations = input.allocations.map((a, index) => ({ input: a, amount: minorAmount(a.amount, currency, locate.amount(index)) }));
  const allocated = allocations.reduce((sum, a) => sum + a.amount, 0);
  if (allocated > amount) {
    throw new ValidationError([
      issue(['body', 'allocations'], `The allocations add up to ${displayAmount(allocated, currency)}, more than the payment's ${displayAmount(amount, currency)}`),
    ]);
  }
  const unallocated = amount - allocated;

  const contact = await checkContact(organizationId, type, input.contact_id, ['body', 'contact_id']);
  const now = nowIso();
  const settlements = await settleDocuments(organizationId, type, contact.id, currency, allocations, locate, now);

  const cashSubtype = defaultCashSide(type, input.payment_method);
  const ledgerSubtypes: AccountSubtype[] = type === 'received' ? ['receivable', 'store_credit'] : ['payable', 'prepaid_expenses'];
  const chosen = options.giftCard ? options.giftCard.liability : input.account_id ? await checkCashSide(organizationId, input.account_id, ['body', 'account_id']) : null;
  const system = await systemAccounts(organizationId, chosen ? ledgerSubtypes : [...ledgerSubtypes, cashSubtype]);
  const cashSide = chosen ?? system[cashSubtype]!;

  const id = uuidv7();
  const description: Narrative = { key: type === 'received' ? 'ledger.payment.received' : 'ledger.payment.sent', params: { contact: contact.name, ...(contact.name_ar ? { contact_ar: contact.name_ar } : {}) } };
  const settled = settledNarrative(type, settlements) ?? { narrative: description };
  const lines: PostingLine[] =
    type === 'received'
      ? [
          { account_id: cashSide.id, debit: amount, narrative: description },
          ...(allocated > 0 ? [{ account_id: system.receivable!.id, credit: allocated, contact_id: contact.id, ...settled }] : []),
          ...(unallocated > 0 ? [{ account_id: system.store_credit!.id, credit: unallocated, contact_id: contact.id, narrative: { key: 'ledger.payment.customer_credit', params: { contact: contact.name, ...(contact.name_ar ? { contact_ar: contact.name_ar } : {}) } } as const }] : []),
        ]
      : [
          ...(allocated > 0 ? [{ account_id: system.payable!.id, debit: allocated, contact_id: contact.id, ...settled }] : []),
          ...(unallocated > 0 ? [{ account_id: system.prepaid_expenses!.id, debit: unallocated, contact_id: contact.id, narrative: { key: 'ledger.payment.supplier_advance', params: { contact: contact.name, ...(contact.name_ar ? { contact_ar: contact.name_ar } : {}) } } as const }] : []),
          { account_id: cashSide.id, credit: amount, narrative: description },
        ];

  const entryId = uuidv7();
  const documents = settlements.map((s) => s.label);
  const { result } = await postDocument<RecordedPayment>({
    organizationId,
    series: SERIES.payment,
    build: (number) => {
      const payment: PaymentRecord = {
        organization_id: organizationId,
        id,
        number: number!,
        payment_type: type,
        payment_method: options.giftCard ? 'gift_card' : input.payment_method,
        gift_card_id: options.giftCard?.id,
        status: 'posted',
        contact_id: contact.id,
        date: input.date,
        currency,
        amount,
        account_id: cashSide.id,
        reference: input.reference || undefined,
        notes: input.notes || undefined,
        cheque_due_date: input.payment_method === 'cheque' ? input.cheque_due_date ?? undefined : undefined,
        allocations: settlements.map((s) => s.allocation),
        allocated_amount: allocated,
        journal_entry_id: entryId,
        created_by: options.createdBy ?? undefined,
        version: 1,
        created_at: now,
        updated_at: now,
      };
      return {
        postings: [
          {
            organizationId,
            date: input.date,
            lines,
            source: { type: 'payment', id },
            name: number!,
            entryId,
            memo_narrative: description,
            reference: input.reference ?? null,
            createdBy: options.createdBy ?? null,
            issuePath: ['body'],
          },
        ],
        items: [
          putItem(Payment.create(payment).params(), () => new Conflict('The payment exists already')),
          ...settlements.flatMap((s) => [
            s.transactItem,
            putItem(
              PaymentAllocation.create({
                organization_id: organizationId,
                document_type: s.allocation.document_type,
                document_id: s.allocation.document_id,
                payment_id: id,
                amount: s.allocation.amount,
                created_at: now,
              }).params(),
            ),
          ]),
          contactStillActive(organizationId, contact.id),
          ...(options.giftCard ? options.giftCard.items(id, entryId, now) : []),
          // What the payment uses, so neither can be deleted while it stands (a posted payment keeps
          // them for good, voided or not, as its entry and reversal keep pointing at them).
          referenceItem(organizationId, { type: 'contact', id: contact.id }, { type: 'payment', id }),
          referenceItem(organizationId, { type: 'account', id: cashSide.id }, { type: 'payment', id }),
        ],
        finish: () => ({ payment, shown: presentPayment(payment), documents }),
      };
    },
    audit: options.audit ? { actor: options.audit, entry: paymentRecordedAudit } : undefined,
    idempotency: options.guard
      ? { claim: options.guard, answer: (recorded) => ({ status: 201, body: options.answer ? options.answer(recorded) : recorded.shown, resourceType: 'payment', resourceId: id }) }
      : undefined,
  });
  return result;
}

const FINANCIAL_CHANGE = 'A payment’s amount, date, method, contact, account and allocations cannot change once recorded; void it and record a new one';

/** True when the update restates the stored money fields exactly (a form sending the whole payment back). */
function moneyFieldsUnchanged(payment: PaymentRecord, input: PaymentUpdate): boolean {
  if (input.payment_type !== undefined && input.payment_type !== payment.payment_type) return false;
  if (input.payment_method !== undefined && input.payment_method !== payment.payment_method) return false;
  if (input.contact_id !== undefined && input.contact_id !== payment.contact_id) return false;
  if (input.date !== undefined && input.date !== payment.date) return false;
  if (input.account_id != null && input.account_id !== payment.account_id) return false;
  if (input.amount !== undefined && minorAmount(input.amount, payment.currency, ['body', 'amount']) !== payment.amount) return false;
  if (input.allocations !== undefined) {
    const stored = allocationsOf(payment).map((a) => `${a.document_type}:${a.document_id}:${a.amount}`).sort();
    const sent = input.allocations
      .map((a, index) => `${'invoice_id' in a ? 'invoice' : 'bill'}:${documentId(a)}:${minorAmount(a.amount, payment.currency, ['body', 'allocations', index, 'amount'])}`)
      .sort();
    if (stored.join('|') !== sent.join('|')) return false;
  }
  return true;
}

/** Reference and notes only; a different amount, date, contact, … is a 409 (void and record again). */
export async function updatePayment(organizationId: string, id: string, input: PaymentUpdate) {
  const before = await getPayment(organizationId, id);
  if (input.version !== undefined && input.version !== before.version) throw new Conflict('The payment was changed by someone else; reload and try again');
  if (!moneyFieldsUnchanged(before, input)) throw new Conflict(FINANCIAL_CHANGE);
  const now = nowIso();
  const reference = input.reference === undefined ? before.reference : input.reference || undefined;
  const notes = input.notes === undefined ? before.notes : input.notes || undefined;
  const after: PaymentRecord = { ...before, reference, notes, version: before.version + 1, updated_at: now };
  const removed = [...(reference ? [] : ['reference' as const]), ...(notes ? [] : ['notes' as const])];
  let update = Payment.patch({ organization_id: organizationId, id }).set({
    version: after.version,
    updated_at: now,
    ...(reference ? { reference } : {}),
    ...(notes ? { notes } : {}),
  });
  if (removed.length) update = update.remove(removed);
  try {
    await update.where((a, { eq }) => eq(a.version, before.version)).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict('The payment was changed by someone else; reload and try again');
    throw error;
  }
  return { before, after };
}

/**
 * Voids a posted payment: the reversal entry, every allocated document's amount_paid given back
 * (status recomputed) and the payment marked void, in one transaction. The reversal is dated
 * today (or the payment's date, if that is later), so a payment in a closed period can be voided
 * in the open one.
 */
export async function voidPayment(organizationId: string, id: string, actorId: string | null, options: { audit?: AuditActor; guard?: IdempotencyClaim | null } = {}) {
  const payment = await getPayment(organizationId, id);
  // Voided already (a double-click, a retried request): the void stands, nothing more to do.
  if (payment.status === 'void') return payment;
  const today = todayIn((await organizationSettings(organizationId)).timeZone);
  const date = payment.date > today ? payment.date : today;
  const allocations = allocationsOf(payment);
  const now = nowIso();

  const undo: TransactItem[] = [];
  if (payment.payment_type === 'received') {
    const invoices = await readInvoices(organizationId, allocations.map((a) => a.document_id));
    for (const allocation of allocations) {
      const invoice = invoices.get(allocation.document_id);
      const paid = (invoice?.amount_paid ?? 0) - allocation.amount;
      if (!invoice || paid < 0) throw new Conflict(`Invoice ${invoice?.number ?? allocation.document_id} no longer shows this payment; it cannot be undone automatically`);
      undo.push(invoiceSettlementItem(invoice, paid, now));
    }
  } else {
    const bills = await readBills(organizationId, allocations.map((a) => a.document_id));
    for (const allocation of allocations) {
      const bill = bills.get(allocation.document_id);
      const paid = (bill?.amount_paid ?? 0) - allocation.amount;
      if (!bill || paid < 0) throw new Conflict(`Bill ${bill?.number ?? allocation.document_id} no longer shows this payment; it cannot be undone automatically`);
      undo.push(billSettlementItem(bill, paid, now));
    }
  }

  const reversal = await reversalOf({ organizationId, entryId: payment.journal_entry_id, date, memo_narrative: { key: 'ledger.payment.void', params: { number: payment.number } }, createdBy: actorId });
  const reversalId = reversal.posting.entryId!;
  // Paid with a gift card: the money goes back onto the card, in the void's transaction.
  if (payment.payment_method === 'gift_card' && payment.gift_card_id) {
    const card = await readItem(GiftCard, { organization_id: organizationId, id: payment.gift_card_id });
    if (!card) throw new Conflict('The gift card this payment spent no longer exists; it cannot be undone automatically');
    undo.push(...tenderItems({ card, spend: -payment.amount, reference: { type: 'payment', id: payment.id }, location_id: card.location_id, journal_entry_id: reversalId, created_by: actorId, now, today, loc: ['path', 'payment_id'], moved: () => new Conflict('The gift card changed meanwhile; try the void again') }));
  }
  const after: PaymentRecord = {
    ...payment,
    status: 'void',
    reversal_entry_id: reversalId,
    voided_at: now,
    voided_by: actorId ?? undefined,
    version: payment.version + 1,
    updated_at: now,
  };
  const markVoid = onConditionFailed(
    updateItem(
      Payment.patch({ organization_id: organizationId, id })
        .set({ status: 'void', reversal_entry_id: reversalId, voided_at: now, ...(actorId ? { voided_by: actorId } : {}), version: after.version, updated_at: now })
        .where((a, { eq }) => `${eq(a.status, 'posted')} AND ${eq(a.version, payment.version)}`)
        .params(),
    ),
    () => new PaymentMoved(),
  );
  try {
    await postDocument<PaymentRecord>({
      organizationId,
      build: () => ({ postings: [reversal.posting], items: [markVoid, reversal.originalUpdate(reversalId, now), ...undo], finish: () => after }),
      audit: options.audit ? { actor: options.audit, entry: paymentVoidedAudit } : undefined,
      idempotency: options.guard ? { claim: options.guard, answer: (voided) => ({ status: 200, body: presentPayment(voided), resourceType: 'payment', resourceId: id }) } : undefined,
    });
  } catch (error) {
    if (!(error instanceof PaymentMoved)) throw error;
    const current = await getPayment(organizationId, id);
    if (current.status === 'void') return current;
    throw new Conflict(`Payment ${payment.number} was changed meanwhile; reload and try again`);
  }
  return after;
}

/** The payment's own condition failed: voided or changed by someone else meanwhile. */
class PaymentMoved extends Conflict {
  constructor() { super('The payment was voided or changed meanwhile; reload and try again'); }
}
