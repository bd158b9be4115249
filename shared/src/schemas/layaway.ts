/**
 * Layaway (issue 16): goods set aside for a customer who pays for them in instalments and takes
 * them when paid in full.
 *
 * Creating a layaway RESERVES its items at its location (the till cannot sell them); every payment
 * is a customer DEPOSIT — a liability (2300), never revenue — until the customer picks the goods
 * up. Pickup (paid in full) or complete (the remaining balance paid at that moment) is the sale:
 * revenue, output tax and cost of goods sold are recognized, the deposits are cleared against it,
 * the reservation is consumed (stock out at cost) and a JoFotara invoice is queued. Cancelling
 * releases the reservation and, by the cancellation policy, refunds the deposits, turns them into
 * store credit, or keeps a cancellation fee (other income) and refunds the rest.
 *
 *   active ──pickup / complete──▶ completed
 *     └──────cancel─────────────▶ cancelled
 *
 * `is_overdue` is a flag on an active layaway (an instalment of its schedule is past due and not
 * paid), not a status: an overdue layaway is still active and still takes payments.
 *
 * Money is in major units as decimal strings ("12.345").
 */
import * as z from 'zod';
import { calendarDate, id, pagination, priceInput, quantityInput, queryBoolean } from './common.js';

export const LAYAWAY_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type LayawayStatus = (typeof LAYAWAY_STATUSES)[number];

/** How often an instalment falls due between the start and the due date. */
export const LAYAWAY_PAYMENT_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type LayawayPaymentFrequency = (typeof LAYAWAY_PAYMENT_FREQUENCIES)[number];

/**
 * How money comes in (or goes back). At a till (`session_id`) cash goes to the terminal's drawer and
 * card and CliQ to receipts in transit, and the session's count expects them; in the office to the
 * account given (or the organization's cash, bank or receipts-in-transit account).
 */
export const LAYAWAY_PAYMENT_METHODS = ['cash', 'card', 'cliq', 'bank_transfer'] as const;
export type LayawayPaymentMethod = (typeof LAYAWAY_PAYMENT_METHODS)[number];

/**
 * What happens to the deposits when a layaway is cancelled: `refund` pays them back; `store_credit`
 * turns them into the customer's store credit; `fee` keeps a cancellation fee (other income) and
 * refunds the rest.
 */
export const LAYAWAY_CANCELLATION_POLICIES = ['refund', 'store_credit', 'fee'] as const;
export type LayawayCancellationPolicy = (typeof LAYAWAY_CANCELLATION_POLICIES)[number];
/** The organization's default when neither the layaway nor the cancel names a policy. */
export const LAYAWAY_DEFAULT_CANCELLATION_POLICY: LayawayCancellationPolicy = 'refund';

/** Lines of a layaway's money: deposits and payments in, and what cancelling gives back or keeps. */
export const LAYAWAY_PAYMENT_TYPES = ['deposit', 'payment', 'final_payment', 'refund', 'store_credit', 'cancellation_fee'] as const;
export type LayawayPaymentType = (typeof LAYAWAY_PAYMENT_TYPES)[number];

/** An instalment of the payment schedule, as of today. */
export const LAYAWAY_INSTALMENT_STATUSES = ['paid', 'partly_paid', 'due', 'overdue'] as const;
export type LayawayInstalmentStatus = (typeof LAYAWAY_INSTALMENT_STATUSES)[number];

/** Whether the layaway's items are held in stock for it. */
export const LAYAWAY_RESERVATION_STATUSES = ['reserved', 'not_reserved', 'released', 'consumed'] as const;

export const LAYAWAY_BULK_OPERATIONS = ['check_overdue', 'send_reminder', 'cancel'] as const;
/** A pickup moves each tracked item's stock in one transaction (inventory/stock.ts MAX_TRACKED_PRODUCTS_PER_POSTING). */
export const LAYAWAY_ITEMS_MAX = 20;
export const LAYAWAY_BULK_MAX = 100;

const positiveAmount = priceInput.refine((v) => Number(v) > 0, 'Enter an amount greater than zero');
const positiveQuantity = quantityInput.refine((v) => Number(v) > 0, 'A quantity is greater than zero');
const notes = z.string().trim().max(500);

/** Where a payment's money comes from or goes. */
const moneySide = {
  payment_method: z.enum(LAYAWAY_PAYMENT_METHODS),
  /** The open till session when taken at a till (the drawer and the session's count include it). */
  session_id: id.nullish(),
  /** Office payments: the cash or bank account; the organization's default for the method when omitted. */
  account_id: id.nullish(),
};

export const layawayItemCreate = z.strictObject({
  product_id: id,
  quantity: positiveQuantity,
  /** The agreed unit price before tax; the product's sale price when omitted (net of tax if the shelf price includes it). */
  unit_price: priceInput.optional(),
});
export type LayawayItemCreate = z.input<typeof layawayItemCreate>;

/** Only while the layaway is active (nothing picked up); a new quantity changes the reservation in the same write. */
export const layawayItemUpdate = z
  .strictObject({
    quantity: positiveQuantity.optional(),
    unit_price: priceInput.optional(),
  })
  .refine((v) => v.quantity !== undefined || v.unit_price !== undefined, 'Give the new quantity or unit price');
export type LayawayItemUpdate = z.input<typeof layawayItemUpdate>;

/** A payment towards the layaway (a deposit): at most what is still due. */
export const layawayPaymentCreate = z.strictObject({
  amount: positiveAmount,
  ...moneySide,
  date: calendarDate.optional(),
  notes: notes.nullish(),
});
export type LayawayPaymentCreate = z.input<typeof layawayPaymentCreate>;

export const layawayCreate = z
  .strictObject({
    customer_id: id,
    /** Where the goods are held (`main` unless the organization has more). */
    location_id: id.default('main'),
    items: z.array(layawayItemCreate).min(1, 'A layaway holds at least one item').max(LAYAWAY_ITEMS_MAX, `At most ${LAYAWAY_ITEMS_MAX} items`),
    payment_frequency: z.enum(LAYAWAY_PAYMENT_FREQUENCIES).default('monthly'),
    /** Today when omitted. */
    start_date: calendarDate.optional(),
    due_date: calendarDate,
    /** The least the customer pays at the start; 0 when omitted. */
    minimum_deposit: priceInput.optional(),
    /** The deposit paid now (at least `minimum_deposit`). */
    deposit: z.strictObject({ amount: positiveAmount, ...moneySide }).optional(),
    /** Reserve the items now (default). false: goods still to come; reserve them later with reserve-inventory. */
    reserve_inventory: z.boolean().default(true),
    cancellation_policy: z.enum(LAYAWAY_CANCELLATION_POLICIES).optional(),
    /** The fee kept under the `fee` policy. */
    cancellation_fee: priceInput.optional(),
    notes: notes.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.start_date && value.due_date < value.start_date) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date comes after the start date' });
    }
    if (value.minimum_deposit && Number(value.minimum_deposit) > 0 && (!value.deposit || Number(value.deposit.amount) < Number(value.minimum_deposit))) {
      ctx.addIssue({ code: 'custom', path: ['deposit'], message: 'The deposit is at least the minimum deposit' });
    }
  });
export type LayawayCreate = z.input<typeof layawayCreate>;

/** Terms of an active layaway; items and money have their own routes. */
export const layawayUpdate = z.strictObject({
  due_date: calendarDate.optional(),
  payment_frequency: z.enum(LAYAWAY_PAYMENT_FREQUENCIES).optional(),
  minimum_deposit: priceInput.optional(),
  cancellation_policy: z.enum(LAYAWAY_CANCELLATION_POLICIES).nullish(),
  cancellation_fee: priceInput.nullish(),
  notes: notes.nullish(),
});
export type LayawayUpdate = z.input<typeof layawayUpdate>;

/** Pickup: the customer takes the goods, having paid in full. */
export const layawayPickup = z.strictObject({
  date: calendarDate.optional(),
  notes: notes.nullish(),
});
export type LayawayPickup = z.input<typeof layawayPickup>;

/** Complete: the remaining balance is paid now and the goods are taken. `amount`, when given, must be the balance due. */
export const layawayComplete = z.strictObject({
  amount: positiveAmount.optional(),
  ...moneySide,
  date: calendarDate.optional(),
  notes: notes.nullish(),
});
export type LayawayComplete = z.input<typeof layawayComplete>;

/** The cancel's query: the reason is required (SPEC §7). */
export const layawayCancelQuery = z.object({
  reason: z.string().trim().min(1, 'Give the reason for cancelling').max(500),
  cancellation_policy: z.enum(LAYAWAY_CANCELLATION_POLICIES).optional(),
});

/** The cancel's body (optional): the policy (overrides the layaway's and the organization's), the fee, how money goes back. */
export const layawayCancel = z.strictObject({
  cancellation_policy: z.enum(LAYAWAY_CANCELLATION_POLICIES).optional(),
  cancellation_fee: priceInput.optional(),
  refund_method: z.enum(LAYAWAY_PAYMENT_METHODS).default('cash'),
  session_id: id.nullish(),
  account_id: id.nullish(),
});
export type LayawayCancel = z.input<typeof layawayCancel>;

export const layawayListQuery = pagination.extend({
  status: z.enum(LAYAWAY_STATUSES).optional(),
  location_id: id.optional(),
  customer_id: id.optional(),
  min_amount: priceInput.optional(),
  max_amount: priceInput.optional(),
  start_date_from: calendarDate.optional(),
  start_date_to: calendarDate.optional(),
  due_date_from: calendarDate.optional(),
  due_date_to: calendarDate.optional(),
  payment_frequency: z.enum(LAYAWAY_PAYMENT_FREQUENCIES).optional(),
  is_overdue: queryBoolean.optional(),
});
export type LayawayListQuery = z.input<typeof layawayListQuery>;

export const layawaySummaryQuery = z.object({
  period_start: calendarDate.optional(),
  period_end: calendarDate.optional(),
});

export const layawayCheckOverdue = z.strictObject({
  /** The day to check as of; today when omitted. */
  as_of: calendarDate.optional(),
});

export const layawayBulkOperation = z
  .strictObject({
    operation: z.enum(LAYAWAY_BULK_OPERATIONS),
    layaway_ids: z.array(id).min(1, 'Choose at least one layaway').max(LAYAWAY_BULK_MAX, `At most ${LAYAWAY_BULK_MAX} layaways at once`),
    /** Cancel: the reason (required) and the policy. */
    reason: z.string().trim().max(500).optional(),
    cancellation_policy: z.enum(LAYAWAY_CANCELLATION_POLICIES).optional(),
    refund_method: z.enum(LAYAWAY_PAYMENT_METHODS).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.operation === 'cancel' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason for cancelling' });
    }
  });

// ---- Answers ------------------------------------------------------------------------------------

export const layawayItemPublic = z.object({
  id: z.string(),
  layaway_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  sku: z.string().nullable(),
  quantity: z.string(),
  /** What is held in stock for this line (equal to quantity once reserved, 0 before or after). */
  reserved_quantity: z.string(),
  unit_price: z.string(),
  /** Whether `unit_price` includes tax (a shelf price) or comes before it. */
  price_includes_tax: z.boolean(),
  tax_id: z.string().nullable(),
  /** Percent, e.g. "16". */
  tax_rate: z.string(),
  line_subtotal: z.string(),
  line_tax: z.string(),
  line_total: z.string(),
});
export type LayawayItemPublic = z.infer<typeof layawayItemPublic>;

export const layawayPaymentPublic = z.object({
  id: z.string(),
  layaway_id: z.string(),
  payment_type: z.enum(LAYAWAY_PAYMENT_TYPES),
  /** Signed from the deposits' side: money in is positive; a refund, store credit or fee kept is negative. */
  amount: z.string(),
  payment_method: z.string().nullable(),
  session_id: z.string().nullable(),
  account_id: z.string().nullable(),
  journal_entry_id: z.string().nullable(),
  date: z.string(),
  notes: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type LayawayPaymentPublic = z.infer<typeof layawayPaymentPublic>;

export const layawayPublic = z.object({
  id: z.string(),
  /** LAY-00001. */
  layaway_number: z.string(),
  status: z.enum(LAYAWAY_STATUSES),
  location_id: z.string(),
  customer_id: z.string(),
  customer_name: z.string().nullable(),
  currency: z.string(),
  subtotal: z.string(),
  tax_total: z.string(),
  /** What the customer pays in all (tax included): the layaway's amount. */
  total: z.string(),
  amount_paid: z.string(),
  balance_due: z.string(),
  minimum_deposit: z.string(),
  payment_frequency: z.enum(LAYAWAY_PAYMENT_FREQUENCIES),
  start_date: z.string(),
  due_date: z.string(),
  is_overdue: z.boolean(),
  /** The first unpaid instalment's date and what remains of it (null when nothing is due). */
  next_due_date: z.string().nullable(),
  next_due_amount: z.string().nullable(),
  reservation_status: z.enum(LAYAWAY_RESERVATION_STATUSES),
  cancellation_policy: z.enum(LAYAWAY_CANCELLATION_POLICIES),
  cancellation_fee: z.string(),
  cancel_reason: z.string().nullable(),
  notes: z.string().nullable(),
  /** The sale the pickup made (its JoFotara invoice follows it) and its journal entry. */
  sale_document_id: z.string().nullable(),
  sale_journal_entry_id: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  items: z.array(layawayItemPublic),
});
export type LayawayPublic = z.infer<typeof layawayPublic>;

export const layawayInstalment = z.object({
  number: z.number().int(),
  due_date: z.string(),
  /** The first instalment is the deposit. */
  is_deposit: z.boolean(),
  amount: z.string(),
  paid: z.string(),
  remaining: z.string(),
  status: z.enum(LAYAWAY_INSTALMENT_STATUSES),
});
export type LayawayInstalment = z.infer<typeof layawayInstalment>;

export const layawaySchedule = z.object({
  layaway_id: z.string(),
  currency: z.string(),
  payment_frequency: z.enum(LAYAWAY_PAYMENT_FREQUENCIES),
  total: z.string(),
  amount_paid: z.string(),
  balance_due: z.string(),
  is_overdue: z.boolean(),
  instalments: z.array(layawayInstalment),
});
export type LayawaySchedule = z.infer<typeof layawaySchedule>;

const statusFigures = z.object({ count: z.number().int(), total: z.string(), paid: z.string() });
export const layawaySummary = z.object({
  currency: z.string(),
  /** The location, for the location summary; null for the organization's. */
  location_id: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** Layaways created in the period. */
  count: z.number().int(),
  by_status: z.record(z.enum(LAYAWAY_STATUSES), statusFigures),
  /** What active layaways hold in deposits (all of them, whatever the period) and the customer deposits account's balance beside it. */
  deposits_held: z.string(),
  deposits_account_balance: z.string().nullable(),
  overdue_count: z.number().int(),
  overdue_balance: z.string(),
  balance_due: z.string(),
});
export type LayawaySummary = z.infer<typeof layawaySummary>;

export const layawayBulkResult = z.object({
  done: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({ layaway_id: z.string(), ok: z.boolean(), detail: z.string().nullable() })),
});

export const layawayOverdueResult = z.object({
  checked: z.number().int(),
  /** Layaways that became overdue in this run, and those no longer overdue (paid up). */
  newly_overdue: z.number().int(),
  cleared: z.number().int(),
  overdue: z.number().int(),
  reminders_sent: z.number().int(),
});
export type LayawayOverdueResult = z.infer<typeof layawayOverdueResult>;
