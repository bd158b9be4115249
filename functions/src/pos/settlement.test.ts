/**
 * The stock queue (settlement.ts): a sale books a provisional cost, the consumer settles the exact
 * FIFO cost once however often the message comes, a receipt of more tracked products than one
 * transaction can move settles in chunks, and the inventory account then equals the valuation.
 */
import { describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { call } from '../../test/client.js';
import { uuidv7 } from '../platform/ids.js';
import { billsSetup } from '../bills/test-setup.js';
import { PosPendingStock } from '../db/posPendingStock.js';
import { PosTransaction } from '../db/posTransaction.js';
import { StockMovement } from '../db/stockMovement.js';
import { verifyLedger } from '../ledger/verify.js';
import { handler } from './settlement-consumer.js';

const uuid = () => uuidv7();
const event = (organization_id: string, transaction_id: string, messageId = uuid()): SQSEvent =>
  ({ Records: [{ messageId, body: JSON.stringify({ organization_id, transaction_id }) }] }) as unknown as SQSEvent;

async function setup(products: number) {
  const s = await billsSetup();
  const O = `/api/v1/organizations/${s.org.id}`;
  const ids: string[] = [];
  for (let i = 0; i < products; i++) {
    const res = await call('POST', `${O}/products-services`, { ...s.as('admin'), json: { sku: `P${i}`, name: `Product ${i}`, sale_price: '1.000', cost: '0.100', is_tracked_inventory: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  // Two receipts each, at 0.300 then 0.500 (FIFO: the first sold cost 0.300, not the catalogue's 0.100).
  for (const unit_cost of ['0.300', '0.500']) {
    for (const product_id of ids) {
      const one = await call('POST', `${O}/inventory/stock-movements`, { ...s.as('admin'), json: { movement_type: 'receipt', product_id, quantity: '2', unit_cost } });
      expect(one.status, JSON.stringify(one.body)).toBe(201);
    }
  }
  const terminal = await call('POST', `${O}/pos/terminals`, { ...s.as('admin'), json: { name: 'Till' } });
  const session = await call('POST', `${O}/pos/sessions`, { ...s.as('member'), json: { terminal_id: terminal.body.id } });
  const sale = await call('POST', `${O}/pos/transactions`, {
    ...s.as('member'),
    json: {
      id: uuid(), terminal_id: terminal.body.id, session_id: session.body.id, sequence: 1, occurred_at: new Date().toISOString(),
      lines: ids.map((product_id) => ({ id: uuid(), product_id, quantity: '1', unit_price: '1.000', price_includes_tax: false, tax_id: null })),
      payments: [{ id: uuid(), tender: 'cash', amount: `${products}.000` }],
    },
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  expect(sale.body.stock_settled).toBe(false);
  return { ...s, O, ids, sale: sale.body as { id: string; lines: { id: string }[] }, terminal: terminal.body as { id: string }, session: session.body as { id: string } };
}

describe('the till stock queue', () => {
  it('settles the exact FIFO cost once, however often the message comes', async () => {
    const s = await setup(2);
    const first = await handler(event(s.org.id, s.sale.id));
    expect(first.batchItemFailures).toEqual([]);
    const again = await handler(event(s.org.id, s.sale.id));
    expect(again.batchItemFailures).toEqual([]);
    const { data: movements } = await StockMovement.query.byReference({ organization_id: s.org.id, reference_type: 'pos_receipt', reference_id: s.sale.id }).go();
    expect(movements.map((m) => [m.quantity, m.value])).toEqual([[-1000, -300], [-1000, -300]]);
    const { data: receipt } = await PosTransaction.get({ organization_id: s.org.id, id: s.sale.id }).go();
    expect(receipt?.stock_settled).toBe(true);
    const valuation = await call('GET', `${s.O}/inventory/valuation-report`, s.as('viewer'));
    // Each product: 2 × 0.300 + 2 × 0.500 = 1.600 received, one at 0.300 gone → 1.300; two products.
    expect(valuation.body.total_value).toBe('2.600');
    expect((await verifyLedger(s.org.id)).ok).toBe(true);

    // Returned after settling, the unit goes back on the shelf at what it really cost (0.300), not the catalogue's 0.100.
    const back = await call('POST', `${s.O}/pos/returns`, {
      ...s.as('member'),
      json: { id: uuid(), terminal_id: s.terminal.id, session_id: s.session.id, sequence: 2, occurred_at: new Date().toISOString(), original_transaction_id: s.sale.id, lines: [{ id: uuid(), original_line_id: s.sale.lines[0]!.id, quantity: '1', restock: true }], payments: [] },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect((await handler(event(s.org.id, back.body.id))).batchItemFailures).toEqual([]);
    const after = await call('GET', `${s.O}/inventory/valuation-report`, s.as('viewer'));
    expect(after.body.total_value).toBe('2.900');
    const verification = await verifyLedger(s.org.id);
    expect(verification.ok, JSON.stringify(verification)).toBe(true);
  });

  it('settles a receipt of 25 tracked products in chunks, and a poison message is handed back', async () => {
    const s = await setup(25);
    expect((await handler(event(s.org.id, s.sale.id))).batchItemFailures).toEqual([]);
    const { data: pending } = await PosPendingStock.query.byTransaction({ organization_id: s.org.id }).go();
    expect(pending).toEqual([]);
    const { data: movements } = await StockMovement.query.byReference({ organization_id: s.org.id, reference_type: 'pos_receipt', reference_id: s.sale.id }).go({ pages: 'all' });
    expect(movements).toHaveLength(25);
    const verification = await verifyLedger(s.org.id);
    expect(verification.ok, JSON.stringify(verification)).toBe(true);
    const poison = await handler({ Records: [{ messageId: 'bad', body: 'not json' }] } as unknown as SQSEvent);
    expect(poison.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
  });
});
