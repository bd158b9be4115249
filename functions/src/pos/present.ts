/**
 * The receipt as the API shows it (issue 15): the presenter of the till's document kind, apart
 * from its posting (pos/sales.ts) so that reading receipts — a customer's history, a session's
 * list, a reprint — loads none of the sale's posting, promotions or gift-card code.
 */
import { money } from '@daftar/shared';
import type { PosTender, PosTransaction as PosTransactionPublic } from '@daftar/shared/schemas/pos';
import type { PosTransactionRecord, StoredPosLine, StoredPosPayment } from '../db/posTransaction.js';
import type { StoredTicketLoyalty } from '../loyalty/till.js';

export function presentTicketLoyalty(l: StoredTicketLoyalty | undefined | null, currency: string) {
  if (!l) return null;
  const text = (minor: number) => money.formatMoney(money.fromMinorUnits(minor, currency));
  return {
    loyalty_program_id: l.loyalty_program_id,
    points_earned: l.points_earned,
    points_redeemed: l.points_redeemed,
    redeemed_value: text(l.redeemed_value),
    points_taken_back: l.points_taken_back,
    points_restored: l.points_restored,
    shortfall_points: l.shortfall_points,
    shortfall_amount: text(l.shortfall_amount),
    balance_after: l.balance_after,
  };
}

export function presentTransaction(record: PosTransactionRecord, currency: string): PosTransactionPublic {
  const text = (minor: number) => money.formatMoney(money.fromMinorUnits(minor, currency));
  const line = (l: StoredPosLine) => ({
    id: l.id,
    product_id: l.product_id,
    sku: l.sku,
    name: l.name,
    name_ar: l.name_ar,
    quantity: String(l.quantity / 1000),
    unit_price: l.unit_price,
    price_includes_tax: l.price_includes_tax,
    tax_id: l.tax_id,
    tax_rate: l.tax_rate,
    discount: text(l.discount),
    net: text(l.net),
    tax: text(l.tax + l.special_tax),
    gross: text(l.gross),
    original_line_id: l.original_line_id ?? null,
    restock: l.restock ?? null,
    returned_quantity: String((l.returned_milli ?? 0) / 1000),
    promotion_discount: text(l.promotion_discount ?? 0),
    loyalty_discount: text(l.loyalty_discount ?? 0),
  });
  return {
    id: record.id,
    kind: record.kind,
    status: 'completed',
    number: record.number,
    terminal_id: record.terminal_id,
    session_id: record.session_id,
    sequence: record.sequence,
    cashier_id: record.cashier_id,
    customer_id: record.customer_id ?? null,
    customer_name: record.customer_name ?? null,
    occurred_at: record.occurred_at,
    posted_at: record.posted_at,
    offline: record.offline ?? false,
    lines: (record.lines as StoredPosLine[]).map(line),
    new_lines: ((record.new_lines as StoredPosLine[] | undefined) ?? []).map(line),
    payments: (record.payments as StoredPosPayment[]).map((p) => ({ id: p.id, tender: p.tender, amount: text(p.amount), reference: p.reference, gift_card_id: p.gift_card_id ?? null })),
    refunds: ((record.refunds as { tender: PosTender; amount: number }[] | undefined) ?? []).map((r) => ({ tender: r.tender, amount: text(r.amount) })),
    promotions: ((record.promotions as { promotion_id: string; name: string; name_ar: string | null; discount: number; reason_key: string; reason_params: Record<string, string> }[] | undefined) ?? []).map((p) => ({ ...p, discount: text(p.discount) })),
    loyalty: presentTicketLoyalty(record.loyalty as StoredTicketLoyalty | undefined, currency),
    subtotal: text(record.subtotal),
    discount: text(record.discount),
    net: text(record.net),
    tax: text(record.tax),
    total_amount: text(record.total),
    tendered: text(record.tendered),
    change: text(record.change),
    original_transaction_id: record.original_transaction_id ?? null,
    journal_entry_id: record.journal_entry_id,
    stock_settled: record.stock_settled,
    receipt_status: record.receipt_status,
    einvoice_status: record.einvoice_status ?? null,
    note: record.note ?? null,
  };
}
