/**
 * A promotion's use inside somebody else's transaction (issue 16): the till's sale (pos/sales.ts),
 * an invoice, or the usage route. Kept apart from the promotions service so the till's Lambda loads
 * only this and the engine.
 *
 * Limits under concurrency: the promotion's `used_total` is incremented on condition that it is
 * below the total limit (only promotions that have one), and the customer's own count below the
 * per-customer limit, in the same transaction as the sale; of two sales taking the last use at once,
 * one is cancelled and refused with the reason.
 */
import type * as z from 'zod';
import type { Promotion as EnginePromotion, PromotionReasonKey } from '@daftar/shared/promotions/engine';
import { enginePromotionOf, type ListedPromotion } from '@daftar/shared/pos/promotions';
import type { promotionRuleInput } from '@daftar/shared/schemas/promotions';
import { Promotion, PromotionFigures, PromotionUsage, type PromotionRecord } from '../db/promotion.js';
import { onConditionFailed, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { Conflict, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { dateTimeFormat } from '../ledger/dates.js';

export type StoredRule = z.infer<typeof promotionRuleInput> & { id: string };

/** The engine's view of a stored promotion, with this customer's uses for the per-customer limit. */
export const enginePromotion = (p: PromotionRecord, usedByCustomer: number, usedTotal: number): EnginePromotion =>
  enginePromotionOf(p as ListedPromotion, { total: usedTotal, byCustomer: usedByCustomer });

/** The shop's weekday and time of day at an instant, in its time zone. */
export function localMoment(at: Date, timeZone: string): { local_weekday: number; local_time: string } {
  const parts = dateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { local_weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')), local_time: `${get('hour')}:${get('minute')}` };
}

export class PromotionLimitReached extends Conflict {}

/**
 * The items that record one use, for the transaction of the sale or invoice that used it (see the
 * module comment). `place` shards the figures: the terminal for a till, `office` otherwise.
 */
export function usageItems(p: PromotionRecord, use: { customerId?: string | null; discount: number; reference: { type: string; id: string }; locationId?: string | null; place: string; now: string; enforceLimits?: boolean }): TransactItem[] {
  const key = { organization_id: p.organization_id, promotion_id: p.id };
  const items: TransactItem[] = [
    putItem(PromotionUsage.create({ ...key, id: uuidv7(), customer_id: use.customerId ?? undefined, reference_type: use.reference.type, reference_id: use.reference.id, discount: use.discount, location_id: use.locationId ?? undefined, created_at: use.now }).params()),
    updateItem(PromotionFigures.update({ ...key, shard: `at#${use.place}` }).add({ uses: 1, discount: use.discount }).set({ last_used_at: use.now }).params()),
  ];
  // A sale made offline happened with the promotion the register had: it is counted, not refused.
  const enforce = use.enforceLimits ?? true;
  if (p.usage_limit_total) {
    const limit = p.usage_limit_total;
    const count = Promotion.patch({ organization_id: p.organization_id, id: p.id }).add({ used_total: 1 });
    items.push(enforce
      ? onConditionFailed(updateItem(count.where((a, { lt, eq }) => `${lt(a.used_total, limit)} AND ${eq(a.status, 'active')}`).params()), () => new PromotionLimitReached(`Promotion ${p.name} has been used as often as it may be`))
      : updateItem(count.params()));
  }
  if (use.customerId) {
    const perCustomer = enforce ? p.usage_limit_per_customer : undefined;
    const update = PromotionFigures.update({ ...key, shard: `customer#${use.customerId}` }).add({ uses: 1, discount: use.discount }).set({ last_used_at: use.now });
    items.push(perCustomer
      ? onConditionFailed(updateItem(update.where((a, { notExists, lt }) => `${notExists(a.uses)} OR ${lt(a.uses, perCustomer)}`).params()), () => new PromotionLimitReached(`This customer has used promotion ${p.name} as often as they may`))
      : updateItem(update.params()));
  } else if (p.usage_limit_per_customer && enforce) {
    throw new ValidationError([{ loc: ['body', 'customer_id'], msg: `Promotion ${p.name} is limited per customer: name the customer`, type: 'value_error' }]);
  }
  return items;
}

const REASONS: Record<PromotionReasonKey, string> = {
  'promotion.why.applied': 'Applies: {discount} off',
  'promotion.why.capped': 'Applies: {discount} off (the offer is {requested}, more than the lines come to)',
  'promotion.why.not_active': 'The promotion is not active',
  'promotion.why.usage_limit_reached': 'The promotion has been used as often as it may be',
  'promotion.why.customer_required': 'The promotion is limited per customer: choose the customer',
  'promotion.why.customer_limit_reached': 'This customer has used the promotion as often as they may',
  'promotion.why.before_start': 'The promotion has not started yet',
  'promotion.why.expired': 'The promotion has ended',
  'promotion.why.wrong_day': 'Not on this day of the week',
  'promotion.why.outside_hours': 'Not at this time of day',
  'promotion.why.customer_not_included': 'Not for this customer',
  'promotion.why.location_not_included': 'Not at this location',
  'promotion.why.no_qualifying_lines': 'No item in the cart qualifies',
  'promotion.why.min_quantity': 'Needs at least {required} items; the cart has {actual}',
  'promotion.why.min_subtotal': 'Needs at least {required}; the cart comes to {actual}',
  'promotion.why.item_not_in_cart': 'The free item is not in the cart',
  'promotion.why.nothing_to_discount': 'Nothing is left to discount',
  'promotion.why.excluded_by': 'Another promotion applies alone',
  'promotion.why.cannot_combine': 'Applies only alone, and another promotion already applies',
  'promotion.why.better_promotion': 'A better promotion applies instead',
};
/** The reason in English (the screens translate `reason_key` with its params). */
export const reasonText = (key: PromotionReasonKey, params: Record<string, string>) => REASONS[key].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
