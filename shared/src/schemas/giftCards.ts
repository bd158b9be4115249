/**
 * Gift cards (issue 16): money the shop owes whoever holds the card, kept as exactly as the books.
 *
 * A card is made `pending` (printed in a batch, or sold later): it owes nothing and posts nothing.
 * Activating it takes money (or, for a promotional card, books the gift as marketing) and credits
 * the gift-card liability; loading adds to it the same way. Redeeming is a TENDER — of a till sale
 * or of an invoice's payment: it reduces the liability and never touches revenue or sales tax (the
 * goods bought with the card carry their own tax when sold). A card can be suspended (with a
 * reason) and reactivated; deactivating or expiring it releases the unspent balance as breakage
 * income; refunding the card's purchase pays the unspent balance back and deactivates it.
 *
 *   pending ──activate──▶ active ◀──reactivate── suspended
 *                           │  └──suspend──────────▲
 *                           ├──deactivate / refund──▶ deactivated
 *                           └──expire (expires_on passed)──▶ expired
 *
 * Numbers: 16 digits with a Luhn check digit (shared/src/giftcards/card-number.ts). A PIN (4 to 6
 * digits) is optional; it is stored hashed, and five wrong tries lock the card for 30 minutes.
 * Money is in major units as decimal strings ("50.000").
 */
import * as z from 'zod';
import { calendarDate, id, pagination, priceInput } from './common.js';
import { isValidCardNumber, normalizeCardNumber } from '../giftcards/card-number.js';

export const GIFT_CARD_STATUSES = ['pending', 'active', 'suspended', 'deactivated', 'expired'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** Physical: a plastic card sold at the counter; digital: a number sent by e-mail; promotional: given free (marketing). */
export const GIFT_CARD_TYPES = ['physical', 'digital', 'promotional'] as const;
export type GiftCardType = (typeof GIFT_CARD_TYPES)[number];

/** What each line of a card's ledger records. Money moves on activate, load, redeem, refund, adjust, deactivate and expire. */
export const GIFT_CARD_TRANSACTION_TYPES = ['activate', 'load', 'redeem', 'refund', 'adjust', 'suspend', 'reactivate', 'deactivate', 'expire'] as const;
export type GiftCardTransactionType = (typeof GIFT_CARD_TRANSACTION_TYPES)[number];

/**
 * How the money for a card came in. At a till (`session_id`) cash goes to the drawer and card and
 * CliQ to receipts in transit, and the session's count expects them; in the office to the account
 * given (or the organization's cash, bank or receipts-in-transit account). `promotional`: no money,
 * the card is a gift booked as marketing.
 */
export const GIFT_CARD_PAYMENT_METHODS = ['cash', 'card', 'cliq', 'bank_transfer', 'promotional'] as const;
export type GiftCardPaymentMethod = (typeof GIFT_CARD_PAYMENT_METHODS)[number];

export const GIFT_CARD_DESIGNS = ['classic', 'celebration', 'ramadan', 'eid', 'birthday', 'thank_you'] as const;

/** Wrong PIN tries before the card locks, and for how long. */
export const GIFT_CARD_PIN_ATTEMPTS = 5;
export const GIFT_CARD_PIN_LOCK_MINUTES = 30;
/** Cards per bulk-create and per bulk operation. */
export const GIFT_CARD_BULK_MAX = 500;
export const GIFT_CARD_BULK_OPERATION_MAX = 100;

const positiveAmount = priceInput.refine((v) => Number(v) > 0, 'Enter an amount greater than zero');
const pin = z.string().trim().regex(/^\d{4,6}$/, 'A PIN is 4 to 6 digits');
export const cardNumber = z
  .string()
  .trim()
  .transform(normalizeCardNumber)
  .refine(isValidCardNumber, 'A gift card number is 16 digits; check the number on the card');
const notes = z.string().trim().max(500);

/** Where the money for an activation, a load or a refund comes from or goes. */
const moneySide = {
  payment_method: z.enum(GIFT_CARD_PAYMENT_METHODS),
  /** The open till session when sold at a till (the drawer and the session's count include it). */
  session_id: id.nullish(),
  /** Office sales: the cash or bank account; the organization's default for the method when omitted. */
  account_id: id.nullish(),
};

export const giftCardCreate = z
  .strictObject({
    gift_card_type: z.enum(GIFT_CARD_TYPES).default('physical'),
    /** The issuing location (`main` unless the organization has more). */
    location_id: id.default('main'),
    pin: pin.nullish(),
    design_template: z.enum(GIFT_CARD_DESIGNS).default('classic'),
    notes: notes.nullish(),
    reference_id: z.string().trim().max(100).nullish(),
    customer_id: id.nullish(),
    expires_on: calendarDate.nullish(),
    /** Sold at once: the amount on it and how it was paid (the card is created active). Omitted: a pending card. */
    initial_balance: positiveAmount.optional(),
    payment_method: z.enum(GIFT_CARD_PAYMENT_METHODS).optional(),
    session_id: id.nullish(),
    account_id: id.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.initial_balance && !value.payment_method) {
      ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'Say how the card was paid for' });
    }
    if (value.gift_card_type === 'promotional' && value.payment_method && value.payment_method !== 'promotional') {
      ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'A promotional card is given, not paid for' });
    }
  });
export type GiftCardCreate = z.input<typeof giftCardCreate>;

export const giftCardUpdate = z.strictObject({
  location_id: id.optional(),
  design_template: z.enum(GIFT_CARD_DESIGNS).optional(),
  notes: notes.nullish(),
  reference_id: z.string().trim().max(100).nullish(),
  customer_id: id.nullish(),
  expires_on: calendarDate.nullish(),
  /** A new PIN (null removes it); clears a lock-out. */
  pin: pin.nullish(),
});
export type GiftCardUpdate = z.input<typeof giftCardUpdate>;

/** Activate a pending card (amount and method required) or reactivate a suspended one (no body needed). */
export const giftCardActivate = z.strictObject({
  amount: positiveAmount.optional(),
  ...moneySide,
  payment_method: z.enum(GIFT_CARD_PAYMENT_METHODS).optional(),
  notes: notes.nullish(),
});
export type GiftCardActivate = z.input<typeof giftCardActivate>;

export const giftCardLoad = z.strictObject({ amount: positiveAmount, ...moneySide, notes: notes.nullish() });
export type GiftCardLoad = z.input<typeof giftCardLoad>;

export const giftCardSuspend = z.strictObject({ reason: z.string().trim().min(1, 'Give the reason for suspending the card').max(500) });
export type GiftCardSuspend = z.input<typeof giftCardSuspend>;

/** Pay (part of) an invoice with the card: a payment received whose money is the card's balance. */
export const giftCardRedeem = z.strictObject({
  amount: positiveAmount,
  invoice_id: id,
  pin: pin.nullish(),
  location_id: id.nullish(),
  date: calendarDate.optional(),
  notes: notes.nullish(),
});
export type GiftCardRedeem = z.input<typeof giftCardRedeem>;

/**
 * A manual line on the card's ledger: an adjustment (admins: a correction, signed, with the reason;
 * the other side is other income or other expenses), or the refund of the card's purchase (the
 * unspent balance paid back; the card is deactivated).
 */
export const giftCardTransactionCreate = z.discriminatedUnion('transaction_type', [
  z.strictObject({
    transaction_type: z.literal('adjust'),
    amount: z.string().trim().regex(/^-?\d{1,12}(\.\d{1,3})?$/, 'Enter an amount such as 5.000 or -5.000 (at most three decimals)').refine((v) => Number(v) !== 0, 'An adjustment is not zero'),
    notes: z.string().trim().min(1, 'Say why the balance is adjusted').max(500),
  }),
  z.strictObject({
    transaction_type: z.literal('refund'),
    ...moneySide,
    payment_method: z.enum(['cash', 'card', 'cliq', 'bank_transfer']),
    notes: notes.nullish(),
  }),
]);
export type GiftCardTransactionCreate = z.input<typeof giftCardTransactionCreate>;

export const giftCardValidate = z.strictObject({ pin: pin.nullish() });

export const giftCardListQuery = pagination.extend({
  status: z.enum(GIFT_CARD_STATUSES).optional(),
  gift_card_type: z.enum(GIFT_CARD_TYPES).optional(),
  location_id: id.optional(),
  customer_id: id.optional(),
});

export const giftCardSearch = giftCardListQuery.extend({
  /** Part of the number (digits), the notes, the reference or the customer's name. */
  q: z.string().trim().max(100).optional(),
  min_balance: priceInput.optional(),
  max_balance: priceInput.optional(),
});

export const giftCardBulkCreate = z.strictObject({
  count: z.number().int().min(1, 'Make at least one card').max(GIFT_CARD_BULK_MAX, `At most ${GIFT_CARD_BULK_MAX} cards at once`),
  gift_card_type: z.enum(GIFT_CARD_TYPES).default('physical'),
  location_id: id.default('main'),
  design_template: z.enum(GIFT_CARD_DESIGNS).default('classic'),
  expires_on: calendarDate.nullish(),
  notes: notes.nullish(),
});

export const GIFT_CARD_BULK_OPERATIONS = ['activate', 'suspend', 'reactivate', 'deactivate'] as const;
export const giftCardBulkOperation = z
  .strictObject({
    operation: z.enum(GIFT_CARD_BULK_OPERATIONS),
    gift_card_ids: z.array(id).min(1, 'Choose at least one card').max(GIFT_CARD_BULK_OPERATION_MAX, `At most ${GIFT_CARD_BULK_OPERATION_MAX} cards at once`),
    /** Activate: the amount on each card and how it was paid. */
    amount: positiveAmount.optional(),
    payment_method: z.enum(GIFT_CARD_PAYMENT_METHODS).optional(),
    account_id: id.nullish(),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.operation === 'activate' && (!value.amount || !value.payment_method)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Activating cards needs the amount on each and how they were paid' });
    }
    if (value.operation === 'suspend' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason for suspending the card' });
    }
  });

// ---- Answers ------------------------------------------------------------------------------------

export const giftCardPublic = z.object({
  id: z.string(),
  card_number: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  gift_card_type: z.enum(GIFT_CARD_TYPES),
  location_id: z.string(),
  currency: z.string(),
  balance: z.string(),
  /** What the card was activated with (null while pending). */
  initial_balance: z.string().nullable(),
  has_pin: z.boolean(),
  /** Set while wrong PIN tries keep the card locked. */
  pin_locked_until: z.string().nullable(),
  design_template: z.string(),
  notes: z.string().nullable(),
  reference_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  expires_on: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  activated_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GiftCardPublic = z.infer<typeof giftCardPublic>;

export const giftCardTransactionPublic = z.object({
  id: z.string(),
  gift_card_id: z.string(),
  transaction_type: z.enum(GIFT_CARD_TRANSACTION_TYPES),
  /** Signed: what the card's balance changed by (0 for suspend and reactivate). */
  amount: z.string(),
  balance_after: z.string(),
  /** What it belongs to: a till receipt, an invoice payment, a manual line. */
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  location_id: z.string().nullable(),
  journal_entry_id: z.string().nullable(),
  notes: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type GiftCardTransactionPublic = z.infer<typeof giftCardTransactionPublic>;

export const giftCardBalance = z.object({
  gift_card_id: z.string(),
  card_number: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  balance: z.string(),
  currency: z.string(),
  expires_on: z.string().nullable(),
});

/** validate: whether the card can pay now (active, not expired, PIN right), and why not. */
export const giftCardValidation = z.object({
  valid: z.boolean(),
  gift_card_id: z.string(),
  card_number: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  balance: z.string(),
  currency: z.string(),
  expires_on: z.string().nullable(),
  /** Why it cannot pay: not_active, expired, pin_required, pin_wrong, pin_locked. */
  reason: z.enum(['not_active', 'expired', 'pin_required', 'pin_wrong', 'pin_locked']).nullable(),
  attempts_left: z.number().int().nullable(),
});
export type GiftCardValidation = z.infer<typeof giftCardValidation>;

export const giftCardBulkResult = z.object({
  done: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({ gift_card_id: z.string(), ok: z.boolean(), detail: z.string().nullable() })),
});

export const giftCardAgingBuckets = ['0_30', '31_90', '91_180', '181_365', 'over_365'] as const;
export const giftCardSummary = z.object({
  currency: z.string(),
  cards: z.number().int(),
  by_status: z.record(z.enum(GIFT_CARD_STATUSES), z.object({ cards: z.number().int(), balance: z.string() })),
  /** What the cards owe: the sum of their balances, and the gift-card liability account's balance (equal unless someone posted to it by hand). */
  outstanding_liability: z.string(),
  liability_account_balance: z.string(),
  issued: z.string(),
  redeemed: z.string(),
  refunded: z.string(),
  breakage: z.string(),
  /** Outstanding balances by days since the card's last activity. */
  aging: z.array(z.object({ bucket: z.enum(giftCardAgingBuckets), cards: z.number().int(), balance: z.string() })),
});
export type GiftCardSummary = z.infer<typeof giftCardSummary>;

export const giftCardLocations = z.object({
  currency: z.string(),
  data: z.array(
    z.object({
      location_id: z.string(),
      /** Activated and loaded at this location (cards issued here). */
      issued: z.string(),
      issued_count: z.number().int(),
      /** Spent at this location (whoever issued the card). */
      redeemed: z.string(),
      redeemed_count: z.number().int(),
      refunded: z.string(),
      /** What cards issued here still owe. */
      outstanding: z.string(),
    }),
  ),
});
