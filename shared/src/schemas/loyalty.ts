/**
 * Loyalty (issue 16): points a customer earns on what they spend and spends as a discount, kept as
 * a ledger of what the shop owes, like a gift card's. The arithmetic (earning, tiers, the value of
 * points, revenue deferral, lots and expiry, returns) is shared/src/loyalty/points.ts, so the till,
 * the office and the ledger reach the same numbers.
 *
 * - A program's terms: points per JOD spent, how the exact figure rounds to whole points, a
 *   minimum spend, what one point is worth when redeemed, expiry in days (each earn is a lot that
 *   lapses on its own), optional tiers that multiply what is earned.
 * - Accounting (`accounting_method`, a choice per program recorded in docs/decisions.md):
 *   `deferral` (IFRS 15, the default) — a sale that earns points defers the points' share of its
 *   revenue to the loyalty liability and releases it to revenue when the points are redeemed or
 *   lapse; `expense` — nothing is deferred, redeemed points are simply a discount of the sale that
 *   uses them (the reward's cost is recognised at redemption).
 * - Redeeming points at the till is a DISCOUNT of that sale, spread over its lines like a
 *   promotion's (shared/src/pos/loyalty.ts): the customer pays less money, so the taxable base is
 *   lower — sales tax is due on the consideration in money.
 * - A customer is enrolled in one program at a time (`loyalty/customers/{customer_id}` is the
 *   customer's contact id); the balance never goes below zero, also under concurrent redemptions.
 */
import * as z from 'zod';
import { calendarDate, id, pagination, priceInput } from './common.js';

export const LOYALTY_PROGRAM_STATUSES = ['active', 'inactive'] as const;
export type LoyaltyProgramStatus = (typeof LOYALTY_PROGRAM_STATUSES)[number];
export const LOYALTY_ROUNDINGS = ['down', 'nearest', 'up'] as const;
export const LOYALTY_ACCOUNTING_METHODS = ['deferral', 'expense'] as const;
export type LoyaltyAccountingMethod = (typeof LOYALTY_ACCOUNTING_METHODS)[number];
export const LOYALTY_MEMBER_STATUSES = ['active', 'suspended'] as const;

/**
 * Lines of a customer's point ledger. earn / redeem: a sale or the office; return_earn: a return
 * takes back what its sale earned; return_redeem: a return gives back points its sale used;
 * expire: a lot lapsed; adjust: a manual correction; reversal: a manual line undone.
 */
export const LOYALTY_TRANSACTION_TYPES = ['earn', 'redeem', 'return_earn', 'return_redeem', 'expire', 'adjust', 'reversal'] as const;
export type LoyaltyTransactionType = (typeof LOYALTY_TRANSACTION_TYPES)[number];
export const LOYALTY_REFERENCE_TYPES = ['pos_transaction', 'invoice', 'manual', 'reward', 'loyalty_transaction'] as const;

export const LOYALTY_REWARD_TYPES = ['discount', 'free_item'] as const;
export const LOYALTY_BULK_OPERATIONS = ['enroll', 'adjust', 'unenroll'] as const;
export const LOYALTY_BULK_MAX = 100;

const decimal = (places: number, example: string) =>
  z
    .union([z.string().trim(), z.number().finite()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .pipe(z.string().regex(new RegExp(`^\\d{1,6}(\\.\\d{1,${places}})?$`), `Enter a number such as ${example} (at most ${places} decimals)`));
const positive = (schema: z.ZodType<string>, message: string) => schema.refine((v) => Number(v) > 0, message);

const tier = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(60),
  min_lifetime_points: z.number().int().min(0).max(1_000_000_000),
  multiplier: positive(decimal(2, '1.5'), 'A multiplier is greater than zero'),
});

const programFields = {
  name: z.string().trim().min(1, 'Name is required').max(120),
  name_ar: z.string().trim().max(120).nullish(),
  description: z.string().trim().max(1000).nullish(),
  status: z.enum(LOYALTY_PROGRAM_STATUSES).default('active'),
  /** Points per JOD spent (tax included, after discounts). */
  points_per_unit: positive(decimal(4, '1 or 0.5'), 'Points per JOD is greater than zero'),
  rounding: z.enum(LOYALTY_ROUNDINGS).default('down'),
  /** A ticket below this earns nothing (inclusive: a spend equal to it earns). */
  minimum_spend: priceInput.default('0'),
  /** What one point is worth when redeemed, in JOD: "0.010" is 10 fils; finer than a fil is allowed. */
  point_value: positive(decimal(6, '0.010'), 'A point is worth more than zero'),
  /** Days a lot of points lives; null: points never expire. */
  expiry_days: z.number().int().min(1).max(3650).nullish(),
  /** Fewest points redeemed at once (0: any). */
  min_redemption_points: z.number().int().min(0).max(1_000_000).default(0),
  tiers: z.array(tier).max(10).default([]),
  accounting_method: z.enum(LOYALTY_ACCOUNTING_METHODS).default('deferral'),
  /** Share of points expected to be redeemed (IFRS 15 stand-alone selling price), 0 to 1. */
  redemption_rate: decimal(4, '0.8').refine((v) => Number(v) >= 0 && Number(v) <= 1, 'The redemption rate is between 0 and 1').default('1'),
};

const tiersDistinct = (value: { tiers?: { min_lifetime_points: number }[] }, ctx: z.RefinementCtx) => {
  const seen = new Set<number>();
  value.tiers?.forEach((t, i) => {
    if (seen.has(t.min_lifetime_points)) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'min_lifetime_points'], message: 'Two tiers start at the same points' });
    seen.add(t.min_lifetime_points);
  });
};

export const loyaltyProgramCreate = z.strictObject(programFields).superRefine(tiersDistinct);
export type LoyaltyProgramCreate = z.input<typeof loyaltyProgramCreate>;

/**
 * Changing terms applies to what is earned from then on; points already earned keep their lots and
 * value. The accounting method and the point value are fixed once points exist (the liability was
 * measured with them).
 */
export const loyaltyProgramUpdate = z
  .strictObject({
    name: programFields.name.optional(),
    name_ar: programFields.name_ar,
    description: programFields.description,
    status: z.enum(LOYALTY_PROGRAM_STATUSES).optional(),
    points_per_unit: programFields.points_per_unit.optional(),
    rounding: z.enum(LOYALTY_ROUNDINGS).optional(),
    minimum_spend: priceInput.optional(),
    point_value: programFields.point_value.optional(),
    expiry_days: programFields.expiry_days,
    min_redemption_points: z.number().int().min(0).max(1_000_000).optional(),
    tiers: z.array(tier).max(10).optional(),
    accounting_method: z.enum(LOYALTY_ACCOUNTING_METHODS).optional(),
    redemption_rate: programFields.redemption_rate.optional(),
  })
  .superRefine(tiersDistinct);

export const loyaltyProgramPublic = z.object({
  id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(LOYALTY_PROGRAM_STATUSES),
  points_per_unit: z.string(),
  rounding: z.enum(LOYALTY_ROUNDINGS),
  minimum_spend: z.string(),
  point_value: z.string(),
  expiry_days: z.number().int().nullable(),
  min_redemption_points: z.number().int(),
  tiers: z.array(z.object({ name: z.string(), min_lifetime_points: z.number().int(), multiplier: z.string() })),
  accounting_method: z.enum(LOYALTY_ACCOUNTING_METHODS),
  redemption_rate: z.string(),
  members: z.number().int(),
  /** Points customers hold now, and their value at point_value. */
  points_outstanding: z.number().int(),
  points_value: z.string(),
  /** Revenue deferred for the outstanding points (deferral method). */
  deferred_revenue: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgramPublic>;

export const loyaltyProgramListQuery = pagination.extend({ status: z.enum(LOYALTY_PROGRAM_STATUSES).optional() });

export const loyaltyProgramSummary = z.object({
  loyalty_program_id: z.string(),
  members: z.number().int(),
  points_outstanding: z.number().int(),
  points_value: z.string(),
  points_earned: z.number().int(),
  points_redeemed: z.number().int(),
  points_expired: z.number().int(),
  points_taken_back: z.number().int(),
  /** Revenue deferred for the program's outstanding points, beside the liability account's balance (all programs). */
  deferred_revenue: z.string(),
  liability_account_balance: z.string(),
  /** Redeemed over earned, 0 to 1 as text ("0.3125"); null before anything is earned. */
  redemption_ratio: z.string().nullable(),
  tiers: z.array(z.object({ name: z.string().nullable(), members: z.number().int() })),
  /** Points lapsing in the next 30 days. */
  expiring_soon: z.number().int(),
});

// ---- Members (a customer in a program) ---------------------------------------------------------

export const loyaltyCustomerCreate = z.strictObject({
  customer_id: id,
  loyalty_program_id: id,
  notes: z.string().trim().max(500).nullish(),
});
export const loyaltyCustomerUpdate = z.strictObject({
  status: z.enum(LOYALTY_MEMBER_STATUSES).optional(),
  /** Moving to another program: only with no points left (their value was measured in this one). */
  loyalty_program_id: id.optional(),
  notes: z.string().trim().max(500).nullish(),
});

export const loyaltyCustomerPublic = z.object({
  customer_id: z.string(),
  customer_loyalty_id: z.string(),
  customer_name: z.string(),
  loyalty_program_id: z.string(),
  program_name: z.string(),
  status: z.enum(LOYALTY_MEMBER_STATUSES),
  /** Points held, and those usable today (lots past their expiry not yet swept are not usable). */
  points_balance: z.number().int(),
  points_available: z.number().int(),
  points_value: z.string(),
  lifetime_points: z.number().int(),
  redeemed_points: z.number().int(),
  expired_points: z.number().int(),
  tier: z.string().nullable(),
  next_expiry: z.object({ on: z.string(), points: z.number().int() }).nullable(),
  deferred_revenue: z.string(),
  notes: z.string().nullable(),
  enrolled_at: z.string(),
  last_activity_at: z.string().nullable(),
});
export type LoyaltyCustomer = z.infer<typeof loyaltyCustomerPublic>;

export const loyaltyCustomerListQuery = pagination.extend({ loyalty_program_id: id.optional() });

// ---- The point ledger --------------------------------------------------------------------------

export const loyaltyTransactionPublic = z.object({
  id: z.string(),
  customer_id: z.string(),
  loyalty_program_id: z.string(),
  transaction_type: z.enum(LOYALTY_TRANSACTION_TYPES),
  /** Signed: + earned or given back, − redeemed, taken back, lapsed. */
  points: z.number().int(),
  balance_after: z.number().int(),
  /** Revenue deferred (+) or released (−) with the line, deferral method; "0.000" otherwise. */
  deferred_change: z.string(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  location_id: z.string().nullable(),
  description: z.string().nullable(),
  journal_entry_id: z.string().nullable(),
  /** A manual line undone by a reversal line (its id). */
  reversed_by: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type LoyaltyTransaction = z.infer<typeof loyaltyTransactionPublic>;

export const loyaltyTransactionListQuery = pagination.extend({
  customer_id: id.optional(),
  transaction_type: z.enum(LOYALTY_TRANSACTION_TYPES).optional(),
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
});

const description = z.string().trim().max(500).nullish();

/** A manual correction of a customer's points (+ given, − taken); the description says why. */
export const loyaltyTransactionCreate = z.strictObject({
  customer_id: id,
  points: z.number().int().min(-1_000_000).max(1_000_000).refine((v) => v !== 0, 'Points are not zero'),
  description: z.string().trim().min(1, 'Say why the points change').max(500),
});
/** A ledger line is never rewritten: only what it says can be corrected. */
export const loyaltyTransactionUpdate = z.strictObject({ description: z.string().trim().min(1, 'Say why the points change').max(500) });

/** earn-points and redeem-points take their fields in the query (SPEC §3). */
export const loyaltyPointsQuery = z.object({
  customer_id: id,
  loyalty_program_id: id.optional(),
  points: z.coerce.number().int().min(1, 'Points are at least 1').max(1_000_000),
  reference_type: z.enum(LOYALTY_REFERENCE_TYPES).optional(),
  reference_id: id.optional(),
  location_id: id.optional(),
  description,
  /** redeem-points: the reward taken (its points cost must equal `points`). */
  reward_id: id.optional(),
});

// ---- Rewards -----------------------------------------------------------------------------------

const rewardFields = {
  loyalty_program_id: id,
  name: z.string().trim().min(1, 'Name is required').max(120),
  name_ar: z.string().trim().max(120).nullish(),
  description: description,
  points_cost: z.number().int().min(1, 'A reward costs at least 1 point').max(10_000_000),
  reward_type: z.enum(LOYALTY_REWARD_TYPES),
  /** discount: money off a sale. */
  discount_amount: priceInput.nullish(),
  /** free_item: the product given. */
  product_id: id.nullish(),
  active: z.boolean().default(true),
};
const rewardShape = (v: { reward_type?: string; discount_amount?: string | null; product_id?: string | null }, ctx: z.RefinementCtx) => {
  if (v.reward_type === 'discount' && !(v.discount_amount && Number(v.discount_amount) > 0)) ctx.addIssue({ code: 'custom', path: ['discount_amount'], message: 'A discount reward gives an amount greater than zero' });
  if (v.reward_type === 'free_item' && !v.product_id) ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'A free item reward names the product' });
};
export const loyaltyRewardCreate = z.strictObject(rewardFields).superRefine(rewardShape);
export const loyaltyRewardUpdate = z
  .strictObject({
    name: rewardFields.name.optional(),
    name_ar: rewardFields.name_ar,
    description: rewardFields.description,
    points_cost: rewardFields.points_cost.optional(),
    reward_type: z.enum(LOYALTY_REWARD_TYPES).optional(),
    discount_amount: rewardFields.discount_amount,
    product_id: rewardFields.product_id,
    active: z.boolean().optional(),
  })
  .superRefine(rewardShape);
export const loyaltyRewardPublic = z.object({
  id: z.string(),
  loyalty_program_id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  description: z.string().nullable(),
  points_cost: z.number().int(),
  reward_type: z.enum(LOYALTY_REWARD_TYPES),
  discount_amount: z.string().nullable(),
  product_id: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LoyaltyReward = z.infer<typeof loyaltyRewardPublic>;
export const loyaltyRewardListQuery = pagination.extend({ loyalty_program_id: id.optional(), active: z.enum(['true', 'false']).optional() });

// ---- Search and bulk work ----------------------------------------------------------------------

export const loyaltySearch = z.strictObject({
  /** Part of the customer's name, phone or e-mail (Arabic normalised). */
  q: z.string().trim().max(100).optional(),
  loyalty_program_id: id.optional(),
  tier: z.string().trim().max(60).optional(),
  min_points: z.number().int().min(0).optional(),
  max_points: z.number().int().min(0).optional(),
  skip: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(25),
});

export const loyaltyBulkOperation = z
  .strictObject({
    operation: z.enum(LOYALTY_BULK_OPERATIONS),
    customer_ids: z.array(id).min(1).max(LOYALTY_BULK_MAX),
    /** enroll: the program. */
    loyalty_program_id: id.optional(),
    /** adjust: the points each customer gets (+) or loses (−), and why. */
    points: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    description: z.string().trim().max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.operation === 'enroll' && !v.loyalty_program_id) ctx.addIssue({ code: 'custom', path: ['loyalty_program_id'], message: 'Choose the program to enroll in' });
    if (v.operation === 'adjust' && !v.points) ctx.addIssue({ code: 'custom', path: ['points'], message: 'Points are not zero' });
    if (v.operation === 'adjust' && !v.description) ctx.addIssue({ code: 'custom', path: ['description'], message: 'Say why the points change' });
  });
export const loyaltyBulkResult = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ customer_id: z.string(), detail: z.string() })),
});

// ---- At the till -------------------------------------------------------------------------------

/** What the register shows on a chosen customer and needs to redeem (pos/customers/{id}/account-balance). */
export const posLoyaltyStanding = z.object({
  loyalty_program_id: z.string(),
  program_name: z.string(),
  program_name_ar: z.string().nullable(),
  status: z.enum(LOYALTY_MEMBER_STATUSES),
  points_available: z.number().int(),
  points_value: z.string(),
  lifetime_points: z.number().int(),
  tier: z.string().nullable(),
  /** The program's terms, so the register computes earning and redemption as the server will. */
  terms: z.object({
    points_per_unit: z.string(),
    rounding: z.enum(LOYALTY_ROUNDINGS),
    minimum_spend: z.string(),
    point_value: z.string(),
    expiry_days: z.number().int().nullable(),
    min_redemption_points: z.number().int(),
    tiers: z.array(z.object({ name: z.string(), min_lifetime_points: z.number().int(), multiplier: z.string() })),
  }),
});
export type PosLoyaltyStanding = z.infer<typeof posLoyaltyStanding>;
