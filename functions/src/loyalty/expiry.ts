/**
 * The nightly step that lapses loyalty points (maintenance/handler.ts): every customer with a lot
 * whose expiry date has come loses its points, their share of the deferred revenue recognised
 * (members.ts `expireMemberPoints`, one transaction per customer). Until the job runs, an expired
 * lot already cannot be spent (points.ts skips lots expired by the day of the sale).
 *
 * It reads the expiry markers (db/loyalty.ts LoyaltyExpiry) from `CATCH_UP_DAYS` days back to
 * today, so a night the job did not run is made good the next night. A marker is dropped once
 * handled; one whose points were spent meanwhile simply lapses nothing.
 */
import { LoyaltyExpiry } from '../db/loyalty.js';
import { takeAll } from '../db/paging.js';
import { addDays, todayIn } from '../ledger/dates.js';
import { logger } from '../platform/logger.js';
import { expireMemberPoints } from './members.js';

export const CATCH_UP_DAYS = 31;

export async function expireLoyaltyPoints(now: Date = new Date()): Promise<{ expired: number }> {
  const today = todayIn('Asia/Amman', now);
  let expired = 0;
  for (let back = CATCH_UP_DAYS; back >= 0; back--) {
    const date = addDays(today, -back);
    const markers = await takeAll(LoyaltyExpiry.query.byDate({ expires_on: date }));
    for (const marker of markers) {
      try {
        expired += await expireMemberPoints(marker.organization_id, marker.customer_id, now);
        await LoyaltyExpiry.delete({ expires_on: date, organization_id: marker.organization_id, customer_id: marker.customer_id }).go();
      } catch (error) {
        // Left in place: tomorrow's run tries it again.
        logger.warn('loyalty expiry failed; it is tried again tomorrow', { organization_id: marker.organization_id, customer_id: marker.customer_id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return { expired };
}
