import { formatMoney as decimalText, fromMinorUnits, parseMoney } from '@daftar/shared/money';
import { checkTenders, ticketLine, ticketTotals, TicketError, type TenderCheck, type TicketLine, type TicketTotals } from '@daftar/shared/pos/ticket';
import { promoteTicket } from '@daftar/shared/pos/promotions';
import { PromotionError, type AppliedPromotion, type Cart, type Promotion } from '@daftar/shared/promotions/engine';
import type { PosSaleCreate, PosTender } from '@daftar/shared/schemas/pos';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import { TaxError, type TaxCategory } from '@daftar/shared/tax';
import type { PosCustomer } from '../api/customers';
import type { CatalogueItem } from '../offline/catalogue';
import { uuidv7 } from '../offline/uuidv7';

export type LineDiscount = { type: 'amount'; amount: string } | { type: 'percent'; percent: number };

export interface TicketLineState {
  id: string;
  item: CatalogueItem;
  quantity: string;
  unit_price: string;
  discount: LineDiscount | null;
}

export interface PaymentState {
  id: string;
  tender: PosTender;
  amount: string;
  /** The card a gift-card payment spends (checked with validate first); absent for other tenders. */
  gift_card_id?: string | null;
  /** Its number, for the payment list and the receipt (only the last four are shown). */
  card_number?: string | null;
}

export interface TicketState {
  lines: TicketLineState[];
  customer: PosCustomer | null;
}

export const emptyTicket = (): TicketState => ({ lines: [], customer: null });

/** Decimal text of minor units: 1250 fils → "1.250". */
export const major = (minor: number, currency: string) => decimalText(fromMinorUnits(minor, currency));
export const minorOf = (amount: string, currency: string) => parseMoney(amount, currency).amount;

/** Quantities are kept as thousandths so +/− never meets a float. */
const toThousandths = (q: string) => Math.round(Number(q) * 1000);
const fromThousandths = (n: number) => {
  const whole = Math.floor(n / 1000);
  const rest = n % 1000;
  return rest ? `${whole}.${String(rest).padStart(3, '0').replace(/0+$/, '')}` : String(whole);
};

export function stepQuantity(quantity: string, step: 1 | -1): string {
  const next = toThousandths(quantity) + step * 1000;
  return fromThousandths(Math.max(next, 1000));
}

export const isQuantity = (q: string) => /^\d+(\.\d{1,3})?$/.test(q.trim()) && Number(q) > 0;

export interface ResolvedTax {
  tax_id: string | null;
  rate: string;
  category: TaxCategory;
}

/**
 * A product's tax as the server resolves it: its general tax when active; none (exempt) otherwise.
 * Special taxes are not sold at the till (the ticket schema has no field for them).
 */
export function resolveTax(taxId: string | null, taxes: readonly TaxOption[]): ResolvedTax {
  const tax = taxId ? taxes.find((t) => t.id === taxId) : undefined;
  if (!tax || tax.tax_category === 'special') return { tax_id: null, rate: '0', category: 'exempt' };
  return { tax_id: tax.id, rate: tax.rate, category: tax.tax_category };
}

export interface ComputedLine {
  line: TicketLineState;
  tax: ResolvedTax;
  /** The line as it posts: `discount` is the cashier's discount and the promotions' share together. */
  figures: TicketLine | null;
  /** What promotions take off this line, minor units (part of `figures.discount`). */
  promotion_discount: number;
  /** What redeemed loyalty points take off this line, minor units (part of `figures.discount`; loyalty-model.ts). */
  loyalty_discount?: number;
  error: string | null;
}

export interface ComputedTicket {
  currency: string;
  lines: ComputedLine[];
  totals: TicketTotals;
  /** The promotions the ticket earns, in the order they applied, each with its discount in all. */
  promotions: AppliedPromotion[];
  /** Whether every line computes (a sale can be paid). */
  valid: boolean;
  /** Loyalty points redeemed on the ticket and their value (spread over the lines after the promotions). */
  loyalty?: { points: number; discount_minor: number } | null;
}

/** The promotions to apply and the sale's who, where and when (see `promotionContext`). */
export interface TicketPromotions {
  promotions: readonly Promotion[];
  context: Omit<Cart, 'lines' | 'currency'>;
}

/**
 * The shop's weekday and time of day at an instant, in its time zone — the server reads a sale's
 * moment the same way (functions/src/promotions/usage.ts `localMoment`), so a Friday-evening offer
 * holds on the till exactly when the server agrees it does, whatever the device's own clock zone.
 */
export function localMoment(at: Date, timeZone: string): { local_weekday: number; local_time: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { local_weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')), local_time: `${get('hour')}:${get('minute')}` };
}

/** The cart's context for the promotions: the customer, the terminal's location and the moment. */
export function promotionContext(at: Date, timeZone: string, locationId: string | null, customerId: string | null): TicketPromotions['context'] {
  return {
    ...(customerId ? { customer_id: customerId } : {}),
    ...(locationId ? { location_id: locationId } : {}),
    at: at.toISOString(),
    ...localMoment(at, timeZone),
  };
}

export function computeTicket(lines: readonly TicketLineState[], taxes: readonly TaxOption[], currency: string, offers?: TicketPromotions): ComputedTicket {
  const computed = lines.map((line, index): ComputedLine => {
    const tax = resolveTax(line.item.tax_id, taxes);
    try {
      const figures = ticketLine(lineInput(line, tax), currency, ['lines', index]);
      return { line, tax, figures, promotion_discount: 0, error: null };
    } catch (error) {
      if (error instanceof TaxError || error instanceof TicketError) return { line, tax, figures: null, promotion_discount: 0, error: error.message };
      throw error;
    }
  });
  const ok = computed.flatMap((c) => (c.figures ? [c.figures] : []));
  const valid = ok.length === computed.length && computed.length > 0;
  // Promotions are read on the whole ticket (thresholds, "cheapest unit"), so only a ticket whose
  // every line computes earns them; one with a line in error cannot be paid anyway.
  if (valid && offers?.promotions.length) {
    const promoted = promote(computed, offers, currency);
    if (promoted) return promoted;
  }
  return { currency, lines: computed, totals: ticketTotals(ok), promotions: [], valid };
}

const lineInput = (line: TicketLineState, tax: ResolvedTax) => ({
  quantity: line.quantity,
  unit_price: line.unit_price,
  price_includes_tax: line.item.price_includes_tax,
  tax_rate: tax.rate,
  tax_category: tax.category,
  discount: line.discount,
});

/**
 * The ticket with its promotions, computed by `promoteTicket` — the same function the server runs
 * on the sale, so what the customer is told is what posts. Null when a promotion cannot be
 * evaluated as the server gave it (a malformed reward): the ticket then sells at its own prices
 * rather than not at all, and the sale claims no promotion.
 */
function promote(computed: readonly ComputedLine[], offers: TicketPromotions, currency: string): ComputedTicket | null {
  try {
    const result = promoteTicket(
      computed.map(({ line, tax }) => ({ id: line.id, product_id: line.item.id, category_id: line.item.category_id ?? undefined, ...lineInput(line, tax) })),
      offers.promotions,
      { ...offers.context, currency },
    );
    const lines = computed.map((c, i) => {
      const { id: _id, promotion_discount, ...figures } = result.lines[i]!;
      return { ...c, figures, promotion_discount };
    });
    return { currency, lines, totals: ticketTotals(lines.map((l) => l.figures)), promotions: result.applied, valid: true };
  } catch (error) {
    if (error instanceof PromotionError) return null;
    throw error;
  }
}

/** The promotions' discount on the whole ticket, minor units. */
export const promotionsTotal = (ticket: Pick<ComputedTicket, 'promotions'>) => ticket.promotions.reduce((sum, p) => sum + p.discount_minor, 0);

/** The cashier's own discount on a line (what the promotions and the customer's points took is not the cashier's to give). */
export const manualDiscount = (line: Pick<ComputedLine, 'figures' | 'promotion_discount' | 'loyalty_discount'>) =>
  line.figures ? line.figures.discount - line.promotion_discount - (line.loyalty_discount ?? 0) : 0;

/** What the customer's redeemed points take off the whole ticket, minor units. */
export const loyaltyTotal = (ticket: Pick<ComputedTicket, 'loyalty'>) => ticket.loyalty?.discount_minor ?? 0;

/** The largest discount a member may give on a line, in minor units, given its subtotal. */
export const maxDiscountMinor = (subtotal: number, maxPercent: number) => Math.floor((subtotal * maxPercent) / 100);

/** Whether the line's discount is within what the cashier may give (`null`: not limited). */
export function discountAllowed(line: ComputedLine, maxPercent: number | null): boolean {
  if (maxPercent == null || !line.line.discount || !line.figures) return true;
  if (line.line.discount.type === 'percent') return line.line.discount.percent <= maxPercent;
  return manualDiscount(line) <= maxDiscountMinor(line.figures.subtotal, maxPercent);
}

export type TenderOutcome = { ok: true; check: TenderCheck } | { ok: false; message: string };

export function tenderOutcome(due: number, payments: readonly PaymentState[], currency: string): TenderOutcome {
  try {
    return { ok: true, check: checkTenders(due, payments, currency) };
  } catch (error) {
    if (error instanceof TicketError) return { ok: false, message: error.message };
    throw error;
  }
}

/** What a customer hands over in notes: the total itself, then the next round amounts above it. */
export function quickCashAmounts(due: number, currency: string): number[] {
  const unit = 10 ** (currency === 'JOD' ? 3 : 2);
  const amounts = new Set<number>([due]);
  for (const note of [1, 5, 10, 20, 50]) {
    const rounded = Math.ceil(due / (note * unit)) * note * unit;
    if (rounded > due) amounts.add(rounded);
    if (amounts.size >= 5) break;
  }
  return [...amounts].filter((a) => a > 0);
}

export interface SaleIdentity {
  id: string;
  terminal_id: string;
  session_id: string;
  sequence: number;
  occurred_at: string;
  offline: boolean;
}

/** The POST body of a sale (`posSaleCreate`): lines and payments with the ids the register gave them. */
export function saleBody(identity: SaleIdentity, ticket: ComputedTicket, customer: PosCustomer | null, payments: readonly PaymentState[]): PosSaleCreate {
  return {
    ...identity,
    customer_id: customer?.id ?? null,
    lines: ticket.lines.map(({ line, tax, promotion_discount, loyalty_discount }) => ({
      id: line.id,
      product_id: line.item.id,
      quantity: line.quantity,
      unit_price: line.unit_price,
      price_includes_tax: line.item.price_includes_tax,
      tax_id: tax.tax_id,
      discount: line.discount,
      // The line's share of the promotions, which the server computes again (shared/src/pos/promotions.ts).
      promotion_discount: major(promotion_discount, ticket.currency),
      // The line's share of the redeemed points, which the server spreads again (shared/src/pos/loyalty.ts).
      ...(ticket.loyalty ? { loyalty_discount: major(loyalty_discount ?? 0, ticket.currency) } : {}),
    })),
    // Only a gift-card payment names a card (the server refuses a card on any other tender).
    payments: payments.map((p) => ({ id: p.id, tender: p.tender, amount: p.amount, ...(p.tender === 'gift_card' && p.gift_card_id ? { gift_card_id: p.gift_card_id } : {}) })),
    // Each promotion's discount in all; the lines' shares add up to these.
    promotions: ticket.promotions.map((p) => ({ promotion_id: p.promotion_id, discount: major(p.discount_minor, ticket.currency) })),
    // The points redeemed and their value; the lines' loyalty shares add up to it.
    ...(ticket.loyalty ? { loyalty_redemption: { points: ticket.loyalty.points, discount: major(ticket.loyalty.discount_minor, ticket.currency) } } : {}),
  };
}

/** Whether the sale spends a gift card: it is then sent at once, never kept in the outbox (register). */
export const spendsGiftCard = (payments: readonly PaymentState[]) => payments.some((p) => p.tender === 'gift_card');

export const newLine = (item: CatalogueItem, quantity = '1', unitPrice: string | null = null): TicketLineState => ({
  id: uuidv7(),
  item,
  quantity,
  unit_price: unitPrice ?? item.sale_price,
  discount: null,
});

/**
 * Adds a scanned or tapped item: one more on the item's plain line when there is one (catalogue
 * price, no discount, whole pieces); a weighed or scale-priced item is a line of its own.
 */
export function addItem(lines: readonly TicketLineState[], item: CatalogueItem, quantity = '1', unitPrice: string | null = null): TicketLineState[] {
  const plain = quantity === '1' && unitPrice == null;
  const index = plain
    ? lines.findIndex((l) => l.item.id === item.id && l.unit_price === item.sale_price && !l.discount && Number.isInteger(Number(l.quantity)))
    : -1;
  if (index < 0) return [...lines, newLine(item, quantity, unitPrice)];
  return lines.map((l, i) => (i === index ? { ...l, quantity: stepQuantity(l.quantity, 1) } : l));
}
