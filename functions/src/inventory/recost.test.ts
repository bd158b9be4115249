/**
 * Re-costing after a back-dated movement (issue 14): queued by the posting that owes it, visible
 * while owed, run by a job that posts the difference once (dated today), idempotent, and awaited
 * by the period close.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { storedEntries } from '../bills/test-setup.js';
import type { ProductRecord } from '../db/product.js';
import type { StockLevelRecord } from '../db/stockLevel.js';
import type { StockMovementRecord } from '../db/stockMovement.js';
import { addDays } from '../ledger/dates.js';
import { verifyLedger } from '../ledger/verify.js';
import { recostLevel, replayLevel, runRecostRequest } from './recost.js';
import { COUNT_KEPT, planStock, type StockChange, type StockRead } from './stock.js';
import { oneProductShop } from './test-setup.js';

const TODAY = new Date().toISOString().slice(0, 10);

interface Recosting {
  pending: { id: string; targets: { product_id: string; location_id: string; from: string }[] }[];
  done: { product_id: string; from: string; cost_of_goods_sold: string; inventory_adjustments: string; inventory: string; journal_entry_id: string | null }[];
}

async function setup(method: 'fifo' | 'average') {
  const s = await oneProductShop({ sku: 'FLR-1', name: 'Flour' }, method);
  const recosting = async () => {
    const res = await call('GET', `${s.O}/inventory/recosting`, s.as('viewer'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Recosting;
  };
  const runAll = async () => {
    for (const request of (await recosting()).pending) await runRecostRequest(s.org.id, request.id);
  };
  return { ...s, recosting, runAll };
}

async function expectBooksAgree(s: Awaited<ReturnType<typeof setup>>) {
  const [debit, credit] = await s.balance('1400');
  expect(credit).toBe('0.000');
  expect(debit).toBe(await s.valuation());
  const verified = await verifyLedger(s.org.id);
  expect(verified.ok, JSON.stringify(verified)).toBe(true);
}

describe('re-costing after a back-dated movement', () => {
  it('FIFO: a receipt dated before the layer a sale took is queued, the period waits, and the job moves the sale to the older, cheaper layer — once, dated today', async () => {
    const s = await setup('fifo');
    await s.bill(addDays(TODAY, -5), '10', '0.200');
    await s.invoice(addDays(TODAY, -3), '5'); // 5 × 0.200 = 1.000
    expect((await s.recosting()).pending).toEqual([]); // nothing back-dated yet

    await s.bill(addDays(TODAY, -6), '10', '0.100'); // older than the layer the sale took
    const owed = await s.recosting();
    expect(owed.pending).toHaveLength(1);
    expect(owed.pending[0]!.targets).toEqual([{ product_id: s.product.id, location_id: 'main', from: addDays(TODAY, -6) }]);

    // A period over the back-dated date cannot close while the re-costing is owed.
    const periods = `${s.O}/accounting/periods`;
    const period = await call('POST', periods, { ...s.as('admin'), json: { start_date: addDays(TODAY, -30), end_date: addDays(TODAY, -1) } });
    expect(period.status, JSON.stringify(period.body)).toBe(201);
    const refused = await call('POST', `${periods}/${(period.body as { id: string }).id}/close`, s.as('admin'));
    expect(refused.status).toBe(409);
    expect((refused.body as { detail: string }).detail).toMatch(new RegExp(`re-costed from ${addDays(TODAY, -6)}`));

    await s.runAll();
    const after = await s.recosting();
    expect(after.pending).toEqual([]);
    // The sale took 5 of the 0.100 layer: cost of goods sold 0.500 less, inventory 0.500 more.
    expect(after.done).toMatchObject([{ product_id: s.product.id, from: addDays(TODAY, -6), cost_of_goods_sold: '-0.500', inventory_adjustments: '0.000', inventory: '0.500' }]);
    const entry = (await storedEntries(s.org.id)).find((e) => e.id === after.done[0]!.journal_entry_id)!;
    expect(entry.date).toBe(TODAY);
    expect(await s.valuation()).toBe('2.500'); // 5 × 0.100 + 10 × 0.200
    await expectBooksAgree(s);

    // Run again: nothing left to post.
    const again = await recostLevel(s.org.id, { product_id: s.product.id, location_id: 'main', from: addDays(TODAY, -6) });
    expect(again).toMatchObject({ cogs_delta: 0, adjustments_delta: 0, inventory_delta: 0, journal_entry_id: null });
    expect((await call('POST', `${periods}/${(period.body as { id: string }).id}/close`, s.as('admin'))).status).toBe(200);
  });

  it('moving average: a dearer receipt dated before a sale raises that sale’s cost, posted as one difference', async () => {
    const s = await setup('average');
    await s.bill(addDays(TODAY, -5), '10', '0.200');
    await s.invoice(addDays(TODAY, -3), '5'); // at 0.200: 1.000
    await s.bill(addDays(TODAY, -4), '10', '0.400'); // the average on the sale's day was 0.300
    await s.runAll();
    const { done } = await s.recosting();
    expect(done).toMatchObject([{ cost_of_goods_sold: '0.500', inventory: '-0.500' }]);
    expect(await s.valuation()).toBe('4.500'); // 15 × 0.300
    await expectBooksAgree(s);
  });
});

describe('the replay', () => {
  const product = { organization_id: 'o', id: 'p', sku: 'P', name: 'P', is_tracked_inventory: true, on_hand_milli: 0, cost_fils: 150 } as unknown as ProductRecord;
  const change = fc.oneof(
    fc.record({ kind: fc.constant('receipt' as const), quantity: fc.integer({ min: 1, max: 20 }).map((q) => q * 1000), value: fc.integer({ min: 0, max: 9000 }) }),
    fc.record({ kind: fc.constant('issue' as const), quantity: fc.integer({ min: 1, max: 15 }).map((q) => q * 1000) }),
    fc.record({ kind: fc.constant('count' as const), quantity: fc.integer({ min: 0, max: 30 }).map((q) => q * 1000) }),
    fc.record({ kind: fc.constant('adjust' as const), quantity: fc.integer({ min: -5, max: 5 }).filter((q) => q !== 0).map((q) => q * 1000) }),
  );

  it('replays a receipt and the count kept beside it in the order they were made, so a re-costing is the same every time', () => {
    const outcomes = new Set<string>();
    for (let run = 0; run < 40; run++) {
      const movements: StockMovementRecord[] = [];
      let level: StockLevelRecord | null = null;
      const post = (change: Partial<StockChange>, date: string, now: string) => {
        const read: StockRead = { organizationId: 'o', method: 'average', allowNegative: true, products: new Map([['p', product]]), levels: new Map([['p|main', level]]) };
        const plan = planStock(read, [{ productId: 'p', referenceType: 'manual', ...change } as StockChange], { date, now });
        movements.push(...plan.movements);
        const { position } = replayLevel(movements, 'average', 150);
        const counted = change.kind === 'count' ? { counted_on: date, counted_at: now } : { counted_on: level?.counted_on, counted_at: level?.counted_at };
        level = { organization_id: 'o', product_id: 'p', location_id: 'main', on_hand: position.on_hand, value: position.value, layers: [], last_cost: position.last_cost ?? undefined, version: movements.length, last_moved_on: date, ...counted } as StockLevelRecord;
      };
      post({ kind: 'receipt', quantity: 10_000, value: 2_000 }, '2026-03-01', '2026-03-01T08:00:00.000Z');
      post({ kind: 'count', quantity: 12_000 }, '2026-03-05', '2026-03-05T08:00:00.000Z');
      // Dated before the count, posted after it: the receipt and the count kept beside it, made in the same millisecond.
      post({ kind: 'receipt', quantity: 2_000, value: 900 }, '2026-03-03', '2026-03-06T08:00:00.000Z');
      expect(movements.map((m) => m.reason ?? m.movement_type)).toEqual(['receipt', 'count', 'receipt', COUNT_KEPT]);
      // Made together, they sort by id in the order they were made (platform/ids.ts).
      const [receipt, kept] = movements.slice(2);
      expect(receipt!.id < kept!.id).toBe(true);
      const replayed = replayLevel(movements, 'average', 150);
      outcomes.add(JSON.stringify([replayed.cogsSide, replayed.adjustmentsSide, replayed.position.value]));
    }
    expect(outcomes.size).toBe(1);
  });

  it('of movements planned in date order finds nothing to correct (FIFO and average, negative stock and counts included)', () => {
    fc.assert(
      fc.property(fc.constantFrom('fifo' as const, 'average' as const), fc.array(change, { minLength: 1, maxLength: 25 }), (method, changes) => {
        const movements: StockMovementRecord[] = [];
        let level: StockLevelRecord | null = null;
        changes.forEach((c, i) => {
          const date = addDays('2026-01-01', i);
          const read: StockRead = { organizationId: 'o', method, allowNegative: true, products: new Map([['p', product]]), levels: new Map([['p|main', level]]) };
          let plan;
          try {
            plan = planStock(read, [{ productId: 'p', referenceType: 'manual', ...c } as StockChange], { date, now: `${date}T10:00:00.000Z` });
          } catch {
            return; // refused (an adjustment below zero): nothing moved
          }
          movements.push(...plan.movements);
          const position = movements.length ? replayLevel(movements, method, 150).position : null;
          level = position && ({ organization_id: 'o', product_id: 'p', location_id: 'main', on_hand: position.on_hand, value: position.value, layers: position.layers, last_cost: position.last_cost ?? undefined, version: i + 1, last_moved_on: date } as StockLevelRecord);
          const booked = movements.reduce((sum, m) => sum + m.value, 0);
          expect(position?.value ?? 0).toBe(booked);
        });
        const replayed = replayLevel(movements, method, 150);
        expect(replayed.cogsSide).toBe(0);
        expect(replayed.adjustmentsSide).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
