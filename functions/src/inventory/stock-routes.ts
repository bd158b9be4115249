import * as z from 'zod';
import { parseQuantity, quantityText } from '@daftar/shared/inventory/costing';
import { listOf } from '@daftar/shared/schemas/common';
import * as inventory from '@daftar/shared/schemas/inventory';
import { MOVEMENT_REFERENCE_TYPES } from '@daftar/shared/schemas/codes';
import { StockMovement, type StockMovementRecord } from '../db/stockMovement.js';
import { Product } from '../db/product.js';
import { defineRouteGroup, route } from '../http/api.js';
import { actorIdOf } from '../http/principal.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import type { RecostTarget } from '../db/stockRecost.js';
import { recostings } from './recost.js';
import { NotFound, ValidationError } from '../platform/errors.js';
import { allLevels, amountIn, locations, presentLevel, valuation } from './levels.js';
import { COUNT_CHUNK, getMovement, postCount, postStockChanges, presentMovement, reverseMovement } from './movements.js';
import { DEFAULT_LOCATION_ID, productOf, type StockChange } from './stock.js';

const ORG = '/api/v1/organizations/{organization_id}';
const movementList = listOf(inventory.stockMovementPublic);
const postedAnswer = z.object({ movements: z.array(inventory.stockMovementPublic), journal_entry_id: z.string().nullable() });

/** 422 unless the location is the main store or one the organization made. */
async function checkLocation(organizationId: string, locationId: string | undefined, loc: (string | number)[]) {
  if (!locationId || locationId === DEFAULT_LOCATION_ID) return;
  if (!(await locations(organizationId)).some((l) => l.id === locationId)) {
    throw new ValidationError([{ loc, msg: 'Location not found', type: 'not_found' }]);
  }
}

const quantityOf = (text: string) => parseQuantity(text)!;

async function page(organizationId: string, records: StockMovementRecord[], skip: number, limit: number) {
  const { currency } = await organizationSettings(organizationId);
  return { data: records.slice(skip, skip + limit).map((m) => presentMovement(m, currency)), count: records.length };
}

const newestFirst = (a: StockMovementRecord, b: StockMovementRecord) => (a.date === b.date ? b.id.localeCompare(a.id) : b.date.localeCompare(a.date));

async function movementsOf(organizationId: string, filter: { product_id?: string; location_id?: string; movement_type?: string; date_from?: string; date_to?: string }) {
  const query = filter.product_id
    ? StockMovement.query.byProduct({ organization_id: organizationId, product_id: filter.product_id })
    : StockMovement.query.byDate({ organization_id: organizationId });
  const ranged = filter.date_from || filter.date_to
    ? query.between({ date: filter.date_from ?? '0000-00-00' } as never, { date: `${filter.date_to ?? '9999-12-31'}~` } as never)
    : query;
  const { data } = await ranged
    .where((a, { eq }) => [filter.location_id ? eq(a.location_id, filter.location_id) : '', filter.movement_type ? eq(a.movement_type, filter.movement_type) : ''].filter(Boolean).join(' AND '))
    .go({ pages: 'all', order: 'desc' });
  return (data as StockMovementRecord[]).sort(newestFirst);
}

export const routes = defineRouteGroup('inventory', {

  [`GET ${ORG}/inventory/locations`]: route({
    access: { org: 'viewer' },
    summary: 'Where stock is kept: the main store and the locations the organization added',
    response: listOf(inventory.locationPublic),
    handler: async ({ organizationId }) => {
      const data = await locations(organizationId!);
      return { data, count: data.length };
    },
  }),

  [`GET ${ORG}/inventory/stock-movements`]: route({
    access: { org: 'viewer' },
    summary: 'Stock movements, newest first (product_id, location_id, movement_type, date_from, date_to)',
    query: inventory.movementListQuery,
    response: movementList,
    handler: async ({ organizationId, query }) => page(organizationId!, await movementsOf(organizationId!, query), query.skip, query.limit),
  }),

  [`POST ${ORG}/inventory/stock-movements`]: route({
    access: { org: 'member' },
    status: 201,
    autoAudit: false,
    summary: 'Receive goods by hand at a unit cost (Dr inventory, Cr inventory adjustments), or transfer goods between locations at cost',
    body: inventory.stockMovementCreate,
    response: postedAnswer,
    handler: async (ctx) => {
      const organizationId = ctx.organizationId!;
      const body = ctx.body;
      const { currency } = await organizationSettings(organizationId);
      const product = await productOf(organizationId, body.product_id);
      const quantity = quantityOf(body.quantity);
      if (quantity <= 0) throw new ValidationError([{ loc: ['body', 'quantity'], msg: 'The quantity must be more than zero', type: 'value_error' }]);
      let changes: StockChange[];
      let audit: { action: string; narrative: () => { key: 'audit.stock.received' | 'audit.stock.transferred'; params: Record<string, string> } };
      if (body.movement_type === 'receipt') {
        await checkLocation(organizationId, body.location_id, ['body', 'location_id']);
        const unitCost = quantityOf(body.unit_cost!); // thousandths of the currency unit = fils for JOD
        changes = [{ productId: product.id, locationId: body.location_id, kind: 'receipt', quantity, value: Math.round((unitCost * quantity) / 1000), unitCost, referenceType: 'manual', note: body.note ?? undefined, loc: ['body'] }];
        audit = { action: 'stock.received', narrative: () => ({ key: 'audit.stock.received', params: { product: product.name, quantity: body.quantity, unit_cost: `${body.unit_cost!} ${currency}` } }) };
      } else {
        if (body.from_location_id === body.to_location_id) throw new ValidationError([{ loc: ['body', 'to_location_id'], msg: 'Transfer to another location', type: 'value_error' }]);
        await checkLocation(organizationId, body.from_location_id, ['body', 'from_location_id']);
        if (!body.from_location_id || !body.to_location_id) throw new ValidationError([{ loc: ['body'], msg: 'A transfer names both locations', type: 'value_error' }]);
        await checkLocation(organizationId, body.to_location_id, ['body', 'to_location_id']);
        changes = [
          { productId: product.id, locationId: body.from_location_id, kind: 'transfer_out', quantity, referenceType: 'transfer', note: body.note ?? undefined, loc: ['body'] },
          { productId: product.id, locationId: body.to_location_id, kind: 'transfer_in', quantity, referenceType: 'transfer', note: body.note ?? undefined, loc: ['body'] },
        ];
        audit = { action: 'stock.transferred', narrative: () => ({ key: 'audit.stock.transferred', params: { product: product.name, quantity: body.quantity } }) };
      }
      const posted = await postStockChanges(organizationId, changes, {
        date: body.date,
        actorId: actorIdOf(ctx.principal),
        narrative: () => ({ key: 'ledger.stock.receipt', params: { product: product.name } }),
        audit: { actor: ctx.actor(), action: audit.action, narrative: audit.narrative },
      });
      return { movements: posted.movements.map((m) => presentMovement(m, currency)), journal_entry_id: posted.journalEntryId };
    },
  }),

  [`GET ${ORG}/inventory/products/{product_id}/stock-movements`]: route({
    access: { org: 'viewer' },
    summary: "One product's movements, newest first",
    query: inventory.movementListQuery,
    response: movementList,
    handler: async ({ organizationId, params, query }) => {
      await productOf(organizationId!, params.product_id!);
      return page(organizationId!, await movementsOf(organizationId!, { ...query, product_id: params.product_id! }), query.skip, query.limit);
    },
  }),

  [`POST ${ORG}/inventory/products/{product_id}/adjust-stock`]: route({
    access: { org: 'member' },
    status: 201,
    autoAudit: false,
    summary: 'Adjust stock by a quantity (found +, missing −) or to a counted quantity (counted: true); the change is posted at cost to inventory adjustments',
    body: inventory.stockAdjustment,
    response: postedAnswer,
    handler: async (ctx) => {
      const organizationId = ctx.organizationId!;
      const body = ctx.body;
      const product = await productOf(organizationId, ctx.params.product_id!);
      await checkLocation(organizationId, body.location_id, ['body', 'location_id']);
      const quantity = quantityOf(body.quantity);
      if (body.counted && quantity < 0) throw new ValidationError([{ loc: ['body', 'quantity'], msg: 'A counted quantity is not negative', type: 'value_error' }]);
      const { currency } = await organizationSettings(organizationId);
      const change: StockChange = {
        productId: product.id,
        locationId: body.location_id,
        kind: body.counted ? 'count' : 'adjust',
        quantity,
        referenceType: body.counted ? 'count' : 'manual',
        reason: body.reason,
        note: body.note ?? undefined,
        loc: ['body', 'quantity'],
      };
      const posted = await postStockChanges(organizationId, [change], {
        date: body.date,
        actorId: actorIdOf(ctx.principal),
        narrative: () => ({ key: body.counted ? 'ledger.stock.count' : 'ledger.stock.adjustment', params: { product: product.name } }),
        audit: {
          actor: ctx.actor(),
          action: 'stock.adjusted',
          narrative: (movements) => ({ key: 'audit.stock.adjusted', params: { product: product.name, quantity: quantityText(movements[0]?.quantity ?? 0), reason: body.reason } }),
        },
      });
      return { movements: posted.movements.map((m) => presentMovement(m, currency)), journal_entry_id: posted.journalEntryId };
    },
  }),


  [`GET ${ORG}/inventory/low-stock`]: route({
    access: { org: 'viewer' },
    summary: 'Tracked products at or below their reorder point, or out of stock',
    response: listOf(z.object({ product_id: z.string(), sku: z.string(), name: z.string(), name_ar: z.string().nullable(), on_hand: z.string(), reorder_point: z.string().nullable(), stock_status: z.string() })),
    handler: async ({ organizationId }) => {
      const { data } = await Product.query.byName({ organization_id: organizationId! })
        .where((a, { eq }) => `${eq(a.is_tracked_inventory, true)} AND ${eq(a.is_active, true)} AND (${eq(a.stock_status, 'low')} OR ${eq(a.stock_status, 'out')})`)
        .go({ pages: 'all' });
      const rows = data.map((p) => ({
        product_id: p.id, sku: p.sku, name: p.name, name_ar: p.name_ar ?? null, on_hand: quantityText(p.on_hand_milli ?? 0),
        reorder_point: p.reorder_point_milli !== undefined ? quantityText(p.reorder_point_milli) : null, stock_status: p.stock_status,
      }));
      return { data: rows, count: rows.length };
    },
  }),

  [`GET ${ORG}/inventory/stock-report`]: route({
    access: { org: 'viewer' },
    summary: 'Stock at every location: on hand, reserved, available, value and cost layers (read from the levels, not the movements)',
    query: z.object({ location_id: z.string().optional() }),
    response: listOf(inventory.stockLevelPublic),
    handler: async ({ organizationId, query }) => {
      const { currency } = await organizationSettings(organizationId!);
      const levels = (await allLevels(organizationId!)).filter((l) => !query.location_id || l.location_id === query.location_id);
      return { data: levels.map((l) => presentLevel(l, currency)), count: levels.length };
    },
  }),

  [`GET ${ORG}/inventory/inventory-value`]: route({
    access: { org: 'viewer' },
    summary: 'What the stock on hand is worth at cost, in total',
    response: z.object({ currency: z.string(), total_value: z.string(), products: z.number().int() }),
    handler: async ({ organizationId }) => {
      const { currency, timeZone } = await organizationSettings(organizationId!);
      const report = await valuation(organizationId!, currency, { today: todayIn(timeZone) });
      return { currency, total_value: report.total_value, products: report.rows.length };
    },
  }),

  [`GET ${ORG}/inventory/valuation-report`]: route({
    access: { org: 'viewer' },
    summary: 'Stock valuation per product at cost (as_of: a past day takes off later movements; location_id)',
    query: inventory.valuationQuery,
    response: z.object({
      as_of: z.string(), currency: z.string(), total_value: z.string(),
      rows: z.array(z.object({ product_id: z.string(), sku: z.string(), name: z.string(), name_ar: z.string().nullable(), quantity: z.string(), value: z.string(), unit_cost: z.string().nullable() })),
    }),
    handler: async ({ organizationId, query }) => {
      const { currency, timeZone } = await organizationSettings(organizationId!);
      const { total_value_minor: _minor, ...report } = await valuation(organizationId!, currency, { asOf: query.as_of, today: todayIn(timeZone), locationId: query.location_id });
      return report;
    },
  }),

  [`GET ${ORG}/inventory/recosting`]: route({
    access: { org: 'viewer' },
    summary: 'Re-costings after back-dated movements: those still queued (a period cannot close over them) and the last outcome per product and location',
    response: inventory.recostingPublic,
    handler: async ({ organizationId }) => {
      const [{ pending, done }, { currency }] = await Promise.all([recostings(organizationId!), organizationSettings(organizationId!)]);
      const amount = amountIn(currency);
      const money = (minor: number | undefined) => amount(minor ?? 0);
      return {
        pending: pending.map((r) => ({ id: r.id, requested_at: r.requested_at ?? null, failures: r.failures ?? 0, last_error: r.last_error ?? null, targets: (r.targets as RecostTarget[] | undefined) ?? [] })),
        done: done
          .sort((a, b) => (b.done_at ?? '').localeCompare(a.done_at ?? ''))
          .map((r) => ({ product_id: r.product_id!, location_id: r.location_id!, from: r.from!, done_at: r.done_at!, cost_of_goods_sold: money(r.cogs_delta), inventory_adjustments: money(r.adjustments_delta), inventory: money(r.inventory_delta), journal_entry_id: r.journal_entry_id ?? null })),
      };
    },
  }),

  [`GET ${ORG}/inventory/recent-movements`]: route({
    access: { org: 'viewer' },
    summary: 'The latest movements (limit, default 20)',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: movementList,
    handler: async ({ organizationId, query }) => {
      const { data } = await StockMovement.query.byDate({ organization_id: organizationId! }).go({ order: 'desc', limit: query.limit });
      return page(organizationId!, data as StockMovementRecord[], 0, query.limit);
    },
  }),

  [`GET ${ORG}/inventory/stock-movements/by-location`]: route({
    access: { org: 'viewer' },
    summary: 'Movements at one location, newest first (location_id required)',
    query: inventory.movementListQuery.extend({ location_id: z.string().min(1) }),
    response: movementList,
    handler: async ({ organizationId, query }) => page(organizationId!, await movementsOf(organizationId!, query), query.skip, query.limit),
  }),

  [`GET ${ORG}/inventory/movements/{movement_id}`]: route({
    access: { org: 'viewer' },
    summary: 'One stock movement',
    response: inventory.stockMovementPublic,
    handler: async ({ organizationId, params }) => {
      const { currency } = await organizationSettings(organizationId!);
      return presentMovement(await getMovement(organizationId!, params.movement_id!), currency);
    },
  }),

  [`DELETE ${ORG}/inventory/movements/{movement_id}`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: "Reverse a movement made by hand, with its cost (a document's movements are undone through the document: 409)",
    response: postedAnswer,
    handler: async (ctx) => {
      const { currency } = await organizationSettings(ctx.organizationId!);
      const posted = await reverseMovement(ctx.organizationId!, ctx.params.movement_id!, ctx.actor(), actorIdOf(ctx.principal));
      return { movements: posted.movements.map((m) => presentMovement(m, currency)), journal_entry_id: posted.journalEntryId };
    },
  }),

  [`GET ${ORG}/inventory/movements/by-reference/{reference_type}/{reference_id}`]: route({
    access: { org: 'viewer' },
    summary: "A document's stock movements (invoice, bill, …)",
    response: movementList,
    handler: async ({ organizationId, params }) => {
      const type = params.reference_type as (typeof MOVEMENT_REFERENCE_TYPES)[number];
      if (!MOVEMENT_REFERENCE_TYPES.includes(type)) throw new NotFound(`Unknown reference type ${params.reference_type}`);
      const { data } = await StockMovement.query.byReference({ organization_id: organizationId!, reference_type: type, reference_id: params.reference_id! }).go({ pages: 'all' });
      return page(organizationId!, (data as StockMovementRecord[]).sort(newestFirst), 0, 1000);
    },
  }),

  [`POST ${ORG}/inventory/bulk-adjustment`]: route({
    access: { org: 'member' },
    status: 201,
    autoAudit: false,
    summary: `A count of many products at one location (up to 5,000), all or nothing: posted in transactions of ${COUNT_CHUNK} products, the posted ones reversed should a later one fail`,
    body: inventory.bulkAdjustment,
    response: postedAnswer,
    handler: async (ctx) => {
      const organizationId = ctx.organizationId!;
      const body = ctx.body;
      await checkLocation(organizationId, body.location_id, ['body', 'location_id']);
      const seen = new Set<string>();
      body.counts.forEach((c, i) => {
        if (seen.has(c.product_id)) throw new ValidationError([{ loc: ['body', 'counts', i, 'product_id'], msg: 'This product is counted twice', type: 'value_error' }]);
        seen.add(c.product_id);
      });
      const { currency } = await organizationSettings(organizationId);
      const posted = await postCount(
        organizationId,
        body.counts.map((c, i) => ({ productId: c.product_id, locationId: body.location_id, kind: 'count' as const, quantity: quantityOf(c.counted), referenceType: 'count' as const, note: body.note ?? undefined, loc: ['body', 'counts', i] })),
        { date: body.date, actorId: actorIdOf(ctx.principal), actor: ctx.actor(), narrative: () => ({ key: 'ledger.stock.count', params: { product: `${body.counts.length}` } }) },
      );
      return { movements: posted.movements.map((m) => presentMovement(m, currency)), journal_entry_id: posted.journalEntryId };
    },
  }),
});
