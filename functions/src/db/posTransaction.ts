import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A till receipt: a sale or a return (an exchange is a return with new lines), as it posted. The
 * id is the register's (a UUID it made before it had the network), so the Put with
 * `attribute_not_exists` in the sale's ONE transaction (pos/sales.ts) is what makes a replayed
 * sale post once, whatever the Idempotency-Key did.
 *
 * Lines and payments are embedded (at most 200 and 10: far inside 400 KB). Amounts are minor units
 * and quantities thousandths. A sold line carries what returns took back of it
 * (`returned_milli`, `returned_net`, `returned_tax`, `returned_gross`), and the receipt
 * `refunded_by_tender`; returns update them on condition of the `version` read, so two cashiers
 * returning the same receipt at once cannot both return the last unit.
 *
 * `stock_settled` is false until the stock queue (pos/settlement.ts) has issued the tracked lines at
 * their exact cost; `provisional_cost` is what the sale booked to cost of goods sold meanwhile.
 *
 * Access: one receipt by id (pk `ORG#<org>#POSTX`, sk `TX#<id>`; the register's ids are UUIDv7,
 * so the partition reads in time order); a terminal's receipts by session and number (gsi1, sk
 * `<session>#<number>`: a session's receipts are a prefix); a customer's (gsi2, newest last).
 */
export const PosTransaction = new Entity(
  {
    model: { entity: 'pos_transaction', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      kind: { type: ['sale', 'return'] as const, required: true, readOnly: true },
      number: { type: 'string', required: true, readOnly: true },
      /** The number in the terminal's series (the receipt number is `<prefix>-<zero-padded seq>`). */
      number_seq: { type: 'number', required: true, readOnly: true },
      terminal_id: { type: 'string', required: true, readOnly: true },
      session_id: { type: 'string', required: true, readOnly: true },
      sequence: { type: 'number', required: true, readOnly: true },
      cashier_id: { type: 'string', required: true, readOnly: true },
      customer_id: { type: 'string', readOnly: true },
      /** `-` for a walk-in customer, so every receipt has gsi2 keys. */
      customer_key: { type: 'string', required: true, readOnly: true },
      customer_name: { type: 'string', readOnly: true },
      occurred_at: { type: 'string', required: true, readOnly: true },
      /** The business day (organization's time zone) the receipt posted on. */
      date: { type: 'string', required: true, readOnly: true },
      posted_at: { type: 'string', required: true, readOnly: true },
      offline: { type: 'boolean', readOnly: true },
      lines: { type: 'any', required: true },
      new_lines: { type: 'any' },
      payments: { type: 'any', required: true, readOnly: true },
      refunds: { type: 'any' },
      /** Per tender, what the receipt kept (cash net of change): what refunds may go back to. */
      kept_by_tender: { type: 'any' },
      refunded_by_tender: { type: 'any' },
      /** Gift cards: what each card paid (sales, exchanges) and what went back onto each (returns), minor units by card id. */
      kept_by_card: { type: 'any' },
      /** Sales: the promotions earned, [{promotion_id, name, name_ar, discount (minor), reason_key, reason_params}]. */
      promotions: { type: 'any' },
      refunded_by_card: { type: 'any' },
      /** Loyalty on the receipt (loyalty/till.ts StoredTicketLoyalty), and on a sale what its returns have returned of it. */
      loyalty: { type: 'any' },
      loyalty_returned: { type: 'any' },
      subtotal: { type: 'number', required: true, readOnly: true },
      discount: { type: 'number', required: true, readOnly: true },
      net: { type: 'number', required: true, readOnly: true },
      tax: { type: 'number', required: true, readOnly: true },
      total: { type: 'number', required: true, readOnly: true },
      tendered: { type: 'number', required: true, readOnly: true },
      change: { type: 'number', required: true, readOnly: true },
      original_transaction_id: { type: 'string', readOnly: true },
      journal_entry_id: { type: 'string', required: true, readOnly: true },
      provisional_cost: { type: 'number' },
      /** Per sold line, the exact cost the stock queue issued it at (absent until settled). */
      exact_costs: { type: 'any' },
      stock_settled: { type: 'boolean', required: true },
      receipt_status: { type: ['not_sent', 'queued', 'sent', 'failed'] as const, required: true },
      receipt_email: { type: 'string' },
      receipt_language: { type: 'string' },
      receipt_attempts: { type: 'number' },
      receipt_error: { type: 'string' },
      receipt_sent_at: { type: 'string' },
      einvoice_status: { type: 'string' },
      /**
       * The receipt's lines are in the per-product day figures (db/posProductDay.ts): `done`; while a
       * receipt of more products than one transaction holds is counted in chunks, how many of its
       * products are in so far (`"49"`); absent before (pos/product-figures.ts).
       */
      products_counted: { type: 'string' },
      note: { type: 'string', readOnly: true },
      reason: { type: 'string', readOnly: true },
      version: { type: 'number', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#POSTX', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'TX#${id}', casing: 'none' },
      },
      byTerminal: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'terminal_id'], template: 'ORG#${organization_id}#POSTERM#${terminal_id}#TX', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['session_id', 'number'], template: '${session_id}#${number}', casing: 'none' },
      },
      byCustomer: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'customer_key'], template: 'ORG#${organization_id}#POSCUST#${customer_key}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['occurred_at', 'id'], template: '${occurred_at}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosTransactionRecord = EntityItem<typeof PosTransaction>;

/** A sold or returned line as stored (minor units, thousandths). */
export interface StoredPosLine {
  id: string;
  product_id: string | null;
  sku: string | null;
  name: string;
  name_ar: string | null;
  tracked: boolean;
  quantity: number;
  unit_price: string;
  price_includes_tax: boolean;
  tax_id: string | null;
  tax_rate: string;
  tax_category: 'standard' | 'zero_rated' | 'exempt';
  discount_input: unknown;
  /** What promotions took off the line (minor units; part of `discount`). */
  promotion_discount?: number;
  /** What redeemed loyalty points took off the line (minor units; part of `discount`). */
  loyalty_discount?: number;
  subtotal: number;
  discount: number;
  net: number;
  special_tax: number;
  tax: number;
  gross: number;
  /** Provisional cost booked to cost of goods sold (tracked products). */
  cost: number;
  original_line_id?: string | null;
  restock?: boolean | null;
  returned_milli?: number;
  returned_net?: number;
  returned_tax?: number;
  returned_gross?: number;
  returned_cost?: number;
}
export interface StoredPosPayment { id: string; tender: 'cash' | 'card' | 'cliq' | 'store_credit' | 'on_account' | 'gift_card'; amount: number; reference: string | null; gift_card_id?: string | null }
