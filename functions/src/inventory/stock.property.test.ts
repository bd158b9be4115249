/**
 * Stock under concurrency (issue 14's reliability bar): batches of receipts, sales, returns,
 * adjustments, counts, transfers and reservations over two products and two locations run at the
 * same time, with some that must be refused and some whose transaction is made to fail. After
 * every batch: each level is the sum of its movements, each product's on-hand the sum of its
 * levels, the inventory account equals the stock at cost to the fil (the ledger's verification
 * routine checks all three), no reservation exceeds what is on hand, and a refused or failed
 * operation left nothing behind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { StockLevel } from '../db/stockLevel.js';
import { StockLocation } from '../db/stockLocation.js';
import { StockMovement } from '../db/stockMovement.js';
import { conditionCheck } from '../db/transaction.js';
import { ensureChartOfAccounts } from '../ledger/chart.js';
import { verifyLedger } from '../ledger/verify.js';
import { DomainError } from '../platform/errors.js';
import { postStockChanges } from './movements.js';
import { changeReservation } from './reservations.js';
import { DEFAULT_LOCATION_ID, type StockChange } from './stock.js';

const LOCATIONS = [DEFAULT_LOCATION_ID, 'back-room'];
const actor = { user_id: null, organization_id: null, ip_address: null, user_agent: null } as never;

type Op =
  | { kind: 'receipt'; product: number; location: number; quantity: number; unitCost: number }
  | { kind: 'issue' | 'transfer' | 'reserve' | 'release'; product: number; location: number; quantity: number }
  | { kind: 'return_in'; product: number; location: number; quantity: number; unitCost: number }
  | { kind: 'adjust'; product: number; location: number; quantity: number }
  | { kind: 'count'; product: number; location: number; quantity: number }
  | { kind: 'failing'; product: number; location: number; quantity: number };

const target = { product: fc.integer({ min: 0, max: 1 }), location: fc.integer({ min: 0, max: 1 }) };
const qty = fc.integer({ min: 1, max: 8 }).map((n) => n * 500); // half units
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('receipt' as const), ...target, quantity: qty, unitCost: fc.integer({ min: 100, max: 900 }) }),
  fc.record({ kind: fc.constantFrom('issue' as const, 'transfer' as const, 'reserve' as const, 'release' as const), ...target, quantity: qty }),
  fc.record({ kind: fc.constant('return_in' as const), ...target, quantity: qty, unitCost: fc.integer({ min: 100, max: 900 }) }),
  fc.record({ kind: fc.constant('adjust' as const), ...target, quantity: fc.integer({ min: -6, max: 6 }).filter((n) => n !== 0).map((n) => n * 500) }),
  fc.record({ kind: fc.constant('count' as const), ...target, quantity: fc.integer({ min: 0, max: 12 }).map((n) => n * 500) }),
  fc.record({ kind: fc.constant('failing' as const), ...target, quantity: qty }),
);

async function setup() {
  const { org, users } = await organizationWithRoles();
  await ensureChartOfAccounts(org.id);
  // Negative stock off: a refused sale is part of what is checked.
  expect((await call('PUT', `/api/v1/organizations/${org.id}`, { token: users.admin.token, json: { allow_negative_stock: false } })).status).toBe(200);
  await StockLocation.create({ organization_id: org.id, id: 'back-room', name: 'Back room', location_type: 'warehouse', created_at: new Date().toISOString() }).go();
  const products: string[] = [];
  for (const sku of ['FLOUR', 'SUGAR']) {
    const res = await call('POST', `/api/v1/organizations/${org.id}/products-services`, { token: users.member.token, org: org.id, json: { sku, name: sku, is_tracked_inventory: true, cost: '0.400' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    products.push((res.body as { id: string }).id);
  }
  return { orgId: org.id, products };
}

/** Runs one operation; answers whether it was refused (a domain error: nothing may be written). */
async function run(orgId: string, products: string[], o: Op): Promise<'done' | 'refused'> {
  const productId = products[o.product]!;
  const locationId = LOCATIONS[o.location]!;
  const post = (changes: StockChange[], failing = false) =>
    postStockChanges(orgId, changes, {
      actorId: null,
      narrative: () => ({ key: 'ledger.stock.adjustment', params: { product: productId } }),
      audit: { actor, action: 'stock.adjusted', narrative: () => ({ key: 'audit.stock.reversed', params: { id: 'x' } }) },
      // A transaction made to fail on an item of its own: everything else in it must vanish with it.
      extraItems: failing
        ? () => [conditionCheck({ TableName: process.env.TABLE_NAME, Key: { pk: `NOWHERE#${orgId}`, sk: 'x' }, ConditionExpression: 'attribute_exists(pk)' }, () => new DomainError('conflict', 'forced failure'))]
        : undefined,
    });
  const base = { productId, locationId, referenceType: 'manual' as const };
  try {
    switch (o.kind) {
      case 'receipt': await post([{ ...base, kind: 'receipt', quantity: o.quantity, value: (o.unitCost * o.quantity) / 1000 }]); break;
      case 'return_in': await post([{ ...base, kind: 'return_in', quantity: o.quantity, value: (o.unitCost * o.quantity) / 1000 }]); break;
      case 'issue': await post([{ ...base, kind: 'issue', quantity: o.quantity }]); break;
      case 'adjust': await post([{ ...base, kind: 'adjust', quantity: o.quantity }]); break;
      case 'count': await post([{ ...base, kind: 'count', quantity: o.quantity }]); break;
      case 'transfer': {
        const other = LOCATIONS[1 - o.location]!;
        await post([{ ...base, kind: 'transfer_out', quantity: o.quantity, referenceType: 'transfer' }, { ...base, locationId: other, kind: 'transfer_in', quantity: o.quantity, referenceType: 'transfer' }]);
        break;
      }
      case 'reserve': await changeReservation(orgId, productId, o.quantity, locationId); break;
      case 'release': await changeReservation(orgId, productId, -o.quantity, locationId); break;
      case 'failing': await post([{ ...base, kind: 'receipt', quantity: o.quantity, value: o.quantity }], true); break;
    }
    return 'done';
  } catch (error) {
    if (error instanceof DomainError) return 'refused';
    throw error;
  }
}

describe('stock under concurrency', () => {
  it('never writes off or counts away stock reserved for a customer (the property found it: count 4, reserve 4, adjust −0.5)', async () => {
    const { orgId, products } = await setup();
    expect(await run(orgId, products, { kind: 'count', product: 1, location: 0, quantity: 4000 })).toBe('done');
    expect(await run(orgId, products, { kind: 'reserve', product: 1, location: 0, quantity: 4000 })).toBe('done');
    expect(await run(orgId, products, { kind: 'adjust', product: 1, location: 0, quantity: -500 })).toBe('refused');
    expect(await run(orgId, products, { kind: 'count', product: 1, location: 0, quantity: 3500 })).toBe('refused');
    const levels = (await StockLevel.query.byProduct({ organization_id: orgId }).go({ pages: 'all', consistent: true })).data;
    for (const level of levels) expect(level.reserved ?? 0).toBeLessThanOrEqual(level.on_hand);
  });

  it('keeps levels, products, the inventory account and reservations in step, whatever runs together or fails', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 2, maxLength: 5 }), { minLength: 2, maxLength: 4 }), async (batches) => {
        const { orgId, products } = await setup();
        for (const batch of batches) {
          const movementsBefore = (await StockMovement.query.byDate({ organization_id: orgId }).go({ pages: 'all', consistent: true })).data.length;
          const outcomes = await Promise.all(batch.map((o) => run(orgId, products, o)));
          const failing = batch.filter((o) => o.kind === 'failing').length;
          expect(outcomes.filter((r, i) => batch[i]!.kind === 'failing' && r === 'done')).toEqual([]);
          const verified = await verifyLedger(orgId);
          expect(verified.stock?.differences ?? []).toEqual([]);
          expect(verified.ok, JSON.stringify(verified.differences)).toBe(true);
          if (verified.stock) expect(verified.stock.inventoryAccounts).toBe(verified.stock.stockValue);
          const levels = (await StockLevel.query.byProduct({ organization_id: orgId }).go({ pages: 'all', consistent: true })).data;
          for (const level of levels) {
            expect(level.on_hand).toBeGreaterThanOrEqual(0);
            expect(level.reserved ?? 0).toBeLessThanOrEqual(level.on_hand);
          }
          // Each stock operation that went through wrote its movements; refused and failed ones none.
          const movementsAfter = (await StockMovement.query.byDate({ organization_id: orgId }).go({ pages: 'all', consistent: true })).data.length;
          const moving = batch.filter((o, i) => outcomes[i] === 'done' && !['reserve', 'release', 'failing'].includes(o.kind));
          expect(movementsAfter - movementsBefore).toBeLessThanOrEqual(moving.reduce((n, o) => n + (o.kind === 'transfer' ? 2 : 1), 0));
          expect(failing).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});

describe('reservations', () => {
  it('two requests cannot reserve the same last unit, and a sale does not take reserved stock', async () => {
    const { orgId, products } = await setup();
    const [flour] = products as [string];
    await run(orgId, products, { kind: 'receipt', product: 0, location: 0, quantity: 1000, unitCost: 500 });
    const outcomes = await Promise.allSettled([changeReservation(orgId, flour, 1000), changeReservation(orgId, flour, 1000)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await run(orgId, products, { kind: 'issue', product: 0, location: 0, quantity: 500 })).toBe('refused');
    const level = (await StockLevel.get({ organization_id: orgId, product_id: flour, location_id: DEFAULT_LOCATION_ID }).go({ consistent: true })).data;
    expect(level).toMatchObject({ on_hand: 1000, reserved: 1000 });
    await changeReservation(orgId, flour, -1000);
    expect(await run(orgId, products, { kind: 'issue', product: 0, location: 0, quantity: 500 })).toBe('done');
  });
});
