/**
 * "A count sets the quantity at its time; later-arriving older movements do not reopen it"
 * (issue 14). A bill dated before a count, a sale that synced after it: booked as they are, their
 * quantity taken back at once against inventory adjustments, so the shelf the count saw stands.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import type { ProductRecord } from '../db/product.js';
import type { StockLevelRecord } from '../db/stockLevel.js';
import { verifyLedger } from '../ledger/verify.js';
import { addDays } from '../ledger/dates.js';
import { COUNT_KEPT, planStock, type StockRead } from './stock.js';
import { oneProductShop } from './test-setup.js';

const TODAY = new Date().toISOString().slice(0, 10);

async function setup() {
  const s = await oneProductShop({ sku: 'CRS-1', name: 'Croissant' });
  const { O, as, product } = s;
  const count = (date: string, counted: string) => call('POST', `${O}/inventory/bulk-adjustment`, { ...as('member'), json: { date, counts: [{ product_id: product.id, counted }] } });
  const movementsOf = async (type: 'bill' | 'invoice', id: string) => {
    const res = await call('GET', `${O}/inventory/movements/by-reference/${type}/${id}`, as('viewer'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: { movement_type: string; quantity: string; value: string; reason: string | null }[] }).data;
  };
  return { ...s, count, movementsOf };
}

describe('a count is not reopened by an older movement', () => {
  it('keeps the counted quantity when a bill and a sale dated before the count arrive after it, and moves the money where it belongs', async () => {
    const s = await setup();
    await s.bill(addDays(TODAY, -5), '10', '0.200');
    // The shelf holds 12 on the count's day: 2 more than the records (a delivery not yet billed).
    const counted = await s.count(addDays(TODAY, -3), '12');
    expect(counted.status, JSON.stringify(counted.body)).toBe(201);
    expect((await s.level()).on_hand).toBe(12_000);

    // The delivery's bill arrives now, dated before the count: the 2 were on the shelf the count saw.
    const lateBill = await s.bill(addDays(TODAY, -4), '2', '0.250');
    expect((await s.level()).on_hand).toBe(12_000);
    const billMoves = await s.movementsOf('bill', lateBill);
    expect(billMoves.map((m) => [m.movement_type, m.quantity, m.reason])).toEqual(
      expect.arrayContaining([['receipt', '2', null], ['count', '-2', COUNT_KEPT]]),
    );
    expect(billMoves).toHaveLength(2);

    // A sale dated before the count, confirmed after it: the count had already found the 3 gone.
    const lateSale = await s.invoice(addDays(TODAY, -4), '3');
    expect((await s.level()).on_hand).toBe(12_000);
    const saleMoves = await s.movementsOf('invoice', lateSale);
    expect(saleMoves.map((m) => [m.movement_type, m.quantity, m.reason])).toEqual(
      expect.arrayContaining([['issue', '-3', null], ['count', '3', COUNT_KEPT]]),
    );

    // After the count, movements move stock as always.
    await s.bill(TODAY, '1', '0.300');
    expect((await s.level()).on_hand).toBe(13_000);

    // The books: inventory equals the valuation to the fil, and every level equals its movements.
    const [inventoryDebit, inventoryCredit] = await s.balance('1400');
    expect(inventoryCredit).toBe('0.000');
    expect(inventoryDebit).toBe(await s.valuation());
    const verified = await verifyLedger(s.org.id);
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
    expect(verified.stock).toMatchObject({ differences: [] });
  });

  it('takes back what the older bill added: the count gain it explained is reversed in inventory adjustments', async () => {
    const s = await setup();
    await s.bill(addDays(TODAY, -5), '10', '0.200');
    await s.count(addDays(TODAY, -3), '12'); // a gain of 2 at the last cost, 0.400
    const adjustmentsAfterCount = await s.balance('5200');
    await s.bill(addDays(TODAY, -4), '2', '0.200'); // the two were this delivery, at the same cost
    // The gain is gone from inventory adjustments: the two units are now the bill's.
    const [debit, credit] = await s.balance('5200');
    expect(adjustmentsAfterCount).toEqual(['0.000', '0.400']);
    expect([debit, credit]).toEqual(['0.000', '0.000']);
    expect(await s.valuation()).toBe('2.400');
  });

  it('refuses a count dated before the latest count, writing nothing', async () => {
    const s = await setup();
    await s.bill(addDays(TODAY, -5), '10', '0.200');
    expect((await s.count(addDays(TODAY, -2), '9')).status).toBe(201);
    const before = await s.level();
    const older = await s.count(addDays(TODAY, -3), '4');
    expect(older.status).toBe(422);
    expect(JSON.stringify(older.body)).toMatch(new RegExp(`A count of ${addDays(TODAY, -2)} already set the stock of Croissant`));
    expect(await s.level()).toEqual(before);
    // A count on the same day or later still sets the stock.
    expect((await s.count(addDays(TODAY, -2), '8')).status).toBe(201);
    expect((await s.level()).on_hand).toBe(8_000);
  });
});

describe('the planner, for a till ticket settled after a count of its own day', () => {
  const product = { organization_id: 'o', id: 'p', sku: 'CRS-1', name: 'Croissant', is_tracked_inventory: true, on_hand_milli: 10_000 } as unknown as ProductRecord;
  const read = (level: Partial<StockLevelRecord>): StockRead => ({
    organizationId: 'o',
    method: 'fifo',
    allowNegative: true,
    products: new Map([['p', product]]),
    levels: new Map([['p|main', { organization_id: 'o', product_id: 'p', location_id: 'main', on_hand: 10_000, value: 2_000, layers: [{ date: '2026-11-01', quantity: 10_000, value: 2_000 }], last_cost: { quantity: 1000, value: 200 }, version: 3, ...level } as StockLevelRecord]]),
  });
  const sale = [{ productId: 'p', kind: 'issue' as const, quantity: 1_000, referenceType: 'pos_receipt' as const, referenceId: 't1' }];
  const counted = { counted_on: '2026-11-20', counted_at: '2026-11-20T15:00:00.000Z' };
  const context = { date: '2026-11-21', now: '2026-11-21T08:00:00.000Z' };

  it('keeps the count for a ticket sold that morning (before the count was posted)', () => {
    const plan = planStock(read(counted), sale, { ...context, moved: { on: '2026-11-20', at: '2026-11-20T07:30:00.000Z' } });
    expect(plan.movements.map((m) => [m.movement_type, m.quantity, m.value, m.reason ?? null])).toEqual([['issue', -1_000, -200, null], ['count', 1_000, 200, COUNT_KEPT]]);
    expect(plan.cogs).toBe(200);
    expect(plan.adjustments).toBe(-200);
    expect(plan.inventory).toBe(0);
  });

  it('moves stock for a ticket sold after the count was posted, or on a later day', () => {
    for (const moved of [{ on: '2026-11-20', at: '2026-11-20T16:00:00.000Z' }, { on: '2026-11-21', at: '2026-11-21T07:00:00.000Z' }]) {
      const plan = planStock(read(counted), sale, { ...context, moved });
      expect(plan.movements.map((m) => [m.movement_type, m.quantity])).toEqual([['issue', -1_000]]);
      expect(plan.inventory).toBe(-200);
    }
  });

  it('records the count on the level so the next posting knows it', () => {
    const plan = planStock(read({}), [{ productId: 'p', kind: 'count', quantity: 9_000, referenceType: 'count' }], context);
    const update = plan.items.find((i) => 'Update' in i && JSON.stringify(i).includes('counted_on'));
    expect(JSON.stringify(update)).toContain('2026-11-21T08:00:00.000Z');
  });
});
