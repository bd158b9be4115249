/**
 * Inventory (GitHub issue 14): locations, stock movements and what they cost. Quantities are
 * decimal strings (thousandths kept exact on the server), values are JOD strings with three
 * decimals. A movement is never edited or erased: it is reversed by another movement with its cost.
 */
import * as z from 'zod';
import { VALUATION_METHODS } from '../inventory/costing.js';
import { calendarDate, id, pagination, quantityInput } from './common.js';
import { MOVEMENT_REFERENCE_TYPES, MOVEMENT_TYPES } from './codes.js';

export { VALUATION_METHODS } from '../inventory/costing.js';

export { MOVEMENT_TYPES, MOVEMENT_REFERENCE_TYPES } from './codes.js';
export type { MovementType, MovementReferenceType } from './codes.js';

export const ADJUSTMENT_REASONS = ['damaged', 'expired', 'theft', 'found', 'correction', 'sample', 'other'] as const;

export const LOCATION_TYPES = ['store', 'warehouse'] as const;

export const locationCreate = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(120),
  name_ar: z.string().trim().max(120).nullish(),
  location_type: z.enum(LOCATION_TYPES).default('store'),
});

export const locationPublic = z.object({
  id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  location_type: z.enum(LOCATION_TYPES),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type LocationPublic = z.infer<typeof locationPublic>;

/** A unit cost as typed: JOD with at most three decimals per unit. */
const unitCostInput = z
  .union([z.string().trim(), z.number().finite()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, 'Enter a unit cost such as 0.250 (at most three decimals)'));

/**
 * POST inventory/products/{product_id}/adjust-stock: `quantity` is the change (found: positive,
 * missing: negative) or, with `counted: true`, the quantity counted. Posts the change at cost
 * against the inventory adjustments account.
 */
export const stockAdjustment = z.strictObject({
  location_id: id.optional(),
  quantity: z
    .union([z.string().trim(), z.number().finite()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .pipe(z.string().regex(/^-?\d{1,9}(\.\d{1,3})?$/, 'Enter a quantity such as -2 or 0.750 (at most three decimals)')),
  counted: z.boolean().default(false),
  reason: z.enum(ADJUSTMENT_REASONS).default('correction'),
  note: z.string().trim().max(500).nullish(),
  date: calendarDate.optional(),
});
export type StockAdjustment = z.output<typeof stockAdjustment>;

/**
 * POST inventory/stock-movements: goods received by hand (with their unit cost, Dr inventory / Cr
 * the opening balance equity or a chosen account is the bill's job: a manual receipt posts against
 * inventory adjustments) or a transfer between two locations.
 */
export const stockMovementCreate = z
  .strictObject({
    movement_type: z.enum(['receipt', 'transfer']),
    product_id: id,
    /** receipt: where the goods arrive (the main store when absent). */
    location_id: id.optional(),
    /** transfer: from and to. */
    from_location_id: id.optional(),
    to_location_id: id.optional(),
    quantity: quantityInput,
    /** receipt: what one unit cost. */
    unit_cost: unitCostInput.optional(),
    note: z.string().trim().max(500).nullish(),
    date: calendarDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.movement_type === 'receipt' && v.unit_cost === undefined) ctx.addIssue({ code: 'custom', path: ['unit_cost'], message: 'A receipt needs the unit cost' });
    if (v.movement_type === 'transfer') {
      if (!v.from_location_id) ctx.addIssue({ code: 'custom', path: ['from_location_id'], message: 'Say where the goods leave from' });
      if (!v.to_location_id) ctx.addIssue({ code: 'custom', path: ['to_location_id'], message: 'Say where the goods go' });
    }
  });
export type StockMovementCreate = z.output<typeof stockMovementCreate>;

/** POST inventory/bulk-adjustment: a count of many products (all or nothing). */
export const bulkAdjustment = z.strictObject({
  location_id: id.optional(),
  date: calendarDate.optional(),
  note: z.string().trim().max(500).nullish(),
  counts: z
    .array(z.strictObject({ product_id: id, counted: quantityInput }))
    .min(1, 'Count at least one product')
    .max(5000, 'At most 5,000 products in one count'),
});

export const movementListQuery = pagination.extend({
  product_id: id.optional(),
  location_id: id.optional(),
  movement_type: z.enum(MOVEMENT_TYPES).optional(),
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
});

export const availabilityQuery = z.object({ quantity: quantityInput.optional(), location_id: id.optional() });

export const stockMovementPublic = z.object({
  id: z.string(),
  product_id: z.string(),
  location_id: z.string(),
  movement_type: z.enum(MOVEMENT_TYPES),
  /** Signed: goods in positive, goods out negative. */
  quantity: z.string(),
  /** Signed value moved (JOD). */
  value: z.string(),
  unit_cost: z.string().nullable(),
  reference_type: z.enum(MOVEMENT_REFERENCE_TYPES),
  reference_id: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  date: z.string(),
  /** Part of the quantity sold beyond what was on hand (costed at the last known cost). */
  short_quantity: z.string().nullable(),
  journal_entry_id: z.string().nullable(),
  reverses_movement_id: z.string().nullable(),
  reversed_by_movement_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovementPublic = z.infer<typeof stockMovementPublic>;

export const stockLevelPublic = z.object({
  product_id: z.string(),
  location_id: z.string(),
  on_hand: z.string(),
  reserved: z.string(),
  available: z.string(),
  value: z.string(),
  /** The value of one unit now (value ÷ on hand), null with nothing on hand. */
  unit_cost: z.string().nullable(),
  layers: z.array(z.object({ quantity: z.string(), value: z.string(), received_on: z.string() })),
});
export type StockLevelPublic = z.infer<typeof stockLevelPublic>;

export const availabilityPublic = z.object({
  product_id: z.string(),
  on_hand: z.string(),
  reserved: z.string(),
  available: z.string(),
  /** Whether `quantity` (when asked) can be had now. */
  is_available: z.boolean().nullable(),
});

export const valuationQuery = z.object({ as_of: calendarDate.optional(), location_id: id.optional() });

export const inventorySettings = z.strictObject({
  valuation_method: z.enum(VALUATION_METHODS),
  allow_negative_stock: z.boolean(),
});

/**
 * `GET inventory/recosting`: re-costings owed after back-dated movements (queued, with their
 * failures while retried) and the last outcome per level (functions/src/inventory/recost.ts).
 * Amounts are the debits of the entry posted (negative: credits).
 */
export const recostingPublic = z.object({
  pending: z.array(
    z.object({
      id: z.string(),
      requested_at: z.string().nullable(),
      failures: z.number().int(),
      last_error: z.string().nullable(),
      targets: z.array(z.object({ product_id: z.string(), location_id: z.string(), from: z.string() })),
    }),
  ),
  done: z.array(
    z.object({
      product_id: z.string(),
      location_id: z.string(),
      from: z.string(),
      done_at: z.string(),
      cost_of_goods_sold: z.string(),
      inventory_adjustments: z.string(),
      inventory: z.string(),
      journal_entry_id: z.string().nullable(),
    }),
  ),
});
export type RecostingPublic = z.infer<typeof recostingPublic>;
