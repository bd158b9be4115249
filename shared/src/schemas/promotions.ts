/**
 * Promotions (issue 16): offers a shop runs — a percentage, an amount off, a free item, buy X get Y,
 * tiers — with the conditions that earn them (rules) and limits on how often they are used. The
 * arithmetic and the "why not" are the engine's (shared/src/promotions/engine.ts), so the till, the
 * server's `validate` and invoices agree to the fil. A promotion's discount is spread over the lines'
 * gross (the register's ticket then splits each discounted line into net and tax), so tax stays exact.
 *
 * Status: draft (being set up, never applies) → active ⇄ paused → ended. Usage is recorded with
 * the sale or invoice that used it, and the limits (in total, per customer) hold under concurrency:
 * each use is a conditional increment in that sale's transaction.
 */
import * as z from 'zod';
import { id, pagination, priceInput, quantityInput } from './common.js';
import { PROMOTION_REASON_KEYS, PROMOTION_STATUSES } from '../promotions/engine.js';

export { PROMOTION_STATUSES, PROMOTION_REASON_KEYS };
export const PROMOTION_TYPES = ['percent', 'fixed_amount', 'free_item', 'buy_x_get_y', 'tiered'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
export const PROMOTION_BULK_OPERATIONS = ['activate', 'pause', 'end', 'delete'] as const;

const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'A percentage such as 10 or 12.5')
  .refine((v) => Number(v) > 0 && Number(v) <= 100, 'A percentage is more than 0 and at most 100');
const positiveQuantity = quantityInput.refine((v) => Number(v) > 0, 'A quantity is greater than zero');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time such as 09:00 or 22:30');
const instant = z.iso.datetime({ offset: true, message: 'A date and time with its offset (2026-12-01T00:00:00+03:00)' });

export const promotionRuleInput = z
  .strictObject({
    product_ids: z.array(id).max(500).optional(),
    category_ids: z.array(id).max(200).optional(),
    min_quantity: positiveQuantity.optional(),
    min_subtotal: priceInput.optional(),
    customer_ids: z.array(id).max(500).optional(),
    location_ids: z.array(id).max(100).optional(),
    starts_at: instant.optional(),
    ends_at: instant.optional(),
    days_of_week: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    time_from: hhmm.optional(),
    time_to: hhmm.optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.starts_at && rule.ends_at && Date.parse(rule.ends_at) <= Date.parse(rule.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end comes after the start' });
    }
    if (!!rule.time_from !== !!rule.time_to) ctx.addIssue({ code: 'custom', path: ['time_to'], message: 'Give both ends of the hours, or neither' });
  });
export type PromotionRuleInput = z.infer<typeof promotionRuleInput>;

const tier = z.union([z.strictObject({ min_subtotal: priceInput, percent }), z.strictObject({ min_quantity: positiveQuantity, percent })]);

export const promotionReward = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('percent'), percent }),
  z.strictObject({ type: z.literal('fixed_amount'), amount: priceInput.refine((v) => Number(v) > 0, 'Enter an amount greater than zero') }),
  z.strictObject({ type: z.literal('free_item'), product_id: id, quantity: positiveQuantity }),
  z.strictObject({ type: z.literal('buy_x_get_y'), buy_quantity: positiveQuantity, get_quantity: positiveQuantity, percent: percent.optional() }),
  z.strictObject({ type: z.literal('tiered'), tiers: z.array(tier).min(1, 'A tiered reward has at least one tier').max(10) }),
]);

const promotionFields = {
  name: z.string().trim().min(1, 'Name is required').max(120),
  name_ar: z.string().trim().max(120).nullish(),
  description: z.string().trim().max(1000).nullish(),
  status: z.enum(PROMOTION_STATUSES).default('draft'),
  /** Higher first; between equal priorities, the older promotion. */
  priority: z.number().int().min(0).max(1000).default(0),
  /** Applies only alone. */
  exclusive: z.boolean().default(false),
  /** Adds to other promotions; of the non-stackable ones only the best applies. */
  stackable: z.boolean().default(false),
  usage_limit_total: z.number().int().min(1).nullish(),
  usage_limit_per_customer: z.number().int().min(1).nullish(),
  reward: promotionReward,
};

export const promotionCreate = z.strictObject({ ...promotionFields, rules: z.array(promotionRuleInput).max(20).default([]) });
export type PromotionCreate = z.input<typeof promotionCreate>;

export const promotionUpdate = z.strictObject({
  name: promotionFields.name.optional(),
  name_ar: promotionFields.name_ar,
  description: promotionFields.description,
  status: z.enum(PROMOTION_STATUSES).optional(),
  priority: z.number().int().min(0).max(1000).optional(),
  exclusive: z.boolean().optional(),
  stackable: z.boolean().optional(),
  usage_limit_total: promotionFields.usage_limit_total,
  usage_limit_per_customer: promotionFields.usage_limit_per_customer,
  reward: promotionReward.optional(),
});

export const promotionListQuery = pagination.extend({
  status: z.enum(PROMOTION_STATUSES).optional(),
  promotion_type: z.enum(PROMOTION_TYPES).optional(),
});
export const promotionActiveQuery = z.object({ location_id: id.optional() });
export const promotionSearch = promotionListQuery.extend({ q: z.string().trim().max(100).optional() });

/** A cart line as the register or an invoice sees it (gross: tax included, before promotions). */
export const promotionCartLine = z.strictObject({
  id,
  product_id: id.nullish(),
  category_id: id.nullish(),
  quantity: positiveQuantity,
  unit_price: priceInput,
  gross: priceInput,
});

/**
 * validate: is this promotion earned by this cart, how much does it give, and why (or why not)?
 * Without `lines`, the cart is `cart_total` over `item_count` units of no particular product.
 */
export const promotionValidate = z.strictObject({
  promotion_id: id,
  customer_id: id.nullish(),
  cart_total: priceInput.optional(),
  item_count: positiveQuantity.optional(),
  lines: z.array(promotionCartLine).max(200).optional(),
  location_id: id.nullish(),
  /** The moment to judge at (default now), with its offset. */
  at: instant.optional(),
}).refine((v) => v.lines?.length || v.cart_total !== undefined, { message: 'Give the cart: its lines, or cart_total and item_count', path: ['lines'] });

/** Records that a sale or invoice used a promotion (the till records its own in the sale's transaction). */
export const promotionUsageCreate = z.strictObject({
  promotion_id: id,
  customer_id: id.nullish(),
  reference_type: z.enum(['invoice', 'pos_transaction', 'manual']),
  reference_id: id,
  discount: priceInput,
  location_id: id.nullish(),
});

export const promotionBulkOperation = z.strictObject({
  operation: z.enum(PROMOTION_BULK_OPERATIONS),
  promotion_ids: z.array(id).min(1).max(100),
});

// ---- Answers ------------------------------------------------------------------------------------

export const promotionRulePublic = promotionRuleInput.safeExtend({ id: z.string(), promotion_id: z.string() });
export const promotionPublic = z.object({
  id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(PROMOTION_STATUSES),
  promotion_type: z.enum(PROMOTION_TYPES),
  priority: z.number().int(),
  exclusive: z.boolean(),
  stackable: z.boolean(),
  usage_limit_total: z.number().int().nullable(),
  usage_limit_per_customer: z.number().int().nullable(),
  used_total: z.number().int(),
  discount_total: z.string(),
  reward: promotionReward,
  rules: z.array(promotionRulePublic),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PromotionPublic = z.infer<typeof promotionPublic>;

export const promotionWhy = z.object({ reason_key: z.enum(PROMOTION_REASON_KEYS), reason_params: z.record(z.string(), z.string()), reason: z.string() });

export const promotionValidation = z.object({
  promotion_id: z.string(),
  eligible: z.boolean(),
  discount: z.string(),
  lines: z.array(z.object({ line_id: z.string(), discount: z.string() })),
  ...promotionWhy.shape,
});

export const promotionUsagePublic = z.object({
  id: z.string(),
  promotion_id: z.string(),
  customer_id: z.string().nullable(),
  reference_type: z.string(),
  reference_id: z.string(),
  discount: z.string(),
  location_id: z.string().nullable(),
  created_at: z.string(),
});

export const promotionSummary = z.object({
  promotion_id: z.string(),
  used_total: z.number().int(),
  customers: z.number().int(),
  discount_total: z.string(),
  usage_limit_total: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  first_used_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
