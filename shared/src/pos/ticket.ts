/**
 * A till ticket's figures, computed the same way on the register (what the cashier and the customer
 * see) and on the server (what posts): lines through the document tax rules of `tax.ts` (each line
 * rounded on its own, totals are sums of rounded lines, so the printed receipt adds up to the fil),
 * then the tenders.
 *
 * Tender rules (a till's, not an invoice's):
 * - cash is the only tender that gives change: the non-cash tenders together never exceed what is
 *   due, and the change never exceeds the cash handed over;
 * - everything handed over covers what is due (on account counts: the customer owes it);
 * - amounts are in minor units (fils) here; the schemas carry decimal strings.
 *
 * Refunds of a return go back the way the sale was paid by default: split over the sale's tenders in
 * proportion to what each paid (largest remainder, `money.allocate`), never more to a tender than
 * it paid less what earlier returns gave back to it.
 */
import { allocate, formatMoney, fromMinorUnits, parseMoney, type Money } from '../money.js';
import { mulDiv } from '../inventory/costing.js';
import { calculateLineTax, type LineDiscount, type TaxCategory, type TaxLine } from '../tax.js';
import type { PosTender } from '../schemas/pos.js';

/** A line as the ticket computes it; the caller resolves `tax_id` to its rate and category. */
export interface TicketLineInput {
  quantity: string;
  unit_price: string;
  price_includes_tax: boolean;
  /** Percent text, "16"; "0" with a category for zero-rated or exempt. */
  tax_rate: string;
  tax_category: TaxCategory;
  discount?: { type: 'amount'; amount: string } | { type: 'percent'; percent: number } | null;
}

export interface TicketLine {
  subtotal: number;
  discount: number;
  net: number;
  special_tax: number;
  tax: number;
  gross: number;
  tax_rate: string;
  category: TaxCategory;
}

export interface TicketTotals {
  subtotal: number;
  discount: number;
  net: number;
  tax: number;
  gross: number;
}

export interface TicketPaymentInput {
  tender: PosTender;
  amount: string;
}

export interface TenderCheck {
  /** What was handed over in all. */
  tendered: number;
  /** Cash given back. */
  change: number;
  /** Per tender, what the sale keeps (cash net of change). */
  kept: Record<PosTender, number>;
}

/** A ticket that cannot be paid as given: `loc` points at the field, as a 422 detail does. */
export class TicketError extends Error {
  override name = 'TicketError';
  constructor(readonly loc: readonly (string | number)[], message: string) {
    super(message);
  }
}

const minor = (money: Money) => money.amount;

function discountOf(discount: TicketLineInput['discount']): LineDiscount | null {
  if (!discount) return null;
  return discount.type === 'amount' ? { type: 'amount', amount: discount.amount } : { type: 'percent', percent: String(discount.percent) };
}

/** One line (throws TaxError with `loc` on a line that cannot be computed). */
export function ticketLine(line: TicketLineInput, currency: string, loc: readonly (string | number)[] = []): TicketLine {
  const computed: TaxLine = calculateLineTax(
    {
      quantity: line.quantity,
      unit_price: line.unit_price,
      price_includes_tax: line.price_includes_tax,
      tax_rate: line.tax_rate,
      tax_category: line.tax_category,
      discount: discountOf(line.discount),
    },
    currency,
    loc,
  );
  return {
    subtotal: minor(computed.subtotal),
    discount: minor(computed.discount),
    net: minor(computed.net),
    special_tax: minor(computed.special_tax),
    tax: minor(computed.tax),
    gross: minor(computed.gross),
    tax_rate: computed.tax_rate,
    category: computed.category,
  };
}

export function ticketTotals(lines: readonly TicketLine[]): TicketTotals {
  const total = (pick: (l: TicketLine) => number) => lines.reduce((sum, l) => sum + pick(l), 0);
  return {
    subtotal: total((l) => l.subtotal),
    discount: total((l) => l.discount),
    net: total((l) => l.net),
    tax: total((l) => l.tax + l.special_tax),
    gross: total((l) => l.gross),
  };
}

const emptyKept = (): Record<PosTender, number> => ({ cash: 0, card: 0, cliq: 0, store_credit: 0, on_account: 0, gift_card: 0 });

/**
 * Checks the tenders against what is due (minor units) and works out the change. `path` prefixes
 * error locations (`['body', 'payments']`).
 */
export function checkTenders(due: number, payments: readonly TicketPaymentInput[], currency: string, path: readonly (string | number)[] = ['payments']): TenderCheck {
  const kept = emptyKept();
  let cash = 0;
  let other = 0;
  payments.forEach((payment, index) => {
    let amount: number;
    try {
      amount = parseMoney(payment.amount, currency).amount;
    } catch {
      throw new TicketError([...path, index, 'amount'], 'Enter an amount with at most three decimals');
    }
    if (amount <= 0) throw new TicketError([...path, index, 'amount'], 'A payment is greater than zero');
    if (payment.tender === 'cash') cash += amount;
    else other += amount;
    kept[payment.tender] += amount;
  });
  const format = (n: number) => fromMinorUnits(n, currency);
  if (other > due) {
    throw new TicketError(path, `Card, CliQ, store credit, gift card and on-account payments (${formatMoney(format(other))}) cannot exceed the total (${formatMoney(format(due))}); only cash gives change`);
  }
  const tendered = cash + other;
  if (tendered < due) {
    throw new TicketError(path, `The payments (${formatMoney(format(tendered))}) do not cover the total (${formatMoney(format(due))})`);
  }
  const change = tendered - due;
  kept.cash -= change;
  return { tendered, change, kept };
}


/**
 * Splits a refund over the sale's tenders: in proportion to what each kept, capped at what each
 * can still give back (kept − refunded before). Returns minor units per tender.
 */
export function refundByTenders(
  refund: number,
  kept: Partial<Record<PosTender, number>>,
  refundedBefore: Partial<Record<PosTender, number>>,
  currency: string,
): Partial<Record<PosTender, number>> {
  const tenders = (Object.keys(kept) as PosTender[]).filter((t) => (kept[t] ?? 0) - (refundedBefore[t] ?? 0) > 0);
  const room = tenders.map((t) => (kept[t] ?? 0) - (refundedBefore[t] ?? 0));
  const available = room.reduce((a, b) => a + b, 0);
  if (refund > available) throw new TicketError(['lines'], 'The refund is more than the sale has left to give back');
  if (refund === 0 || !tenders.length) return {};
  const parts = allocate(fromMinorUnits(refund, currency), room.map(String));
  const result: Partial<Record<PosTender, number>> = {};
  tenders.forEach((t, i) => {
    if (parts[i]!.amount > 0) result[t] = parts[i]!.amount;
  });
  return result;
}

/**
 * The share of a sold line that `quantity` (thousandths) of `sold` takes back: proportional and
 * rounded, except that the return that brings the line back in full takes exactly what is left, so
 * a line returned in several goes refunds exactly what it cost.
 */
export function returnedShare(
  line: Pick<TicketLine, 'net' | 'tax' | 'special_tax' | 'gross' | 'discount'>,
  sold: number,
  returnedBefore: number,
  quantity: number,
  refundedBefore: { net: number; tax: number; gross: number },
): { net: number; tax: number; gross: number } {
  if (returnedBefore + quantity >= sold) {
    return { net: line.net - refundedBefore.net, tax: line.tax + line.special_tax - refundedBefore.tax, gross: line.gross - refundedBefore.gross };
  }
  const gross = mulDiv(line.gross, quantity, sold);
  const tax = mulDiv(line.tax + line.special_tax, quantity, sold);
  return { net: gross - tax, tax, gross };
}
