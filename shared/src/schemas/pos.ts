/**
 * The till (GitHub issue 15): terminals, cash sessions (shifts), sales, returns and store credit.
 *
 * A sale is made on the register first and reaches the server when it can: the register gives the
 * sale, its lines and its payments their ids (UUIDs), its place in the terminal's own sequence
 * (`sequence`) and the moment it happened (`occurred_at`); the request also carries an
 * `Idempotency-Key` (the sale's id). So a sale sent twice — a retry after a lost answer, an outbox
 * replayed after a crash — is recognised by its id and posts once. The receipt number is the
 * server's, gapless per terminal (`<prefix>-000001`), given when the sale posts.
 *
 * Money is in major units as decimal strings ("1.250" is 1 JOD 250 fils); quantities are decimal
 * strings with at most three decimals (a weighed kilogram). Totals are never sent: the server
 * computes them from the lines with the same function the register shows them with
 * (`shared/src/pos/ticket.ts`), and refuses payments that do not add up.
 */
import * as z from 'zod';
import { posLoyaltyStanding } from './loyalty.js';
import { calendarDate, id, pagination, priceInput, quantityInput } from './common.js';

/**
 * How a customer pays. Cash is the only tender that gives change. Card and CliQ are settled by the
 * bank later (their debit goes to receipts in transit). Store credit spends the customer's balance
 * (a liability, not a receivable); on account leaves it owed (a receivable: a customer is required).
 * A gift card spends the card's balance (the gift-card liability; issue 16): the payment names the
 * card (`gift_card_id`, found with gift-cards/number/{n}/validate), and a refund goes back onto it.
 */
export const POS_TENDERS = ['cash', 'card', 'cliq', 'store_credit', 'on_account', 'gift_card'] as const;
export type PosTender = (typeof POS_TENDERS)[number];
/** Tenders that are money in hand when the sale ends (JoFotara: a cash-type invoice when every tender is one). */
export const POS_IMMEDIATE_TENDERS: readonly PosTender[] = ['cash', 'card', 'cliq', 'store_credit', 'gift_card'];

/** A session (shift) is open from the opening float until the count; a closed session never reopens. */
export const POS_SESSION_STATUSES = ['open', 'closed'] as const;
export type PosSessionStatus = (typeof POS_SESSION_STATUSES)[number];

/** A receipt is a sale or a return (an exchange is a return with new lines). */
export const POS_TRANSACTION_KINDS = ['sale', 'return'] as const;
export type PosTransactionKind = (typeof POS_TRANSACTION_KINDS)[number];
/** Completed: posted. (Voiding a receipt is a return.) */
export const POS_TRANSACTION_STATUSES = ['completed'] as const;

/** Where a return's money goes: back the way it came (default) or to the customer's store credit. */
export const POS_REFUND_METHODS = ['original_tenders', 'store_credit'] as const;
export type PosRefundMethod = (typeof POS_REFUND_METHODS)[number];

/** Returns without a receipt: not at all, by admins and owners, or by anyone at the till. Always as store credit. */
export { POS_RECEIPTLESS_RETURN_POLICIES } from './codes.js';

export const RECEIPT_STATES = ['not_sent', 'queued', 'sent', 'failed'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** Lines and payments of one ticket; a basket larger than this is two sales. */
export const POS_MAX_LINES = 200;
export const POS_MAX_PAYMENTS = 10;

const uuid = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'Ids made by the register are UUIDs');
/** An amount greater than zero. */
const positiveAmount = priceInput.refine((v) => Number(v) > 0, 'Enter an amount greater than zero');
const positiveQuantity = quantityInput.refine((v) => Number(v) > 0, 'A quantity is greater than zero');
const occurredAt = z.iso.datetime({ offset: true, message: 'occurred_at is a date and time with its offset (2026-11-26T10:15:00+03:00)' });

// ---- Terminals ---------------------------------------------------------------------------------

const terminalFields = {
  name: z.string().trim().min(1, 'Name is required').max(80),
  /** The stock location the till sells from (`main` unless the organization has more). */
  location_id: id.default('main'),
  /** The drawer's account (an asset of subtype cash); the organization's cash on hand when omitted. */
  cash_account_id: id.nullish(),
  /** Receipt numbers read `<prefix>-000001`, gapless per terminal; unique within the organization. */
  receipt_prefix: z.string().trim().regex(/^[A-Z0-9]{1,8}$/, 'A receipt prefix is 1 to 8 capital letters or digits').optional(),
  receipt_header: z.string().trim().max(500).nullish(),
  receipt_footer: z.string().trim().max(500).nullish(),
  /** Largest line discount a member (cashier) may give, in percent; admins and owners are not limited. */
  max_cashier_discount_percent: z.number().min(0).max(100).default(10),
  is_active: z.boolean().default(true),
};
export const posTerminalCreate = z.strictObject(terminalFields);
export type PosTerminalCreate = z.input<typeof posTerminalCreate>;
export const posTerminalUpdate = z.strictObject({
  name: terminalFields.name.optional(),
  location_id: id.optional(),
  cash_account_id: id.nullish(),
  receipt_header: terminalFields.receipt_header,
  receipt_footer: terminalFields.receipt_footer,
  max_cashier_discount_percent: z.number().min(0).max(100).optional(),
  is_active: z.boolean().optional(),
});
export const posTerminalPublic = z.object({
  id: z.string(),
  name: z.string(),
  location_id: z.string(),
  cash_account_id: z.string(),
  receipt_prefix: z.string(),
  receipt_header: z.string().nullable(),
  receipt_footer: z.string().nullable(),
  max_cashier_discount_percent: z.number(),
  is_active: z.boolean(),
  /** The open session, if any (one at a time per terminal). */
  current_session_id: z.string().nullable(),
  /** The last receipt number given (0 before the first sale). */
  last_number: z.number().int(),
  last_sale_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PosTerminal = z.infer<typeof posTerminalPublic>;

// ---- Sessions ----------------------------------------------------------------------------------

export const posSessionOpen = z.strictObject({
  terminal_id: id,
  /** Cash in the drawer at the start (change float). */
  opening_float: priceInput.default('0'),
  note: z.string().trim().max(500).nullish(),
});
export type PosSessionOpen = z.input<typeof posSessionOpen>;

/** What the cashier counted per tender at the close (card and CliQ: the terminal's batch totals). */
export const posCount = z.strictObject({
  cash: priceInput,
  card: priceInput.optional(),
  cliq: priceInput.optional(),
});
export const posSessionPatch = z.strictObject({
  /** Closing counts the drawer and posts the differences; a closed session never reopens. */
  status: z.literal('closed'),
  counted: posCount,
  note: z.string().trim().max(500).nullish(),
});
export type PosSessionPatch = z.input<typeof posSessionPatch>;

export const posSessionListQuery = pagination.extend({
  terminal_id: id.optional(),
  status: z.enum(POS_SESSION_STATUSES).optional(),
});

/** Per tender: taken in sales, paid back in returns, and net (what the drawer or the batch should hold). */
const tenderFigures = z.object({ sales: z.string(), refunds: z.string(), net: z.string(), count: z.number().int() });
/**
 * The X report (while open) and the Z report (once closed): the session's running totals, kept as
 * every sale posts (never summed from receipts), so the report is one read.
 */
export const posShiftReport = z.object({
  sales_count: z.number().int(),
  returns_count: z.number().int(),
  items_sold: z.string(),
  /** Before tax, after discounts. */
  net_sales: z.string(),
  tax: z.string(),
  discounts: z.string(),
  /** What customers paid in sales (tax included). */
  gross_sales: z.string(),
  /** What returns gave back (tax included). */
  refunds: z.string(),
  tenders: z.record(z.enum(POS_TENDERS), tenderFigures),
  /** Per counted tender: what should be there (cash: the float plus net cash). */
  expected: z.object({ cash: z.string(), card: z.string(), cliq: z.string() }),
  counted: z.object({ cash: z.string(), card: z.string().nullable(), cliq: z.string().nullable() }).nullable(),
  /** counted − expected: negative is short, positive is over. */
  difference: z.object({ cash: z.string(), card: z.string().nullable(), cliq: z.string().nullable() }).nullable(),
});
export type PosShiftReport = z.infer<typeof posShiftReport>;

export const posSessionPublic = z.object({
  id: z.string(),
  terminal_id: z.string(),
  terminal_name: z.string(),
  cashier_id: z.string(),
  cashier_name: z.string().nullable(),
  status: z.enum(POS_SESSION_STATUSES),
  opening_float: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  note: z.string().nullable(),
  /** The over/short entry posted at the close (absent when the count matched). */
  close_entry_id: z.string().nullable(),
  report: posShiftReport,
});
export type PosSession = z.infer<typeof posSessionPublic>;

// ---- Sales -------------------------------------------------------------------------------------

export const posLineDiscount = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('amount'), amount: priceInput }),
  z.strictObject({ type: z.literal('percent'), percent: z.number().gt(0).max(100) }),
]);

export const posSaleLine = z.strictObject({
  id: uuid,
  product_id: id,
  quantity: positiveQuantity,
  /**
   * The price the customer was charged per unit, as the register showed it (the catalogue price
   * unless changed by someone allowed to). Offline sales keep the price of the moment.
   */
  unit_price: priceInput,
  /** Whether `unit_price` includes tax (shelf prices do). */
  price_includes_tax: z.boolean(),
  /** The general tax of this organization on the line; null: sold without tax (exempt). */
  tax_id: id.nullable(),
  discount: posLineDiscount.nullish(),
  /**
   * What the ticket's promotions take off this line (amount, on the price's basis), as the register
   * computed it with shared/src/pos/promotions.ts; the server computes it again and refuses an online
   * sale whose promotions no longer give this (409: the register applies them again).
   */
  promotion_discount: priceInput.nullish(),
  /**
   * What the customer's redeemed loyalty points take off this line (amount, on the price's basis),
   * spread by shared/src/pos/loyalty.ts after the promotions; the server spreads it again and
   * refuses a sale whose shares differ.
   */
  loyalty_discount: priceInput.nullish(),
});
export type PosSaleLineInput = z.input<typeof posSaleLine>;

export const posPayment = z
  .strictObject({
    id: uuid,
    tender: z.enum(POS_TENDERS),
    /** What the customer handed over: cash above the total comes back as change. */
    amount: positiveAmount,
    /** Card slip, CliQ reference. */
    reference: z.string().trim().max(100).nullish(),
    /** The gift card spent (tender `gift_card` only). */
    gift_card_id: id.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.tender === 'gift_card' && !value.gift_card_id) ctx.addIssue({ code: 'custom', path: ['gift_card_id'], message: 'A gift card payment names the card' });
    if (value.tender !== 'gift_card' && value.gift_card_id) ctx.addIssue({ code: 'custom', path: ['gift_card_id'], message: 'Only a gift card payment names a card' });
  });
export type PosPaymentInput = z.input<typeof posPayment>;

/**
 * A receipt's id: a UUIDv7 (its first 48 bits are the moment the register made it), so receipts
 * are stored in time order and a period's receipts are a range of ids (the GST return reads them so).
 */
const receiptId = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/, 'A receipt id is a time-ordered UUID (version 7), as the register makes it');

const ticketFields = {
  /** The register's id for the receipt: a retry with the same id answers the first result. */
  id: receiptId,
  terminal_id: id,
  session_id: id,
  /** The terminal's own counter, 1, 2, 3… in the order the register made its tickets. */
  sequence: z.number().int().min(1).max(1_000_000_000),
  occurred_at: occurredAt,
  customer_id: id.nullish(),
  /** True when the register made the sale without the network (synced later). */
  offline: z.boolean().default(false),
  note: z.string().trim().max(500).nullish(),
};

export const posSaleCreate = z.strictObject({
  ...ticketFields,
  lines: z.array(posSaleLine).min(1, 'A sale has at least one line').max(POS_MAX_LINES, `A sale has at most ${POS_MAX_LINES} lines`),
  payments: z.array(posPayment).min(1, 'A sale needs a payment').max(POS_MAX_PAYMENTS, `At most ${POS_MAX_PAYMENTS} payments`),
  /** The promotions the ticket earned (register's figures): each one's discount in all. */
  promotions: z.array(z.strictObject({ promotion_id: id, discount: priceInput })).max(20).default([]),
  /**
   * Loyalty points the customer redeems on this sale (customer_id required): `discount` is their
   * value (points × the program's point value), taken off the lines as `loyalty_discount`.
   */
  loyalty_redemption: z.strictObject({ points: z.number().int().min(1, 'Points are at least 1').max(1_000_000), discount: priceInput }).nullish(),
});
export type PosSaleCreate = z.input<typeof posSaleCreate>;

export const posReturnLine = z.strictObject({
  id: uuid,
  /** The sold line returned (with a receipt). */
  original_line_id: uuid.nullish(),
  /** Without a receipt: the product, its price and tax as the cashier enters them. */
  product_id: id.nullish(),
  unit_price: priceInput.nullish(),
  price_includes_tax: z.boolean().nullish(),
  tax_id: id.nullish(),
  quantity: positiveQuantity,
  /** Back on the shelf (stock returns at the cost it left with) or written off (damaged). */
  restock: z.boolean().default(true),
});

export const posReturnCreate = z
  .strictObject({
    ...ticketFields,
    /** The sale returned; omitted for a return without a receipt (by policy, as store credit, customer named). */
    original_transaction_id: uuid.nullish(),
    lines: z.array(posReturnLine).min(1, 'A return has at least one line').max(POS_MAX_LINES),
    /** An exchange: what the customer takes instead, on the same ticket. */
    new_lines: z.array(posSaleLine).max(POS_MAX_LINES).default([]),
    refund_method: z.enum(POS_REFUND_METHODS).default('original_tenders'),
    /** For an exchange whose new lines cost more than the return: how the customer pays the balance. */
    payments: z.array(posPayment).max(POS_MAX_PAYMENTS).default([]),
    reason: z.string().trim().max(500).nullish(),
  })
  .superRefine((value, ctx) => {
    value.lines.forEach((line, index) => {
      if (value.original_transaction_id && !line.original_line_id) {
        ctx.addIssue({ code: 'custom', path: ['lines', index, 'original_line_id'], message: 'Name the sold line returned' });
      }
      if (!value.original_transaction_id && (!line.product_id || line.unit_price == null || line.price_includes_tax == null)) {
        ctx.addIssue({ code: 'custom', path: ['lines', index, 'product_id'], message: 'A return without a receipt names the product and its price' });
      }
    });
    if (!value.original_transaction_id && !value.customer_id) {
      ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'A return without a receipt needs the customer' });
    }
  });
export type PosReturnCreate = z.input<typeof posReturnCreate>;

export const posTransactionListQuery = pagination.extend({
  session_id: id.optional(),
  terminal_id: id.optional(),
  customer_id: id.optional(),
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
});

export const posLinePublic = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  name_ar: z.string().nullable(),
  quantity: z.string(),
  unit_price: z.string(),
  price_includes_tax: z.boolean(),
  tax_id: z.string().nullable(),
  tax_rate: z.string(),
  discount: z.string(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
  /** The sold line a returned line takes back. */
  original_line_id: z.string().nullable(),
  restock: z.boolean().nullable(),
  /** Sold lines: how much has come back in returns. */
  returned_quantity: z.string(),
  /** The part of `discount` that promotions gave. */
  promotion_discount: z.string().optional(),
  /** The part of `discount` that redeemed loyalty points gave. */
  loyalty_discount: z.string().optional(),
});
export const posPaymentPublic = z.object({ id: z.string(), tender: z.enum(POS_TENDERS), amount: z.string(), reference: z.string().nullable(), gift_card_id: z.string().nullable().optional() });

export const posTransactionPublic = z.object({
  id: z.string(),
  kind: z.enum(POS_TRANSACTION_KINDS),
  status: z.enum(POS_TRANSACTION_STATUSES),
  /** The receipt number, gapless per terminal. */
  number: z.string(),
  terminal_id: z.string(),
  session_id: z.string(),
  sequence: z.number().int(),
  cashier_id: z.string(),
  customer_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  occurred_at: z.string(),
  posted_at: z.string(),
  offline: z.boolean(),
  lines: z.array(posLinePublic),
  /** An exchange's new lines (returns only). */
  new_lines: z.array(posLinePublic),
  payments: z.array(posPaymentPublic),
  /** The promotions the sale earned, with the reason (printed on the receipt). */
  promotions: z.array(z.object({ promotion_id: z.string(), name: z.string(), name_ar: z.string().nullable(), discount: z.string(), reason_key: z.string(), reason_params: z.record(z.string(), z.string()) })).optional(),
  /**
   * Loyalty on this ticket. A sale: points earned and redeemed (with their value) and the balance
   * after. A return: points taken back and given back; `shortfall_points` were already spent, and
   * their value (`shortfall_amount`) was kept from the refund.
   */
  loyalty: z
    .object({
      loyalty_program_id: z.string(),
      points_earned: z.number().int(),
      points_redeemed: z.number().int(),
      redeemed_value: z.string(),
      points_taken_back: z.number().int(),
      points_restored: z.number().int(),
      shortfall_points: z.number().int(),
      shortfall_amount: z.string(),
      balance_after: z.number().int(),
    })
    .nullable()
    .optional(),
  /** Returns: what went back per tender. */
  refunds: z.array(z.object({ tender: z.enum(POS_TENDERS), amount: z.string() })),
  subtotal: z.string(),
  discount: z.string(),
  net: z.string(),
  tax: z.string(),
  /** Sales: what the customer pays. Returns: what is refunded less what an exchange's new lines cost. */
  total_amount: z.string(),
  tendered: z.string(),
  change: z.string(),
  original_transaction_id: z.string().nullable(),
  journal_entry_id: z.string(),
  /** Whether the stock has been costed exactly (FIFO / average) after the sale's provisional cost. */
  stock_settled: z.boolean(),
  receipt_status: z.enum(RECEIPT_STATES),
  einvoice_status: z.string().nullable(),
  note: z.string().nullable(),
});
export type PosTransaction = z.infer<typeof posTransactionPublic>;

export const posReturnDetails = z.object({
  transaction_id: z.string(),
  number: z.string(),
  lines: z.array(z.object({
    line_id: z.string(),
    product_id: z.string().nullable(),
    name: z.string(),
    name_ar: z.string().nullable(),
    sold_quantity: z.string(),
    returned_quantity: z.string(),
    returnable_quantity: z.string(),
    unit_price: z.string(),
    /** What one returned unit refunds (tax included, after the line's discount). */
    unit_refund: z.string(),
  })),
  payments: z.array(posPaymentPublic),
  customer_id: z.string().nullable(),
  /**
   * The sale's loyalty and the customer's points now, so the register shows what a return takes
   * back (shared/src/loyalty/points.ts returnAdjustment) before the refund is paid.
   */
  loyalty: z
    .object({
      loyalty_program_id: z.string(),
      points_earned: z.number().int(),
      points_redeemed: z.number().int(),
      /** The sale's lines' gross and what earlier returns took back, the basis of the pro rata. */
      sale_gross: z.string(),
      returned_gross: z.string(),
      customer_points_available: z.number().int(),
      point_value: z.string(),
    })
    .nullable()
    .optional(),
});

// ---- Store credit and customers -----------------------------------------------------------------

/** Money a customer leaves with the shop (a deposit, a goodwill credit) as store credit. */
export const posStoreCreditCreate = z.strictObject({
  customer_id: id,
  amount: positiveAmount,
  /** cash/card/cliq: the customer paid it in at a till (session required); goodwill: the shop gives it. */
  method: z.enum(['cash', 'card', 'cliq', 'goodwill']),
  session_id: id.nullish(),
  reason: z.string().trim().max(500).nullish(),
});
export type PosStoreCreditCreate = z.input<typeof posStoreCreditCreate>;

export const posCustomerSearchQuery = z.object({ query: z.string().trim().min(1).max(100), limit: z.coerce.number().int().min(1).max(50).default(10) });
export const posCustomerQuickCreate = z
  .strictObject({
    name: z.string().trim().max(200).nullish(),
    phone: z.string().trim().regex(/^\+?[0-9 ]{6,20}$/, 'Enter a phone number of digits, such as 0791234567').nullish(),
    email: z.string().trim().max(254).nullish(),
  })
  .refine((v) => !!(v.name || v.phone), { message: 'A name or a phone number is enough, but one is needed', path: ['name'] });

export const posCustomerPublic = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const posAccountBalance = z.object({
  customer_id: z.string(),
  /** What the customer owes (invoices and sales on account). */
  receivable: z.string(),
  /** What the shop owes the customer as store credit. */
  store_credit: z.string(),
  /** The customer's loyalty points and their program's terms; null when not enrolled. */
  loyalty: posLoyaltyStanding.nullable().optional(),
});

export const sendReceiptBody = z.strictObject({ email: z.string().trim().max(254), language: z.enum(['en', 'ar']).default('en') });
export const receiptStatusPublic = z.object({
  transaction_id: z.string(),
  status: z.enum(RECEIPT_STATES),
  email: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});

export const posSyncStatus = z.object({
  terminals: z.array(z.object({
    terminal_id: z.string(),
    name: z.string(),
    /** Sales received but not yet fully processed (exact stock cost, JoFotara). */
    pending_count: z.number().int(),
    oldest_pending_age_seconds: z.number().nullable(),
    last_sync_at: z.string().nullable(),
    /** Tickets the server refused when the register synced them, with why. */
    refused: z.array(z.object({ transaction_id: z.string(), sequence: z.number().int().nullable(), at: z.string(), status: z.number().int(), detail: z.string() })),
  })),
});
