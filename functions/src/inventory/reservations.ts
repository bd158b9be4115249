/**
 * Reservations: stock set aside for a customer (a layaway, an order) that the till must not sell.
 * Availability is on hand less reserved. A reservation is a conditional write on the level: it
 * is taken only if the level is still the one read (its `version`) and what is left covers it, so
 * two requests cannot both reserve the last unit — the second reads again and is refused. Sales
 * write the level under the same version condition, so a sale and a reservation of the same level
 * at the same moment are ordered too.
 */
import { quantityText } from '@daftar/shared/inventory/costing';
import { readItem } from '../db/get-together.js';
import { StockLevel } from '../db/stockLevel.js';
import { isConditionFailure } from '../db/transaction.js';
import { Conflict } from '../platform/errors.js';
import { DEFAULT_LOCATION_ID } from './stock.js';

/** Not enough left to reserve (or to release: more than is reserved). */
export class NotAvailable extends Conflict {}

const ATTEMPTS = 20;

/**
 * Changes what is reserved of a product at a location by `delta` thousandths (positive: reserve,
 * negative: release). Answers the level's figures after the change.
 */
export async function changeReservation(organizationId: string, productId: string, delta: number, locationId = DEFAULT_LOCATION_ID) {
  for (let attempt = 1; ; attempt++) {
    const level = await readItem(StockLevel, { organization_id: organizationId, product_id: productId, location_id: locationId });
    const onHand = level?.on_hand ?? 0;
    const reserved = level?.reserved ?? 0;
    const next = reserved + delta;
    if (next < 0) throw new NotAvailable(`Only ${quantityText(reserved)} is reserved; nothing more to release`);
    if (delta > 0 && next > Math.max(onHand, 0)) throw new NotAvailable(`Only ${quantityText(Math.max(onHand - reserved, 0))} available to reserve`);
    try {
      await StockLevel.update({ organization_id: organizationId, product_id: productId, location_id: locationId })
        .set({ reserved: next, version: (level?.version ?? 0) + 1, updated_at: new Date().toISOString() })
        .where((a, { eq, notExists }) => (level ? eq(a.version, level.version) : notExists(a.version)))
        .go();
      return { onHand, reserved: next, available: Math.max(onHand - next, 0) };
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}
