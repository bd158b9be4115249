/**
 * Till receipts as JoFotara e-invoices (issue 15), submitted asynchronously through the e-invoicing
 * queue (e-invoicing/submission.ts, consumer.ts): the till never waits for the portal.
 *
 * What each receipt becomes (documents keyed by the receipt's id, so one receipt has at most one
 * of each type):
 * - a sale → `pos_receipt`, a 388 invoice numbered as the receipt. Cash type (0 1 x) when every
 *   tender is money in hand at the end of the sale (`POS_IMMEDIATE_TENDERS`: cash, card, CliQ,
 *   store credit), receivable (0 2 x) when part is left on account.
 * - a return of a sale (`original_transaction_id`) → `pos_return`, a 381 credit note of the sale's
 *   submitted document (BillingReference: the sale's number, UUID and total), the returned
 *   quantities on the sale's line numbers. JoFotara credits only an invoice it has recorded
 *   (GUIDE p.21–22), so the credit note waits until the sale's submission is accepted: the receipt
 *   is flagged `waiting_for_sale` and the sweep (`resubmitMissing`) sends it later. A sale that was
 *   never submitted (posted before e-invoicing was connected, or lost) is submitted first.
 * - a return without a receipt → nothing. A JoFotara credit invoice is always "a return of an
 *   invoice … on the original invoice", capped by the quantities that invoice sold (GUIDE p.21–22;
 *   JORDAN.md §1.3 "Credit notes / returns": BillingReference with the original's ID, UUID and
 *   total is mandatory), and such a return has no original to point at; crediting some other sale
 *   of the customer would take quantities a receipted return of that sale may still need. The
 *   receipt is flagged `not_applicable`: the refund went to store credit and the output tax the
 *   ledger reverses for it is not reduced in JoFotara's records (the accountant sees these as the
 *   receipts of kind return flagged not_applicable).
 * - an exchange's new lines (a return with `new_lines`) → also a `pos_receipt` 388 invoice, numbered
 *   `<receipt number>-EX` (the credit note already carries the receipt's number).
 *
 * Amounts: the receipt is the truth. Each line's LineExtensionAmount is the line's tax-inclusive
 * total brought back before tax at nine decimals (gross × 100 / (100 + rate)), so the portal's
 * net + tax is what the customer paid to the nano (one nano per line at most) and PayableAmount
 * equals the receipt's total to the fil; the line keeps its unit price before tax, and its
 * discount is what takes the price × quantity down to that amount (the receipt's discount plus the
 * sub-fil rounding of the receipt, never negative). The tax and net split differ from the
 * receipt's rounded per-line figures by less than half a fil per line.
 *
 * Idempotency: the submission item (one per document) is created on condition that none exists;
 * the receipt's `einvoice_status` is then set (conditional on the value read) to the flag below.
 * A receipt flagged `queued` or `not_applicable` is left alone by later calls, so a second call
 * writes nothing and queues nothing.
 *
 * `einvoice_status` on the receipt is this module's own step, not the portal's state (which the
 * submission item holds and the consumer keeps up to date, as for invoices): see
 * `einvoiceStatusOf` / `presentEinvoiceStatus` for what the receipt shows.
 */
import { jofotara, jordanTax, money } from '@daftar/shared';
import { priceTimesQuantity } from '@daftar/shared/jofotara/decimal';
import type { EinvoiceBusinessType, EinvoiceDocumentType, EinvoiceSubmissionState } from '@daftar/shared/schemas/einvoiceSubmission';
import { POS_IMMEDIATE_TENDERS } from '@daftar/shared/schemas/pos';
import { batchGet } from '../db/batch-get.js';
import { Contact, type ContactRecord } from '../db/contact.js';
import { EinvoiceSubmission, type EinvoiceSubmissionItem } from '../db/einvoiceSubmission.js';
import type { EinvoicingSettingsItem } from '../db/einvoicingSettings.js';
import { PosTransaction, type PosTransactionRecord, type StoredPosLine, type StoredPosPayment } from '../db/posTransaction.js';
import { isConditionFailure } from '../db/transaction.js';
import { buyerOf, defaultBusinessType, documentUuid } from '../e-invoicing/mapping.js';
import { getSettingsItem, missingFields, nextInvoiceCounter } from '../e-invoicing/settings.js';
import { enqueueSubmission, getSubmission } from '../e-invoicing/submission.js';
import { ValidationError, type ValidationIssue } from '../platform/errors.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { logger } from '../platform/logger.js';

type Track = jofotara.JoFotaraTrack;
type PaymentMethod = jofotara.JoFotaraPaymentMethod;
import { EXCHANGE_SUFFIX, type PosDocumentType } from './einvoice-documents.js';
export { EXCHANGE_SUFFIX, type PosDocumentType } from './einvoice-documents.js';

/**
 * The receipt's `einvoice_status`, written by this module:
 * - absent: not handled yet (posting's call did not run or failed, or e-invoicing was off);
 * - queued: every document of the receipt has its submission (the portal's state is there);
 * - waiting_for_sale: a return whose sale JoFotara has not accepted yet;
 * - needs_attention: the receipt cannot be mapped as it stands (an on-account customer without
 *   identification, taxed lines on the income track…); retried, so fixing the contact is enough;
 * - not_applicable: nothing to submit (a return without a receipt).
 */
export const POS_EINVOICE_FLAGS = ['queued', 'waiting_for_sale', 'needs_attention', 'not_applicable'] as const;
export type PosEinvoiceFlag = (typeof POS_EINVOICE_FLAGS)[number];
/** Flags the sweep looks at again (besides receipts without one). */
const RETRIED_FLAGS: readonly PosEinvoiceFlag[] = ['waiting_for_sale', 'needs_attention'];

const NANOS_PER_FIL = 1_000_000n;
const QUANTITY_SCALE = 1000n;

const issue = (loc: (string | number)[], msg: string): ValidationIssue => ({ loc, msg, type: 'jofotara' });
const nanosText = (nanos: bigint) => jofotara.formatNanos(nanos);
const millisText = (millis: bigint) => money.formatDecimal({ coefficient: millis, scale: 3 });

function toNanos(value: string): bigint {
  const decimal = money.parseDecimal(value);
  if (decimal.scale > 9) throw new RangeError(`${value} has more than nine decimals`);
  return decimal.coefficient * 10n ** BigInt(9 - decimal.scale);
}

/** amount × 100 / (100 + rate), rounded to nanos. */
function beforeTax(nanos: bigint, ratePercent: string): bigint {
  const divisor = money.addRatios(money.ratioOf(ratePercent), money.ratio(100n));
  return money.roundHalfAwayFromZero(money.divideRatios(money.multiplyRatios(money.ratio(nanos), money.ratio(100n)), divisor));
}

const isZeroRate = (rate: string) => money.parseDecimal(rate).coefficient === 0n;

/** Cash when every tender is money in hand at the end of the sale; receivable when part is on account. */
export function posPaymentMethod(payments: readonly Pick<StoredPosPayment, 'tender'>[]): PaymentMethod {
  return payments.every((payment) => POS_IMMEDIATE_TENDERS.includes(payment.tender)) ? 'cash' : 'receivable';
}

/** One receipt line as JoFotara takes it, its total the receipt's (see the module comment). */
function posLine(line: StoredPosLine, track: Track, loc: (string | number)[], issues: ValidationIssue[]): jofotara.JoFotaraLineInput | null {
  const label = `Line "${line.name}"`;
  if (line.special_tax) {
    issues.push(issue([...loc, 'special_tax'], `${label} carries special sales tax, which the till does not send to JoFotara`));
    return null;
  }
  let tax: jofotara.JoFotaraLineTax | null = null;
  let rate = '0';
  if (track === 'income') {
    if (line.tax > 0) {
      issues.push(issue([...loc, 'tax_rate'], `${label} charges ${line.tax_rate}% sales tax, but an income-track taxpayer is not registered for sales tax; correct the e-invoicing track`));
      return null;
    }
  } else {
    try {
      tax = { category: jordanTax.jofotaraTaxCategory(line.tax_category, line.tax_rate), rate: line.tax_rate };
    } catch (error) {
      issues.push(issue([...loc, 'tax_category'], error instanceof Error ? error.message : String(error)));
      return null;
    }
    rate = line.tax_rate;
  }
  const quantity = BigInt(line.quantity);
  if (quantity <= 0n) {
    issues.push(issue([...loc, 'quantity'], `${label} has no quantity`));
    return null;
  }
  const grossNanos = BigInt(line.gross) * NANOS_PER_FIL;
  const net = isZeroRate(rate) ? grossNanos : beforeTax(grossNanos, rate);
  let price = toNanos(line.unit_price);
  if (line.price_includes_tax && !isZeroRate(rate)) price = beforeTax(price, rate);
  let lineGross = priceTimesQuantity(price, quantity);
  if (lineGross < net) {
    // The receipt rounded the line up by a fraction of a fil: the price rises by that fraction
    // (JoFotara takes no negative discount).
    price = (net * QUANTITY_SCALE + quantity - 1n) / quantity;
    lineGross = priceTimesQuantity(price, quantity);
  }
  let discount = lineGross - net;
  // The builder compares the discount with the exact price × quantity, not its rounding.
  if (discount * QUANTITY_SCALE > price * quantity) discount = (price * quantity) / QUANTITY_SCALE;
  return {
    name: line.name || line.sku || line.product_id || 'Item',
    quantity: millisText(quantity),
    unit_price: nanosText(price),
    discount: discount === 0n ? null : nanosText(discount),
    tax,
  };
}

export interface PosSeller {
  seller: jofotara.JoFotaraSeller;
  track: Track;
}

interface PosIdentity {
  uuid: string;
  icv: number;
}

export type PosDocumentInput =
  | (PosSeller &
      PosIdentity & {
        type: 'pos_receipt';
        receipt: Pick<PosTransactionRecord, 'id' | 'kind' | 'number' | 'date' | 'note' | 'payments' | 'lines' | 'new_lines'>;
        /** The receipt's customer (a contact), null for a walk-in sale. */
        customer: ContactRecord | null;
      })
  | (PosIdentity & {
      type: 'pos_return';
      receipt: Pick<PosTransactionRecord, 'id' | 'number' | 'date' | 'note' | 'reason' | 'lines' | 'original_transaction_id'>;
      sale: Pick<PosTransactionRecord, 'id' | 'number' | 'lines'>;
      /** The sale exactly as it was submitted (its submission's `document`). */
      original: jofotara.JoFotaraInvoiceInput;
    });

export interface MappedPosDocument {
  /** cbc:ID. */
  number: string;
  document: jofotara.JoFotaraDocument;
  payment_method: PaymentMethod;
  business_type: EinvoiceBusinessType | null;
}

/** The exchange's invoice carries the receipt's number with this suffix (its credit note has the number). */

/**
 * The UBL builder's input for a till receipt: its sale invoice (the sale's lines, or an exchange's
 * new lines) or its credit note. Pure. Throws ValidationError listing every problem.
 */
export function posReceiptDocument(input: PosDocumentInput): MappedPosDocument {
  const issues: ValidationIssue[] = [];
  if (input.type === 'pos_return') return posCreditNote(input, issues);

  const { receipt, track } = input;
  const exchange = receipt.kind === 'return';
  const stored = ((exchange ? receipt.new_lines : receipt.lines) ?? []) as StoredPosLine[];
  const field = exchange ? 'new_lines' : 'lines';
  if (!stored.length) throw new ValidationError([issue(['pos', field], 'The receipt has no lines to invoice')]);
  const paymentMethod = posPaymentMethod((receipt.payments ?? []) as StoredPosPayment[]);
  const businessType = input.customer ? defaultBusinessType(input.customer) : null;
  const buyer = input.customer && businessType ? buyerOf(input.customer, businessType, issues) : null;
  const lines = stored.map((line, index) => posLine(line, track, ['pos', field, index], issues));
  if (paymentMethod === 'receivable' && !buyer && !issues.length) {
    issues.push(
      issue(
        ['pos', 'customer_id'],
        input.customer
          ? `A sale on account is a receivable e-invoice, which names the buyer with an identification: add ${input.customer.name}'s national ID, personal number or tax number`
          : 'A sale on account is a receivable e-invoice, which needs the customer',
      ),
    );
  }
  if (issues.length) throw new ValidationError(issues);
  const number = exchange ? `${receipt.number}${EXCHANGE_SUFFIX}` : receipt.number;
  return {
    number,
    payment_method: paymentMethod,
    business_type: businessType,
    document: {
      kind: 'invoice',
      id: number,
      uuid: input.uuid,
      icv: input.icv,
      issue_date: receipt.date,
      note: receipt.note ?? null,
      currency: 'JOD',
      track,
      payment_method: paymentMethod,
      seller: input.seller,
      buyer,
      lines: lines as jofotara.JoFotaraLineInput[],
    },
  };
}

function posCreditNote(input: Extract<PosDocumentInput, { type: 'pos_return' }>, issues: ValidationIssue[]): MappedPosDocument {
  const { receipt, sale, original } = input;
  const saleLines = sale.lines as StoredPosLine[];
  // The sale's document has one line per receipt line, in order: line numbers are positions.
  if (original.kind !== 'invoice' || original.lines.length !== saleLines.length) {
    throw new ValidationError([issue(['pos', 'original_transaction_id'], `The e-invoice of receipt ${sale.number} does not match its lines`)]);
  }
  const lineNumbers = new Map(saleLines.map((line, index) => [line.id, index + 1]));
  const quantities = new Map<number, bigint>();
  (receipt.lines as StoredPosLine[]).forEach((line, index) => {
    const lineNumber = line.original_line_id ? lineNumbers.get(line.original_line_id) : undefined;
    if (lineNumber === undefined) {
      issues.push(issue(['pos', 'lines', index, 'original_line_id'], `Receipt ${sale.number} has no line ${line.original_line_id ?? '(none named)'}`));
      return;
    }
    // The builder takes each original line once; two return lines of one sold line add up.
    quantities.set(lineNumber, (quantities.get(lineNumber) ?? 0n) + BigInt(line.quantity));
  });
  if (issues.length) throw new ValidationError(issues);
  const lines = [...quantities.entries()]
    .sort(([a], [b]) => a - b)
    // What earlier returns took is not known here without reading them; the till enforced the cap
    // when the return posted (sold − returned, on condition of the sale's version) and the
    // portal checks it again.
    .map(([lineNumber, quantity]) => ({ line_number: lineNumber, quantity: millisText(quantity), returned_before: null }));
  return {
    number: receipt.number,
    payment_method: original.payment_method,
    business_type: null,
    document: {
      kind: 'return',
      id: receipt.number,
      uuid: input.uuid,
      icv: input.icv,
      issue_date: receipt.date,
      note: receipt.note ?? null,
      currency: 'JOD',
      reason: receipt.reason?.trim() || `Returned at the till (receipt ${sale.number})`,
      original,
      lines,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Submitting

/** The seller and track when e-invoicing is set up and connected (the completeness invoices need); else null. */
function sellerOf(item: EinvoicingSettingsItem | null): PosSeller & { settings_version: number } | null {
  if (!item || missingFields(item).length) return null;
  return {
    track: item.taxpayer_track!,
    seller: { tin: item.seller_tin!, registered_name: (item.registered_name_ar || item.registered_name_en)!, income_source_sequence: item.income_source_sequence! },
    settings_version: item.version,
  };
}

async function loadReceipt(organizationId: string, transactionId: string): Promise<PosTransactionRecord | null> {
  const { data } = await PosTransaction.get({ organization_id: organizationId, id: transactionId }).go({ consistent: true });
  return data ?? null;
}

async function loadCustomer(organizationId: string, customerId: string | undefined): Promise<ContactRecord | null> {
  if (!customerId) return null;
  const { data } = await Contact.get({ organization_id: organizationId, id: customerId }).go();
  return data ?? null;
}

/** Validates the builder's input as the portal would; null when it passes. */
function refusalOf(document: jofotara.JoFotaraDocument): string | null {
  try {
    const failures = jofotara.crossCheck(jofotara.buildInvoiceXml(document));
    return failures.length ? failures.map((failure) => failure.message).join('; ') : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const describe = (error: unknown) =>
  error instanceof ValidationError ? error.issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; ') : error instanceof Error ? error.message : String(error);

/**
 * Writes the submission of one mapped document and queues it; false when another call wrote it
 * first. A till receipt's, and a layaway pickup's (layaway/einvoice.ts), which is mapped as one.
 */
export async function writeSubmission(
  organizationId: string,
  type: PosDocumentType | 'layaway_pickup',
  receipt: Pick<PosTransactionRecord, 'id' | 'date' | 'original_transaction_id'>,
  mapped: MappedPosDocument,
  settings: { settings_version: number },
): Promise<boolean> {
  // Drawn only once the document passed, so refused receipts leave no gap in the counter.
  const icv = await nextInvoiceCounter(organizationId);
  const document = { ...mapped.document, icv } as jofotara.JoFotaraDocument;
  const computed = jofotara.computeDocument(document);
  const now = nowIso();
  let item: EinvoiceSubmissionItem;
  try {
    const { data } = await EinvoiceSubmission.create({
      organization_id: organizationId,
      document_type: type,
      document_id: receipt.id,
      document_number: mapped.number,
      issue_date: receipt.date,
      state: 'queued',
      queue_id: uuidv7(),
      uuid: document.uuid,
      icv,
      invoice_type: computed.track,
      payment_method: computed.payment_method,
      type_code: computed.type_code,
      type_name: computed.type_name,
      document,
      payable_amount: jofotara.formatNanos(computed.totals.payable),
      settings_version: settings.settings_version,
      attempts: 0,
      errors: [],
      warnings: [],
      queued_at: now,
      updated_at: now,
      version: 1,
      created_at: now,
      ...(mapped.business_type ? { business_type: mapped.business_type } : {}),
      ...(type === 'pos_return' && receipt.original_transaction_id ? { invoice_id: receipt.original_transaction_id } : {}),
    }).go();
    item = data;
  } catch (error) {
    // A concurrent call (the post-commit call and the sweep) wrote it: it queues it too.
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await enqueueSubmission(item);
  return true;
}

/**
 * A submission whose message the queue refused (written, then marked failed by
 * enqueueSubmission) is queued again by the next call: the receipt was left unflagged for that.
 */
async function requeue(item: EinvoiceSubmissionItem): Promise<boolean> {
  const now = nowIso();
  try {
    const { data } = await EinvoiceSubmission.patch({ organization_id: item.organization_id, document_type: item.document_type, document_id: item.document_id })
      .set({ state: 'queued', queue_id: uuidv7(), queued_at: now, updated_at: now, version: item.version + 1 })
      .remove(['last_error', 'failed_at'])
      .where((attributes, { eq }) => eq(attributes.version, item.version))
      .go({ response: 'all_new' });
    await enqueueSubmission(data as EinvoiceSubmissionItem);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function setFlag(receipt: PosTransactionRecord, flag: PosEinvoiceFlag): Promise<void> {
  if (receipt.einvoice_status === flag) return;
  const previous = receipt.einvoice_status;
  try {
    await PosTransaction.patch({ organization_id: receipt.organization_id, id: receipt.id })
      .set({ einvoice_status: flag })
      .where((attributes, { eq, notExists }) => (previous === undefined ? notExists(attributes.einvoice_status) : eq(attributes.einvoice_status, previous)))
      .go();
  } catch (error) {
    // Another call moved the flag on meanwhile; the submissions are what count.
    if (!isConditionFailure(error)) throw error;
  }
}

interface Handled {
  flag: PosEinvoiceFlag;
  /** Submissions written (or queued again) by this call. */
  written: number;
}

async function handleReceipt(
  receipt: PosTransactionRecord,
  settings: PosSeller & { settings_version: number },
  submitSale: boolean,
): Promise<Handled> {
  const organizationId = receipt.organization_id;
  const documents: PosDocumentType[] = [];
  if (receipt.kind === 'sale') documents.push('pos_receipt');
  else {
    if (receipt.original_transaction_id) documents.push('pos_return');
    if ((receipt.new_lines as StoredPosLine[] | undefined)?.length) documents.push('pos_receipt');
  }
  if (!documents.length) {
    await setFlag(receipt, 'not_applicable');
    return { flag: 'not_applicable', written: 0 };
  }

  let written = 0;
  let waiting = false;
  let refused = false;
  for (const type of documents) {
    const existing = await getSubmission(organizationId, type, receipt.id);
    if (existing) {
      if (existing.state === 'failed' && receipt.einvoice_status === undefined && (await requeue(existing))) written += 1;
      continue;
    }
    const identity = { uuid: documentUuid(organizationId, type, receipt.id), icv: 1 };
    let mapped: MappedPosDocument;
    try {
      if (type === 'pos_return') {
        const sale = await loadReceipt(organizationId, receipt.original_transaction_id!);
        if (!sale) throw new ValidationError([issue(['pos', 'original_transaction_id'], `The returned sale ${receipt.original_transaction_id} does not exist`)]);
        let saleSubmission = await getSubmission(organizationId, 'pos_receipt', sale.id);
        if (!saleSubmission && submitSale && sale.einvoice_status === undefined) {
          await handleReceipt(sale, settings, false);
          saleSubmission = await getSubmission(organizationId, 'pos_receipt', sale.id);
        }
        if (saleSubmission?.state !== 'submitted') {
          waiting = true;
          continue;
        }
        mapped = posReceiptDocument({ type, ...identity, receipt, sale, original: saleSubmission.document as jofotara.JoFotaraInvoiceInput });
      } else {
        const customer = await loadCustomer(organizationId, receipt.customer_id);
        mapped = posReceiptDocument({ type, ...identity, ...settings, receipt, customer });
      }
      const refusal = refusalOf(mapped.document);
      if (refusal) throw new ValidationError([issue(['jofotara', type], refusal)]);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      refused = true;
      logger.warn('pos einvoice: receipt cannot be submitted as it stands', {
        organization_id: organizationId,
        transaction_id: receipt.id,
        number: receipt.number,
        document_type: type,
        detail: describe(error),
      });
      continue;
    }
    if (await writeSubmission(organizationId, type, receipt, mapped, settings)) written += 1;
  }
  const flag: PosEinvoiceFlag = waiting ? 'waiting_for_sale' : refused ? 'needs_attention' : 'queued';
  await setFlag(receipt, flag);
  return { flag, written };
}

/**
 * Submits a posted till receipt to JoFotara through the queue (see the module comment). Nothing
 * when e-invoicing is not set up and connected, when the receipt does not exist, or when it was
 * handled already. Throws on storage or queue failures: the receipt stays unflagged and the sweep
 * (`resubmitMissing`) takes it again.
 */
export async function submitPosReceipt(organizationId: string, transactionId: string): Promise<void> {
  await submitOne(organizationId, transactionId);
}

async function submitOne(organizationId: string, transactionId: string): Promise<Handled | null> {
  const settings = sellerOf(await getSettingsItem(organizationId));
  if (!settings) return null;
  const receipt = await loadReceipt(organizationId, transactionId);
  if (!receipt) return null;
  if (receipt.einvoice_status === 'queued' || receipt.einvoice_status === 'not_applicable') return { flag: receipt.einvoice_status, written: 0 };
  return handleReceipt(receipt, settings, true);
}

export interface ResubmitOptions {
  /** How far back receipts are looked at (default 14 days). */
  days?: number;
  /** Receipts posted more recently than this are left to the post-commit call (default 2 minutes). */
  minAgeMs?: number;
  now?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The smallest UUIDv7 of a moment: receipts' ids (the register's UUIDv7s) sort by when they were made. */
export function uuidv7Floor(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
}

/**
 * The sweep: submits the organization's receipts of the last `days` that were never handled (no
 * `einvoice_status`: the post-commit call failed or did not run) and retries the returns waiting
 * for their sale and the receipts that needed attention. Returns how many receipts had a
 * submission written now.
 *
 * How it finds them cheaply: one Query of the receipts' own partition from the window's first
 * UUIDv7 (the sort key is `TX#<id>` and the register's ids are UUIDv7, so that is a key range,
 * not a scan of the history), filtered on the flag. The flag on the receipt spares a read of the
 * submission per receipt; a day of 500 receipts of ~3 KB costs ~200 read units. A receipt made
 * offline more than `days` before it synced is outside the window and is only submitted at post
 * time. Nothing is read when e-invoicing is not set up.
 */
export async function resubmitMissing(organizationId: string, options: ResubmitOptions = {}): Promise<number> {
  const settings = sellerOf(await getSettingsItem(organizationId));
  if (!settings) return 0;
  const now = options.now ?? Date.now();
  const postedBefore = now - (options.minAgeMs ?? 2 * 60 * 1000);
  const { data } = await PosTransaction.query
    .byId({ organization_id: organizationId })
    .gte({ id: uuidv7Floor(now - (options.days ?? 14) * DAY_MS) })
    .where((attributes, { eq, notExists }) => {
      const clauses: string[] = [notExists(attributes.einvoice_status)];
      for (const flag of RETRIED_FLAGS) clauses.push(eq(attributes.einvoice_status, flag as string));
      return `(${clauses.join(' OR ')})`;
    })
    .go({ pages: 'all' });
  let submitted = 0;
  // In id order: a sale goes before the returns made of it.
  for (const receipt of data) {
    if (Date.parse(receipt.posted_at) > postedBefore) continue;
    try {
      const handled = await handleReceipt(receipt, settings, true);
      if (handled.written) submitted += 1;
    } catch (error) {
      logger.error('pos einvoice: sweep could not submit a receipt', { organization_id: organizationId, transaction_id: receipt.id, error: describe(error) });
    }
  }
  return submitted;
}

// ---------------------------------------------------------------------------------------------
// Status for the presenter

/** Least advanced first: a receipt with two documents shows the one that needs looking at. */
const STATE_ORDER: readonly EinvoiceSubmissionState[] = ['rejected', 'credentials_invalid', 'failed', 'queued', 'submitting', 'submitted'];

/**
 * The JoFotara state of each receipt's submissions (its sale invoice, credit note or both), by
 * transaction id; null for a receipt with no submission. One BatchGet per 50 receipts.
 */
export async function einvoiceStatusOf(organizationId: string, transactionIds: readonly string[]): Promise<Map<string, EinvoiceSubmissionState | null>> {
  const ids = [...new Set(transactionIds)];
  const keys = ids.flatMap((id) =>
    (['pos_receipt', 'pos_return'] as const).map((document_type) => ({ organization_id: organizationId, document_type, document_id: id })),
  );
  const items = await batchGet(keys, (batch) => EinvoiceSubmission.get(batch).go({ attributes: ['document_id', 'document_type', 'state'] }), { what: 'e-invoice submissions' });
  const states = new Map<string, EinvoiceSubmissionState | null>(ids.map((id) => [id, null]));
  for (const item of items) {
    const current = states.get(item.document_id!) ?? null;
    const state = item.state!;
    if (current === null || STATE_ORDER.indexOf(state) < STATE_ORDER.indexOf(current)) states.set(item.document_id!, state);
  }
  return states;
}

/**
 * What a receipt's `einvoice_status` shows: the till's own step when it holds the receipt back
 * (waiting for its sale, needs attention, nothing to submit), else the portal's state of its
 * submissions, else null (not submitted: e-invoicing off, or not handled yet).
 */
export function presentEinvoiceStatus(receipt: Pick<PosTransactionRecord, 'id' | 'einvoice_status'>, states: ReadonlyMap<string, EinvoiceSubmissionState | null>): string | null {
  const flag = receipt.einvoice_status;
  if (flag === 'waiting_for_sale' || flag === 'needs_attention' || flag === 'not_applicable') return flag;
  return states.get(receipt.id) ?? null;
}
