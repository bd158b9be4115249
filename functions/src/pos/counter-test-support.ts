/**
 * What the tests of the counter's routes (customers, receipts, sync status, health) share: till
 * items written straight through the entities (terminals, receipts), so these tests do not depend
 * on the sale routes to have something to show.
 */
import { uuidv7 } from '../platform/ids.js';
import { PosTerminal, type PosTerminalRecord } from '../db/posTerminal.js';
import { PosTransaction, type PosTransactionRecord, type StoredPosLine, type StoredPosPayment } from '../db/posTransaction.js';

export async function storeTerminal(organizationId: string, fields: Partial<PosTerminalRecord> = {}): Promise<PosTerminalRecord> {
  const now = new Date().toISOString();
  const terminal: PosTerminalRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    name: 'Till 1',
    location_id: 'main',
    cash_account_id: 'cash',
    receipt_prefix: `T${Math.floor(Math.random() * 1e6)}`,
    max_cashier_discount_percent: 10,
    is_active: true,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await PosTerminal.create(terminal).go();
  return terminal;
}

/** A line as the sale posts it: `gross` tax included, `net` + `tax` = `gross`. */
export function storedLine(fields: Partial<StoredPosLine> & Pick<StoredPosLine, 'name' | 'quantity' | 'unit_price' | 'gross' | 'net' | 'tax' | 'tax_rate'>): StoredPosLine {
  return {
    id: crypto.randomUUID(),
    product_id: null,
    sku: null,
    name_ar: null,
    tracked: false,
    price_includes_tax: true,
    tax_id: null,
    tax_category: 'standard',
    discount_input: null,
    subtotal: fields.net,
    discount: 0,
    special_tax: 0,
    cost: 0,
    ...fields,
  };
}

/**
 * A posted receipt. Default: two Arabic coffees at 1.250 (16 % included: 2.155 + 0.345) and an
 * exempt loaf at 0.500, 3.000 in all, paid 5.000 cash, 2.000 change.
 */
export async function storeReceipt(organizationId: string, terminal: Pick<PosTerminalRecord, 'id' | 'receipt_prefix'>, fields: Partial<PosTransactionRecord> = {}): Promise<PosTransactionRecord> {
  const numberSeq = fields.number_seq ?? 1;
  const lines: StoredPosLine[] = [
    storedLine({ name: 'Arabic coffee', name_ar: 'قهوة عربية', quantity: 2000, unit_price: '1.250', gross: 2500, net: 2155, tax: 345, tax_rate: '16' }),
    storedLine({ name: 'Bread', name_ar: 'خبز', quantity: 1000, unit_price: '0.500', gross: 500, net: 500, tax: 0, tax_rate: '0', tax_category: 'exempt' }),
  ];
  const payments: StoredPosPayment[] = [{ id: crypto.randomUUID(), tender: 'cash', amount: 5000, reference: null }];
  const occurredAt = fields.occurred_at ?? new Date().toISOString();
  const receipt: PosTransactionRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    kind: 'sale',
    number: `${terminal.receipt_prefix}-${String(numberSeq).padStart(6, '0')}`,
    number_seq: numberSeq,
    terminal_id: terminal.id,
    session_id: uuidv7(),
    sequence: numberSeq,
    cashier_id: 'cashier',
    customer_key: fields.customer_id ?? '-',
    occurred_at: occurredAt,
    date: occurredAt.slice(0, 10),
    posted_at: occurredAt,
    lines,
    payments,
    subtotal: 2655,
    discount: 0,
    net: 2655,
    tax: 345,
    total: 3000,
    tendered: 5000,
    change: 2000,
    journal_entry_id: uuidv7(),
    stock_settled: true,
    receipt_status: 'not_sent',
    version: 1,
    ...fields,
  };
  await PosTransaction.create(receipt).go();
  return receipt;
}
