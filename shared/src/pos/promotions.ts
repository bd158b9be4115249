/**
 * Promotions on a till ticket (issue 16), computed the same way by the register (what the cashier
 * and the customer see, offline too, from the cached active promotions) and by the server (what
 * posts): the engine (shared/src/promotions/engine.ts) decides which promotions the ticket earns
 * and each line's share, then every line is computed again with its manual discount plus its
 * promotion share as one amount discount, through the same tax rules (`ticketLine`), so tax stays
 * exact per line and the receipt adds up to the fil.
 *
 * Basis. The engine works on each line's amount after its manual discount on the basis the price
 * is given in: tax-inclusive shelf prices (the usual case at a Jordanian till) are the gross the
 * customer pays; a tax-exclusive price's line is its pre-tax amount, and tax is computed on what
 * is left after the promotion. A promotion's thresholds (min_subtotal, tiers) read the same basis.
 */
import { applyPromotions, type AppliedPromotion, type Cart, type Promotion, type PromotionRule, type PromotionStatus, type SkippedPromotion } from '../promotions/engine.js';
import { formatMoney, fromMinorUnits } from '../money.js';
import { ticketLine, type TicketLine, type TicketLineInput } from './ticket.js';

export interface PromotedLineInput extends TicketLineInput {
  id: string;
  product_id?: string;
  category_id?: string;
}

export interface PromotedTicket {
  /** Every line as it posts: the promotion share included in its discount. */
  lines: (TicketLine & { id: string; promotion_discount: number })[];
  applied: AppliedPromotion[];
  skipped: SkippedPromotion[];
}

/** The ticket with the promotions it earns; `context` is the cart's who, where and when. */
export function promoteTicket(
  lines: readonly PromotedLineInput[],
  promotions: readonly Promotion[],
  context: Omit<Cart, 'lines'>,
  loc: readonly (string | number)[] = ['lines'],
): PromotedTicket {
  const manual = lines.map((line, index) => ticketLine(line, context.currency, [...loc, index]));
  if (!promotions.length) return { lines: manual.map((l, i) => ({ ...l, id: lines[i]!.id, promotion_discount: 0 })), applied: [], skipped: [] };
  const text = (minor: number) => formatMoney(fromMinorUnits(minor, context.currency));
  const cart: Cart = {
    ...context,
    lines: lines.map((line, i) => ({
      id: line.id,
      product_id: line.product_id,
      category_id: line.category_id,
      quantity: line.quantity,
      unit_price: line.unit_price,
      gross: text(manual[i]!.subtotal - manual[i]!.discount),
    })),
  };
  const result = applyPromotions(promotions, cart);
  return {
    lines: lines.map((line, i) => {
      const share = result.line_discounts[line.id] ?? 0;
      if (!share) return { ...manual[i]!, id: line.id, promotion_discount: 0 };
      const again = ticketLine({ ...line, discount: { type: 'amount', amount: text(manual[i]!.discount + share) } }, context.currency, [...loc, i]);
      return { ...again, id: line.id, promotion_discount: share };
    }),
    applied: result.applied,
    skipped: result.skipped,
  };
}

/** A promotion as stored or listed (rules with their ids; limits absent or null). */
export interface ListedPromotion {
  id: string;
  name: string;
  priority: number;
  exclusive: boolean;
  stackable: boolean;
  status: PromotionStatus;
  usage_limit_total?: number | null;
  usage_limit_per_customer?: number | null;
  rules: readonly object[];
  reward: unknown;
}

/**
 * The engine's view of a stored or listed promotion — the server (functions/src/promotions/usage.ts)
 * and the register (web/src/features/pos/api/get-promotions.ts) build it here so both compute alike:
 * rules lose their ids, a condition stored as null is an absent one, and the uses are the caller's
 * (the register does not know a customer's: 0, the server's sale enforces that limit).
 */
export function enginePromotionOf(p: ListedPromotion, uses: { total: number; byCustomer: number }): Promotion {
  return {
    id: p.id,
    name: p.name,
    priority: p.priority,
    exclusive: p.exclusive,
    stackable: p.stackable,
    status: p.status,
    usage_limit_total: p.usage_limit_total ?? undefined,
    usage_limit_per_customer: p.usage_limit_per_customer ?? undefined,
    used_total: uses.total,
    used_by_customer: uses.byCustomer,
    rules: p.rules.map((rule) => Object.fromEntries(Object.entries(rule).filter(([key, value]) => key !== 'id' && key !== 'promotion_id' && value !== null && value !== undefined)) as PromotionRule),
    reward: p.reward as Promotion['reward'],
  };
}
