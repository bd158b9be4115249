import { returnedShare } from '@daftar/shared/pos/ticket';
import type { PosRefundMethod, PosReturnCreate, PosTender, PosTransaction } from '@daftar/shared/schemas/pos';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import type { ReturnDetails } from '../api/get-return-details';
import type { CatalogueItem } from '../offline/catalogue';
import { uuidv7 } from '../offline/uuidv7';
import { major, minorOf, resolveTax, type ComputedTicket, type SaleIdentity } from './ticket-model';
import type { ReceiptData } from './receipt';

/** Quantities as thousandths, as the server keeps them, so caps and steps never meet a float. */
export const milli = (quantity: string) => Math.round(Number(quantity) * 1000);
export const fromMilli = (n: number) => {
  const whole = Math.floor(n / 1000);
  const rest = n % 1000;
  return rest ? `${whole}.${String(rest).padStart(3, '0').replace(/0+$/, '')}` : String(whole);
};

/** One sold line as the return screen edits it. */
export interface ReturnLineState {
  /** The sold line (`original_line_id`). */
  line_id: string;
  /** The return line's own id, kept for the ticket's lifetime so a resend carries the same one. */
  id: string;
  quantity: string;
  restock: boolean;
}

export const initialReturnLines = (details: ReturnDetails): ReturnLineState[] =>
  details.lines.map((l) => ({ line_id: l.line_id, id: uuidv7(), quantity: '0', restock: true }));

/**
 * A typed or stepped quantity held between nothing and what the line can still give back. Whole
 * steps from a fractional returnable (a weighed 1.250 kg) stop at the returnable itself.
 */
export function clampQuantity(quantity: string, returnable: string): string {
  const value = /^\d+(\.\d{1,3})?$/.test(quantity.trim()) ? milli(quantity) : 0;
  return fromMilli(Math.max(0, Math.min(value, milli(returnable))));
}

export function stepReturnQuantity(quantity: string, returnable: string, step: 1 | -1): string {
  return clampQuantity(fromMilli(Math.max(0, milli(quantity) + step * 1000)), returnable);
}

/**
 * What returning `quantity` of a sold line refunds, as the server computes it (`returnedShare`): the
 * line's gross in proportion, and the return that brings the line back in full takes what is left.
 * What earlier returns took is estimated as their proportional share (exact after at most one
 * earlier return; the server's figure is what the return receipt shows).
 */
export function lineShare(sold: PosTransaction['lines'][number] | undefined, detail: ReturnDetails['lines'][number], quantity: string, currency: string): { gross: number; tax: number } {
  const q = milli(quantity);
  if (q <= 0) return { gross: 0, tax: 0 };
  // Without the sold line's figures, what one unit refunds (its tax is the server's to say).
  if (!sold) return { gross: Math.round((minorOf(detail.unit_refund, currency) * q) / 1000), tax: 0 };
  const gross = minorOf(sold.gross, currency);
  const tax = minorOf(sold.tax, currency);
  const line = { net: gross - tax, tax, special_tax: 0, gross, discount: 0 };
  const soldQ = milli(sold.quantity);
  const before = milli(detail.returned_quantity);
  const earlier = before ? returnedShare(line, soldQ, 0, before, { net: 0, tax: 0, gross: 0 }) : { net: 0, tax: 0, gross: 0 };
  const share = returnedShare(line, soldQ, before, q, earlier);
  return { gross: share.gross, tax: share.tax };
}

export const lineRefund = (...args: Parameters<typeof lineShare>) => lineShare(...args).gross;

export interface ReturnSummary {
  /** What the returned lines give back (minor units). */
  refund: number;
  /** What the exchange's new lines cost. */
  newTotal: number;
  /** refund − newTotal: above zero the shop pays back, below zero the customer pays. */
  balance: number;
  /** Tax given back less the new lines' tax, as the server records a return's tax. */
  tax: number;
  count: number;
}

export function summarizeReturn(shares: readonly { gross: number; tax: number }[], exchange: ComputedTicket, count: number): ReturnSummary {
  const refund = shares.reduce((a, b) => a + b.gross, 0);
  const newTotal = exchange.totals.gross;
  return { refund, newTotal, balance: refund - newTotal, tax: shares.reduce((a, b) => a + b.tax, 0) - exchange.totals.tax, count };
}

export interface ReturnIdentity extends SaleIdentity {
  customer_id: string | null;
}

/** The lines of an exchange as a sale names them. */
const exchangeLines = (exchange: ComputedTicket): PosReturnCreate['new_lines'] =>
  exchange.lines.map(({ line, tax }) => ({
    id: line.id,
    product_id: line.item.id,
    quantity: line.quantity,
    unit_price: line.unit_price,
    price_includes_tax: line.item.price_includes_tax,
    tax_id: tax.tax_id,
    discount: line.discount,
  }));

/** The POST pos/returns body of a return with its receipt: only lines with something to give back. */
export function returnBody(
  identity: ReturnIdentity,
  originalTransactionId: string,
  lines: readonly ReturnLineState[],
  exchange: ComputedTicket,
  refundMethod: PosRefundMethod,
  payments: readonly { id: string; tender: PosTender; amount: string }[],
  reason: string,
): PosReturnCreate {
  return {
    ...identity,
    original_transaction_id: originalTransactionId,
    lines: lines.filter((l) => milli(l.quantity) > 0).map((l) => ({ id: l.id, original_line_id: l.line_id, quantity: l.quantity, restock: l.restock })),
    new_lines: exchangeLines(exchange),
    refund_method: refundMethod,
    payments: payments.map((p) => ({ id: p.id, tender: p.tender, amount: p.amount })),
    reason: reason.trim() || null,
  };
}

/** A line of a return without a receipt: the product, its price and tax as the cashier enters them. */
export interface ReceiptlessLineState {
  id: string;
  item: CatalogueItem;
  quantity: string;
  unit_price: string;
  restock: boolean;
}

export function receiptlessBody(identity: ReturnIdentity & { customer_id: string }, lines: readonly ReceiptlessLineState[], taxes: readonly TaxOption[], reason: string): PosReturnCreate {
  return {
    ...identity,
    original_transaction_id: null,
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.item.id,
      unit_price: l.unit_price,
      price_includes_tax: l.item.price_includes_tax,
      tax_id: resolveTax(l.item.tax_id, taxes).tax_id,
      quantity: l.quantity,
      restock: l.restock,
    })),
    new_lines: [],
    refund_method: 'store_credit',
    payments: [],
    reason: reason.trim() || null,
  };
}

/** Who may take a return without a receipt, by the organization's setting. */
export function mayReturnWithoutReceipt(policy: 'never' | 'admins' | 'everyone' | null | undefined, isAdmin: boolean): boolean {
  const effective = policy ?? 'admins';
  return effective === 'everyone' || (effective === 'admins' && isAdmin);
}

interface ReceiptContext {
  shopName: string;
  header: string | null;
  footer: string | null;
  terminalName: string;
  cashier: string | null;
  currency: string;
}

/** A posted receipt (sale or return) as the printable receipt shows it: the server's own figures. */
export function receiptFromTransaction(tx: PosTransaction, context: ReceiptContext): ReceiptData {
  const m = (amount: string) => minorOf(amount, context.currency);
  const line = (l: PosTransaction['lines'][number], sign: 1 | -1) => ({
    id: l.id,
    name: l.name,
    name_ar: l.name_ar,
    quantity: sign < 0 ? `−${l.quantity}` : l.quantity,
    unit_price: l.unit_price,
    // The server's `discount` holds the promotions' and the points' shares too; the receipt prints them apart.
    discount: m(l.discount) - m(l.promotion_discount ?? '0') - m(l.loyalty_discount ?? '0'),
    promotion_discount: m(l.promotion_discount ?? '0'),
    loyalty_discount: m(l.loyalty_discount ?? '0'),
    gross: sign * m(l.gross),
  });
  const isReturn = tx.kind === 'return';
  return {
    id: tx.id,
    kind: tx.kind,
    shopName: context.shopName,
    header: context.header,
    footer: context.footer,
    terminalName: context.terminalName,
    cashier: context.cashier,
    occurredAt: tx.occurred_at,
    customerName: tx.customer_name,
    currency: context.currency,
    lines: [...tx.lines.map((l) => line(l, isReturn ? -1 : 1)), ...tx.new_lines.map((l) => line(l, 1))],
    totals: { subtotal: m(tx.subtotal), discount: m(tx.discount), net: m(tx.net), tax: m(tx.tax), gross: m(tx.total_amount) },
    promotions: (tx.promotions ?? []).map((p) => ({ promotion_id: p.promotion_id, name: p.name, name_ar: p.name_ar, discount: m(p.discount) })),
    // A gift card's payment names the card by its last digits (the server keeps them as its reference).
    payments: tx.payments.map((p) => ({ tender: p.tender, amount: p.amount, card_number: p.tender === 'gift_card' ? p.reference : null })),
    refunds: tx.refunds.map((r) => ({ tender: r.tender, amount: r.amount })),
    // A sale's points as the server posted them (a return's points are shown at the returns desk).
    loyalty: tx.loyalty && !isReturn ? { points_redeemed: tx.loyalty.points_redeemed, redeemed_value: m(tx.loyalty.redeemed_value), points_earned: tx.loyalty.points_earned, balance_after: tx.loyalty.balance_after } : null,
    tendered: m(tx.tendered),
    change: m(tx.change),
  };
}

/** A return as the register made it, for its receipt until the server's answer arrives. */
export function provisionalReturnReceipt(
  context: ReceiptContext & { id: string; occurredAt: string; customerName: string | null },
  returned: readonly { id: string; name: string; name_ar: string | null; quantity: string; unit_price: string; refund: number }[],
  exchange: ComputedTicket,
  summary: ReturnSummary,
  refundMethod: PosRefundMethod,
  payments: readonly { tender: PosTender; amount: string }[],
  check: { tendered: number; change: number } | null,
): ReceiptData {
  const balance = summary.balance;
  return {
    id: context.id,
    kind: 'return',
    shopName: context.shopName,
    header: context.header,
    footer: context.footer,
    terminalName: context.terminalName,
    cashier: context.cashier,
    occurredAt: context.occurredAt,
    customerName: context.customerName,
    currency: context.currency,
    lines: [
      ...returned.map((l) => ({ id: l.id, name: l.name, name_ar: l.name_ar, quantity: `−${l.quantity}`, unit_price: l.unit_price, discount: 0, gross: -l.refund })),
      ...exchange.lines.map(({ line, figures }) => ({ id: line.id, name: line.item.name, name_ar: line.item.name_ar, quantity: line.quantity, unit_price: line.unit_price, discount: figures?.discount ?? 0, gross: figures?.gross ?? 0 })),
    ],
    totals: { subtotal: summary.refund, discount: 0, net: balance - summary.tax, tax: summary.tax, gross: balance },
    payments: payments.map((p) => ({ tender: p.tender, amount: p.amount })),
    // The split over the sale's tenders is the server's; until it answers, the method says where it goes.
    refunds: balance > 0 ? [{ tender: refundMethod === 'store_credit' ? 'store_credit' : 'original_tenders', amount: major(balance, context.currency) }] : [],
    tendered: check?.tendered ?? 0,
    change: check?.change ?? 0,
  };
}
