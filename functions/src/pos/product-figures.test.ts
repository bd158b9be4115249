/**
 * The per-product day figures (product-figures.ts) through the till's routes: a receipt's
 * follow-up counts its lines (returns taken off, untracked products too), once however often its
 * message comes or the sweep meets it, in chunks when it has many products; the POS dashboard
 * shows the top products from them, for the organization or one terminal.
 */
import { describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { posDashboardMetricsPublic } from '@daftar/shared/schemas/reportAnalyses';
import { call } from '../../test/client.js';
import { billsSetup } from '../bills/test-setup.js';
import { PosProductDay, PosTerminalProductDay } from '../db/posProductDay.js';
import { PosTransaction, type PosTransactionRecord } from '../db/posTransaction.js';
import { uuidv7 } from '../platform/ids.js';
import { countMissing, countReceiptProducts, PRODUCTS_COUNTED } from './product-figures.js';
import { handler } from './settlement-consumer.js';

const uuid = () => uuidv7();
const event = (organization_id: string, transaction_id: string): SQSEvent =>
  ({ Records: [{ messageId: uuid(), body: JSON.stringify({ organization_id, transaction_id }) }] }) as unknown as SQSEvent;

async function setup() {
  const s = await billsSetup();
  const O = `/api/v1/organizations/${s.org.id}`;
  const product = async (json: Record<string, unknown>) => {
    const res = await call('POST', `${O}/products-services`, { ...s.as('admin'), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  // Bread is tracked; juice (16% in the price) and cake (exempt) are not.
  const bread = await product({ sku: 'BRD', name: 'Bread', name_ar: 'خبز', sale_price: '0.500', is_tracked_inventory: true, cost: '0.150' });
  const juice = await product({ sku: 'JCE', name: 'Juice', sale_price: '1.160', price_includes_tax: true, tax_id: s.gst16.id });
  const cake = await product({ sku: 'CKE', name: 'Cake', sale_price: '2.000' });
  const till = async (name: string, receipt_prefix: string) => {
    const terminal = await call('POST', `${O}/pos/terminals`, { ...s.as('admin'), json: { name, receipt_prefix } });
    expect(terminal.status, JSON.stringify(terminal.body)).toBe(201);
    const session = await call('POST', `${O}/pos/sessions`, { ...s.as('member'), json: { terminal_id: terminal.body.id, opening_float: '20.000' } });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    let sequence = 0;
    const body = (extra: Record<string, unknown>) => ({ id: uuid(), terminal_id: terminal.body.id, session_id: session.body.id, sequence: ++sequence, occurred_at: new Date().toISOString(), ...extra });
    const post = async (path: 'transactions' | 'returns', json: { id: string }) => {
      const res = await call('POST', `${O}/pos/${path}`, { ...s.as('member'), json, headers: { 'idempotency-key': json.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: string; lines: { id: string; product_id: string }[] };
    };
    return {
      id: terminal.body.id as string,
      sell: (lines: unknown[], cash: string) => post('transactions', body({ lines, payments: [{ id: uuid(), tender: 'cash', amount: cash }] })),
      giveBack: (sale: { id: string }, lines: unknown[]) => post('returns', body({ original_transaction_id: sale.id, lines, payments: [] })),
    };
  };
  const line = (p: { id: string }, quantity: string, unit_price: string, tax_id: string | null = null) => ({ id: uuid(), product_id: p.id, quantity, unit_price, price_includes_tax: !!tax_id, tax_id });
  const lines = {
    bread: (quantity: string) => line(bread, quantity, '0.500'),
    juice: (quantity: string) => line(juice, quantity, '1.160', s.gst16.id),
    cake: (quantity: string) => line(cake, quantity, '2.000'),
  };
  const dashboard = async (terminal_id?: string) => {
    const res = await call('GET', `${O}/reports/pos/dashboard-metrics`, { ...s.as('viewer'), query: { period: 'last_7_days', terminal_id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return posDashboardMetricsPublic.parse(res.body).top_products;
  };
  const deliver = async (transactionId: string) => expect((await handler(event(s.org.id, transactionId))).batchItemFailures).toEqual([]);
  const receipt = async (id: string) => (await PosTransaction.get({ organization_id: s.org.id, id }).go()).data as PosTransactionRecord;
  const productDays = async () => (await PosProductDay.query.byDate({ organization_id: s.org.id }).go({ pages: 'all' })).data;
  return { ...s, O, bread, juice, cake, till, lines, dashboard, deliver, receipt, productDays };
}

describe('the till per-product figures', () => {
  it('a sale of three products and a return of one: the dashboard top products, for the organization and one terminal', async () => {
    const s = await setup();
    const front = await s.till('Front', 'F');
    const back = await s.till('Back', 'B');
    // Front: 2 bread (1.000), 1 juice (1.000 net of its 0.160 tax), 3 cakes (6.000); then one cake back (2.000).
    const sale = await front.sell([s.lines.bread('2'), s.lines.juice('1'), s.lines.cake('3')], '10.000');
    const cakeLine = sale.lines.find((l) => l.product_id === s.cake.id)!;
    const returned = await front.giveBack(sale, [{ id: uuid(), original_line_id: cakeLine.id, quantity: '1', restock: false }]);
    // Back: 5 juices (5.000 net).
    const other = await back.sell([s.lines.juice('5')], '5.800');

    // Not in the sale's transaction: nothing until the follow-up comes.
    expect(await s.dashboard()).toEqual([]);
    for (const id of [sale.id, returned.id, other.id]) await s.deliver(id);
    expect((await s.receipt(sale.id)).products_counted).toBe(PRODUCTS_COUNTED);
    expect((await s.receipt(returned.id)).products_counted).toBe(PRODUCTS_COUNTED);

    const juice = { product_id: s.juice.id, name: 'Juice', name_ar: null, quantity: '6', net_sales: '6.000' };
    const cake = { product_id: s.cake.id, name: 'Cake', name_ar: null, quantity: '2', net_sales: '4.000' };
    const bread = { product_id: s.bread.id, name: 'Bread', name_ar: 'خبز', quantity: '2', net_sales: '1.000' };
    expect(await s.dashboard()).toEqual([juice, cake, bread]);
    // Front alone: bread and juice both took 1.000; the more units first.
    expect(await s.dashboard(front.id)).toEqual([cake, bread, { ...juice, quantity: '1', net_sales: '1.000' }]);
    expect(await s.dashboard(back.id)).toEqual([{ ...juice, quantity: '5', net_sales: '5.000' }]);
    // The items kept: one per (day, product), organization-wide, and one per terminal too.
    expect(await s.productDays()).toHaveLength(3);
    const { data: frontDays } = await PosTerminalProductDay.query.byDate({ organization_id: s.org.id, terminal_id: front.id }).go({ pages: 'all' });
    expect(frontDays.map((d) => [d.sku, d.quantity_milli, d.net]).sort()).toEqual([['BRD', 2000, 1000], ['CKE', 2000, 4000], ['JCE', 1000, 1000]]);
  });

  it('counts a receipt once: a message delivered twice, two deliveries at once, the sweep with a stale read', async () => {
    const s = await setup();
    const front = await s.till('Front', 'F');
    const sale = await front.sell([s.lines.cake('1')], '2.000');
    // The sweep's Query read the receipt before its message counted it.
    const stale = await s.receipt(sale.id);
    expect(stale.products_counted).toBeUndefined();
    await s.deliver(sale.id);
    await s.deliver(sale.id);
    expect(await countReceiptProducts(s.org.id, sale.id, { read: stale })).toBe(0);
    expect(await s.dashboard()).toEqual([expect.objectContaining({ name: 'Cake', quantity: '1', net_sales: '2.000' })]);

    // Two deliveries of another receipt at the same moment.
    const two = await front.sell([s.lines.cake('2')], '4.000');
    const both = await Promise.all([countReceiptProducts(s.org.id, two.id), countReceiptProducts(s.org.id, two.id)]);
    expect(both.sort()).toEqual([0, 1]);
    expect(await s.dashboard()).toEqual([expect.objectContaining({ name: 'Cake', quantity: '3', net_sales: '6.000' })]);
  });

  it('a receipt of more products than one transaction holds is counted in chunks, each once', async () => {
    const s = await setup();
    const front = await s.till('Front', 'F');
    const sale = await front.sell([s.lines.bread('1'), s.lines.juice('1'), s.lines.cake('1')], '4.000');
    // Two products a transaction; the work stops after the first chunk, as a crash would.
    expect(await countReceiptProducts(s.org.id, sale.id, { perChunk: 2, maxChunks: 1 })).toBe(1);
    const halfway = await s.receipt(sale.id);
    expect(halfway.products_counted).toBe('2');
    expect((await s.productDays()).map((d) => d.sku).sort()).toEqual(['BRD', 'JCE']);
    // The message comes again and counts the rest; a stale read of the first chunk adds nothing.
    await s.deliver(sale.id);
    expect(await countReceiptProducts(s.org.id, sale.id, { read: halfway, perChunk: 2 })).toBe(0);
    expect((await s.receipt(sale.id)).products_counted).toBe(PRODUCTS_COUNTED);
    expect((await s.productDays()).map((d) => [d.sku, d.quantity_milli, d.net]).sort()).toEqual([['BRD', 1000, 500], ['CKE', 1000, 2000], ['JCE', 1000, 1000]]);
  });

  it('the sweep counts a receipt whose message was lost, once', async () => {
    const s = await setup();
    const front = await s.till('Front', 'F');
    const sale = await front.sell([s.lines.juice('2')], '2.320');
    // Too young: left to its message.
    expect(await countMissing(s.org.id)).toBe(0);
    expect(await countMissing(s.org.id, { minAgeMs: 0 })).toBe(1);
    expect(await countMissing(s.org.id, { minAgeMs: 0 })).toBe(0);
    expect((await s.receipt(sale.id)).products_counted).toBe(PRODUCTS_COUNTED);
    expect(await s.dashboard()).toEqual([{ product_id: s.juice.id, name: 'Juice', name_ar: null, quantity: '2', net_sales: '2.000' }]);
  });
});
