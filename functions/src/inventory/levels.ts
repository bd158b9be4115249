/**
 * What stock there is and what it is worth, read from the levels (db/stockLevel.ts): one Query of
 * O(products × locations) items whatever the number of movements behind them. A valuation as of a
 * past day takes off the movements made after that day, so it reads only the recent history.
 */
import { money } from '@daftar/shared';
import { quantityText } from '@daftar/shared/inventory/costing';
import type { StockLevelPublic } from '@daftar/shared/schemas/inventory';
import { Product, type ProductRecord } from '../db/product.js';
import { StockLevel, type StockLevelRecord } from '../db/stockLevel.js';
import { StockLocation } from '../db/stockLocation.js';
import { StockMovement, type StockMovementRecord } from '../db/stockMovement.js';
import { readItem } from '../db/get-together.js';
import { cachedForCall } from '../platform/call-cache.js';
import { DEFAULT_LOCATION_ID } from './stock.js';

export const amountIn = (currency: string) => (minor: number) => money.formatMoney(money.fromMinorUnits(minor, currency));

/** Every level of the organization (or of one product). */
export async function allLevels(organizationId: string, productId?: string): Promise<StockLevelRecord[]> {
  const query = StockLevel.query.byProduct(productId ? { organization_id: organizationId, product_id: productId } : { organization_id: organizationId });
  return (await query.go({ pages: 'all' })).data as StockLevelRecord[];
}

export function presentLevel(level: Pick<StockLevelRecord, 'product_id' | 'location_id' | 'on_hand' | 'value' | 'layers' | 'reserved'>, currency: string): StockLevelPublic {
  const amount = amountIn(currency);
  const reserved = level.reserved ?? 0;
  const layers = (level.layers as { quantity: number; value: number; received_on: string }[] | undefined) ?? [];
  return {
    product_id: level.product_id,
    location_id: level.location_id,
    on_hand: quantityText(level.on_hand),
    reserved: quantityText(reserved),
    available: quantityText(Math.max(level.on_hand - reserved, 0)),
    value: amount(level.value),
    unit_cost: level.on_hand > 0 ? amount(Math.round((level.value * 1000) / level.on_hand)) : null,
    layers: layers.map((l) => ({ quantity: quantityText(l.quantity), value: amount(l.value), received_on: l.received_on })),
  };
}

/** One product's availability: one GetItem of its level at the location (the till asks before selling). */
export async function availability(organizationId: string, productId: string, locationId = DEFAULT_LOCATION_ID) {
  const level = await readItem(StockLevel, { organization_id: organizationId, product_id: productId, location_id: locationId });
  const onHand = level?.on_hand ?? 0;
  const reserved = level?.reserved ?? 0;
  return { onHand, reserved, available: Math.max(onHand - reserved, 0) };
}

export interface ValuationRow {
  product_id: string;
  sku: string;
  name: string;
  name_ar: string | null;
  quantity: string;
  value: string;
  unit_cost: string | null;
}

/**
 * The valuation per product (summed over locations, or at one), with its total. As of a past day:
 * today's levels less what moved after that day.
 */
export async function valuation(organizationId: string, currency: string, options: { asOf?: string; today: string; locationId?: string }) {
  const [levels, later] = await Promise.all([
    allLevels(organizationId),
    options.asOf && options.asOf < options.today ? movementsAfter(organizationId, options.asOf) : Promise.resolve([] as StockMovementRecord[]),
  ]);
  const totals = new Map<string, { quantity: number; value: number }>();
  const add = (productId: string, quantity: number, value: number) => {
    const t = totals.get(productId) ?? { quantity: 0, value: 0 };
    totals.set(productId, { quantity: t.quantity + quantity, value: t.value + value });
  };
  for (const level of levels) if (!options.locationId || level.location_id === options.locationId) add(level.product_id, level.on_hand, level.value);
  for (const m of later) if (!options.locationId || m.location_id === options.locationId) add(m.product_id, -m.quantity, -m.value);
  const products = await productsById(organizationId, [...totals.keys()]);
  const amount = amountIn(currency);
  const rows: ValuationRow[] = [...totals]
    .filter(([, t]) => t.quantity !== 0 || t.value !== 0)
    .map(([productId, t]) => {
      const product = products.get(productId);
      return {
        product_id: productId,
        sku: product?.sku ?? '',
        name: product?.name ?? productId,
        name_ar: product?.name_ar ?? null,
        quantity: quantityText(t.quantity),
        value: amount(t.value),
        unit_cost: t.quantity > 0 ? amount(Math.round((t.value * 1000) / t.quantity)) : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const total = [...totals.values()].reduce((sum, t) => sum + t.value, 0);
  return { as_of: options.asOf ?? options.today, currency, total_value: amount(total), total_value_minor: total, rows };
}

/** Movements dated after a day (the sort key starts with the date). */
async function movementsAfter(organizationId: string, day: string): Promise<StockMovementRecord[]> {
  const { data } = await StockMovement.query.byDate({ organization_id: organizationId }).gt({ date: `${day}~` } as never).go({ pages: 'all' });
  return data as StockMovementRecord[];
}

/** The products named, read together. */
export async function productsById(organizationId: string, ids: string[]): Promise<Map<string, ProductRecord>> {
  const found = await Promise.all(ids.map((id) => readItem(Product, { organization_id: organizationId, id })));
  return new Map(found.filter((p): p is ProductRecord => !!p).map((p) => [p.id, p]));
}

/** The organization's locations: the stored ones, and the main store every organization has. */
export async function locations(organizationId: string) {
  // Read once per call: a transfer checks both its locations.
  const { data } = await cachedForCall(`stock-locations:${organizationId}`, () => StockLocation.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }));
  const stored = data.map((l) => ({ id: l.id, name: l.name, name_ar: l.name_ar ?? null, location_type: l.location_type, is_default: l.id === DEFAULT_LOCATION_ID, created_at: l.created_at }));
  if (!stored.some((l) => l.id === DEFAULT_LOCATION_ID)) {
    stored.unshift({ id: DEFAULT_LOCATION_ID, name: 'Main store', name_ar: 'المتجر الرئيسي', location_type: 'store', is_default: true, created_at: '1970-01-01T00:00:00.000Z' });
  }
  return stored;
}
