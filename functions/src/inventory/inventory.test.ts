/**
 * Stock at cost in the books, through the routes: bills receive, invoices sell with their cost of
 * goods sold in the same entry, counts and adjustments post shrinkage, and the inventory account
 * equals the valuation to the fil.
 */
import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { recordRoundTrips } from '../../test/round-trips.js';
import { billsSetup, storedEntries, trialRows } from '../bills/test-setup.js';
import { createContact } from '../contacts/contacts.js';
import { StockLevel } from '../db/stockLevel.js';
import { StockDaily } from '../db/stockDaily.js';
import { StockMovement } from '../db/stockMovement.js';
import { availability } from './levels.js';
import { dynamo } from '../db/client.js';
import { verifyLedger } from '../ledger/verify.js';

const TODAY = new Date().toISOString().slice(0, 10);

async function setup(organization: Record<string, unknown> = {}) {
  const s = await billsSetup();
  const { org, as, account, supplier } = s;
  const O = `/api/v1/organizations/${org.id}`;
  if (Object.keys(organization).length) {
    const res = await call('PUT', O, { ...as('admin'), json: organization });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Hotel Petra' }));
  const product = async (json: Record<string, unknown>) => {
    const res = await call('POST', `${O}/products-services`, { ...as('member'), json: { sale_price: '0.500', is_tracked_inventory: true, ...json } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; sku: string; name: string };
  };
  const bill = async (lines: { product_id?: string; quantity: string; unit_price: string; account?: string }[]) => {
    const draft = await call('POST', `${O}/bills/with-line-items`, {
      ...as('member'),
      json: { contact_id: supplier.id, issue_date: TODAY, lines: lines.map((l) => ({ product_id: l.product_id, description: 'Goods', quantity: l.quantity, unit_price: l.unit_price, account_id: account(l.account ?? '1400') })) },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const confirmed = await call('POST', `${O}/bills/${(draft.body as { id: string }).id}/confirm`, as('admin'));
    return confirmed;
  };
  const invoiceDraft = async (lines: { product_id?: string; quantity: string; unit_price: string }[]) => {
    const draft = await call('POST', `${O}/invoices/with-line-items`, {
      ...as('member'),
      json: { contact_id: customer.id, issue_date: TODAY, lines: lines.map((l) => ({ ...l, description: 'Goods' })) },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    return draft.body as { id: string };
  };
  const confirmInvoice = (id: string) => call('POST', `${O}/invoices/${id}/confirm`, as('admin'));
  const valuation = async () => {
    const res = await call('GET', `${O}/inventory/valuation-report`, as('viewer'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { total_value: string; rows: { product_id: string; quantity: string; value: string }[] };
  };
  /** An account's balance in the trial balance as [debit, credit]. */
  const balance = async (code: string) => {
    const { rows, balanced } = await trialRows(org.id, s.users.admin.token);
    expect(balanced).toBe(true);
    const row = rows.find((r) => r[0] === code);
    return row ? [row[1], row[2]] : ['0.000', '0.000'];
  };
  return { ...s, O, customer, product, bill, invoiceDraft, confirmInvoice, valuation, balance };
}

describe('inventory at cost', () => {
  it('the worked example: receive 10 at 0.200 and 10 at 0.260 (FIFO), sell 15, count 4', async () => {
    const s = await setup();
    const croissant = await s.product({ sku: 'CRS-1', name: 'Croissant' });
    expect((await s.bill([{ product_id: croissant.id, quantity: '10', unit_price: '0.200' }])).status).toBe(200);
    expect((await s.bill([{ product_id: croissant.id, quantity: '10', unit_price: '0.260' }])).status).toBe(200);
    expect((await s.valuation()).total_value).toBe('4.600');

    const invoice = await s.invoiceDraft([{ product_id: croissant.id, quantity: '15', unit_price: '0.500' }]);
    const confirmed = await s.confirmInvoice(invoice.id);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // The sale and its cost in ONE entry: Dr receivable 7.500, Cr sales 7.500, Dr COGS 3.300, Cr inventory 3.300.
    const entry = (await storedEntries(s.org.id)).find((e) => e.source_type === 'invoice' && e.source_id === invoice.id)!;
    const byCode = (code: string) => entry.lines.filter((l) => l.account_id === s.account(code)).map((l) => [l.debit, l.credit]);
    expect(byCode('5100')).toEqual([[3300, 0]]);
    expect(byCode('1400')).toEqual([[0, 3300]]);
    const moves = await call('GET', `${s.O}/inventory/movements/by-reference/invoice/${invoice.id}`, s.as('viewer'));
    expect((moves.body as { data: { quantity: string; value: string; journal_entry_id: string }[] }).data).toMatchObject([{ quantity: '-15', value: '-3.300', journal_entry_id: entry.id }]);

    const count = await call('POST', `${s.O}/inventory/products/${croissant.id}/adjust-stock`, { ...s.as('member'), json: { quantity: '4', counted: true, reason: 'correction' } });
    expect(count.status, JSON.stringify(count.body)).toBe(201);
    expect((count.body as { movements: { quantity: string; value: string }[] }).movements).toMatchObject([{ quantity: '-1', value: '-0.260' }]);

    const report = await s.valuation();
    expect(report.total_value).toBe('1.040');
    expect(report.rows).toMatchObject([{ product_id: croissant.id, quantity: '4', value: '1.040' }]);
    // The books agree: inventory 4.600 − 3.300 − 0.260 = 1.040; COGS 3.300; shrinkage 0.260.
    expect(await s.balance('1400')).toEqual(['1.040', '0.000']);
    expect(await s.balance('5100')).toEqual(['3.300', '0.000']);
    expect(await s.balance('5200')).toEqual(['0.260', '0.000']);

    const product = await call('GET', `${s.O}/products-services/${croissant.id}`, s.as('viewer'));
    expect(product.body).toMatchObject({ quantity_on_hand: '4.000', stock_status: 'in_stock' });
    // The verification routine recomputes every level from its movements and finds the books agree.
    const verified = await verifyLedger(s.org.id);
    expect(verified).toMatchObject({ ok: true, stock: { movementsChecked: 4, levelsChecked: 1, differences: [], inventoryAccounts: 1040, stockValue: 1040 } });
    // The day's figures the analytics read, kept by the same transactions, found by product.
    const days = (await StockDaily.query.byProduct({ organization_id: s.org.id, product_id: croissant.id }).go()).data;
    expect(days).toMatchObject([{ date: TODAY, sold: 15_000, sold_cost: 3300, revenue: 7500, received: 20_000, received_value: 4600, adjusted: -1000, adjusted_value: -260, movements: 4 }]);
  });

  it('refuses to sell beyond what is on hand when negative stock is off, and consumes nothing', async () => {
    const s = await setup({ allow_negative_stock: false });
    const tea = await s.product({ sku: 'TEA-1', name: 'Tea' });
    await s.bill([{ product_id: tea.id, quantity: '2', unit_price: '1.000' }]);
    const invoice = await s.invoiceDraft([{ product_id: tea.id, quantity: '3', unit_price: '2.000' }]);
    const refused = await s.confirmInvoice(invoice.id);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('Only 2 of Tea (TEA-1) on hand');
    const draft = await call('GET', `${s.O}/invoices/${invoice.id}`, s.as('viewer'));
    expect(draft.body).toMatchObject({ status: 'draft', number: null });
    expect((await s.valuation()).total_value).toBe('2.000');
  });

  it('sells into negative stock at the last cost and trues it up with the next bill', async () => {
    const s = await setup();
    const milk = await s.product({ sku: 'MLK-1', name: 'Milk' });
    await s.bill([{ product_id: milk.id, quantity: '2', unit_price: '0.400' }]);
    const invoice = await s.invoiceDraft([{ product_id: milk.id, quantity: '5', unit_price: '1.000' }]);
    expect((await s.confirmInvoice(invoice.id)).status).toBe(200);
    const moves = await call('GET', `${s.O}/inventory/movements/by-reference/invoice/${invoice.id}`, s.as('viewer'));
    expect((moves.body as { data: unknown[] }).data).toMatchObject([{ quantity: '-5', value: '-2.000', short_quantity: '3' }]);
    // 10 arrive at 0.500: the 3 sold short cost 0.300 more than credited.
    await s.bill([{ product_id: milk.id, quantity: '10', unit_price: '0.500' }]);
    expect((await s.valuation()).rows).toMatchObject([{ quantity: '7', value: '3.500' }]);
    expect(await s.balance('1400')).toEqual(['3.500', '0.000']);
    expect(await s.balance('5100')).toEqual(['2.300', '0.000']);
  });

  it('under moving average, a bill to an expense account moves the goods to inventory', async () => {
    const s = await setup({ inventory_valuation_method: 'average' });
    const soap = await s.product({ sku: 'SOAP', name: 'Soap' });
    await s.bill([{ product_id: soap.id, quantity: '10', unit_price: '0.200', account: '6400' }]);
    await s.bill([{ product_id: soap.id, quantity: '10', unit_price: '0.260' }]);
    const invoice = await s.invoiceDraft([{ product_id: soap.id, quantity: '15', unit_price: '1.000' }]);
    expect((await s.confirmInvoice(invoice.id)).status).toBe(200);
    expect((await s.valuation()).total_value).toBe('1.150');
    expect(await s.balance('1400')).toEqual(['1.150', '0.000']);
    expect(await s.balance('5100')).toEqual(['3.450', '0.000']);
    expect(await s.balance('6400')).toEqual(['0.000', '0.000']);
  });

  it('adjusts, transfers and reverses by hand; a document movement is reversed only through its document', async () => {
    const s = await setup();
    const oil = await s.product({ sku: 'OIL', name: 'Olive oil', unit_of_measure: 'litre', cost: '3.000' });
    const receipt = await call('POST', `${s.O}/inventory/stock-movements`, { ...s.as('member'), json: { movement_type: 'receipt', product_id: oil.id, quantity: '2.5', unit_cost: '3.100' } });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    expect((receipt.body as { movements: { value: string }[] }).movements[0]!.value).toBe('7.750');
    const damaged = await call('POST', `${s.O}/inventory/products/${oil.id}/adjust-stock`, { ...s.as('member'), json: { quantity: '-0.5', reason: 'damaged' } });
    expect(damaged.status, JSON.stringify(damaged.body)).toBe(201);
    const damagedId = (damaged.body as { movements: { id: string; value: string }[] }).movements[0]!;
    expect(damagedId.value).toBe('-1.550');

    const tooMuch = await call('POST', `${s.O}/inventory/products/${oil.id}/adjust-stock`, { ...s.as('member'), json: { quantity: '-5', reason: 'theft' } });
    expect(tooMuch.status).toBe(422);

    const undo = await call('DELETE', `${s.O}/inventory/movements/${damagedId.id}`, s.as('member'));
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((undo.body as { movements: { movement_type: string; value: string }[] }).movements[0]).toMatchObject({ movement_type: 'reversal', value: '1.550' });
    expect((await call('DELETE', `${s.O}/inventory/movements/${damagedId.id}`, s.as('member'))).status).toBe(409);
    expect((await s.valuation()).total_value).toBe('7.750');

    const invoice = await s.invoiceDraft([{ product_id: oil.id, quantity: '1', unit_price: '5.000' }]);
    await s.confirmInvoice(invoice.id);
    const sale = await call('GET', `${s.O}/inventory/movements/by-reference/invoice/${invoice.id}`, s.as('viewer'));
    const saleId = (sale.body as { data: { id: string }[] }).data[0]!.id;
    const refused = await call('DELETE', `${s.O}/inventory/movements/${saleId}`, s.as('member'));
    expect(refused.status).toBe(409);
    expect((refused.body as { detail: string }).detail).toContain('through that document');

    expect(await s.balance('1400')).toEqual([(await s.valuation()).total_value, '0.000']);
    expect((await verifyLedger(s.org.id)).ok).toBe(true);
  });

  it('answers availability in one DynamoDB call and keeps levels per location', async () => {
    const s = await setup();
    const rice = await s.product({ sku: 'RICE', name: 'Rice' });
    await s.bill([{ product_id: rice.id, quantity: '8', unit_price: '1.000' }]);
    const calls = await recordRoundTrips(() => availability(s.org.id, rice.id));
    expect(calls.commands).toEqual(['GetItemCommand']);
    expect(calls.value).toEqual({ onHand: 8000, reserved: 0, available: 8000 });
    const viaRoute = await call('GET', `${s.O}/inventory/products/${rice.id}/availability`, { ...s.as('viewer'), query: { quantity: '8.001' } });
    expect(viaRoute.body).toMatchObject({ on_hand: '8', available: '8', is_available: false });
    const levels = (await StockLevel.query.byProduct({ organization_id: s.org.id }).go()).data;
    expect(levels).toMatchObject([{ product_id: rice.id, location_id: 'main', on_hand: 8000, value: 8000 }]);
    const moves = (await StockMovement.query.byDate({ organization_id: s.org.id }).go()).data;
    expect(moves).toHaveLength(1);
  });
});

describe('a count of many products', () => {
  it('posts in transactions of 20 products, and undoes the posted ones when a later transaction fails', async () => {
    const s = await setup();
    const products: { id: string }[] = [];
    for (let i = 0; i < 45; i++) products.push(await s.product({ sku: `P-${i}`, name: `Product ${i}`, cost: '0.100' }));
    const counts = products.map((p) => ({ product_id: p.id, counted: '3' }));

    // A fault injected at the DynamoDB client: the third transaction of the count fails.
    let transactions = 0;
    let failing = true;
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if (failing && context.commandName === 'TransactWriteItemsCommand' && ++transactions === 3) throw new Error('injected failure');
        return next(args);
      },
      { step: 'initialize', name: 'injectCountFailure' },
    );
    try {
      const refused = await call('POST', `${s.O}/inventory/bulk-adjustment`, { ...s.as('member'), json: { counts } });
      expect(refused.status).toBe(500);
    } finally {
      failing = false;
      dynamo.middlewareStack.remove('injectCountFailure');
    }
    // Nothing is left of it: every level back to zero, the books and the stock agree.
    expect((await s.valuation()).total_value).toBe('0.000');
    const levels = (await StockLevel.query.byProduct({ organization_id: s.org.id }).go({ pages: 'all' })).data;
    expect(levels.every((l) => l.on_hand === 0 && l.value === 0)).toBe(true);
    expect((await verifyLedger(s.org.id)).ok).toBe(true);

    const done = await call('POST', `${s.O}/inventory/bulk-adjustment`, { ...s.as('member'), json: { counts } });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect((done.body as { movements: unknown[] }).movements).toHaveLength(45);
    expect((await s.valuation()).total_value).toBe('13.500'); // 45 × 3 × 0.100
    expect(await s.balance('1400')).toEqual(['13.500', '0.000']);
  });
});

describe('an invoice naming many tracked products', () => {
  it('is refused with a 422 that says to split it, and takes no number', async () => {
    const s = await setup();
    const lines: { product_id: string; quantity: string; unit_price: string }[] = [];
    for (let i = 0; i < 26; i++) lines.push({ product_id: (await s.product({ sku: `M-${i}`, name: `Item ${i}` })).id, quantity: '1', unit_price: '1.000' });
    const invoice = await s.invoiceDraft(lines);
    const refused = await s.confirmInvoice(invoice.id);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('moves the stock of 26 products, more than one posting can hold');
    expect((await call('GET', `${s.O}/invoices/${invoice.id}`, s.as('viewer'))).body).toMatchObject({ status: 'draft', number: null });
    expect((await verifyLedger(s.org.id)).ok).toBe(true);
  });
});
