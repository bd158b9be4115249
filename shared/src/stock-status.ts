/**
 * A product's stock status from its figures. One pure rule, called by the catalogue (when
 * tracking or the reorder point changes) and by the inventory code (with every stock movement),
 * so the stored `stock_status` that lists filter on is always the rule applied to the stored figures.
 */
import type { StockStatus } from './schemas/codes.js';

/**
 * `onHandMilli`: quantity on hand over every location, in thousandths; `reorderPointMilli`: the
 * quantity at or below which the product is low (null: never low, only in stock or out).
 */
export function stockStatusOf(onHandMilli: number, reorderPointMilli: number | null, tracked: boolean): StockStatus {
  if (!tracked) return 'not_tracked';
  if (onHandMilli <= 0) return 'out';
  if (reorderPointMilli !== null && onHandMilli <= reorderPointMilli) return 'low';
  return 'in_stock';
}

/**
 * The reorder point a product's total stock is compared with: its own `reorder_point`, or, when it
 * has only per-location points, their sum (the total minimum over the locations); null when none.
 */
export function overallReorderPointMilli(reorderPointMilli: number | null | undefined, perLocation: readonly { quantity_milli: number }[] = []): number | null {
  if (reorderPointMilli !== null && reorderPointMilli !== undefined) return reorderPointMilli;
  return perLocation.length ? perLocation.reduce((sum, p) => sum + p.quantity_milli, 0) : null;
}
