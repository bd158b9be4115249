/**
 * The nightly step that expires gift cards (maintenance/handler.ts): every card whose expiry date
 * has passed and that still owes money is moved to `expired`, its unspent balance released as
 * breakage, through the same move as a deactivation (moves.ts) — one transaction per card. Until
 * the job runs, an expired card already cannot pay (tender.ts checks the date).
 *
 * It reads the expiry markers (db/giftCard.ts GiftCardExpiry) of the last `CATCH_UP_DAYS` days, so
 * a night the job did not run is made good the next night. A marker whose card has another date
 * now, has ended, or never held money is dropped.
 */
import { GiftCard, GiftCardExpiry } from '../db/giftCard.js';
import { readItem } from '../db/get-together.js';
import { takeAll } from '../db/paging.js';
import { addDays, todayIn } from '../ledger/dates.js';
import { logger } from '../platform/logger.js';
import { deactivate } from './cards.js';

export const CATCH_UP_DAYS = 31;

export async function expireGiftCards(now: Date = new Date()): Promise<{ expired: number }> {
  const today = todayIn('Asia/Amman', now);
  let expired = 0;
  for (let back = CATCH_UP_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    const markers = await takeAll(GiftCardExpiry.query.byDate({ expires_on: date }));
    for (const marker of markers) {
      const card = await readItem(GiftCard, { organization_id: marker.organization_id, id: marker.gift_card_id });
      const due = card && card.expires_on === date && (card.status === 'active' || card.status === 'suspended');
      try {
        if (due) {
          await deactivate(marker.organization_id, card.id, { actor: { organization_id: marker.organization_id, user_id: null }, userId: null, role: null }, 'expire');
          expired++;
        }
        await GiftCardExpiry.delete({ expires_on: date, organization_id: marker.organization_id, gift_card_id: marker.gift_card_id }).go();
      } catch (error) {
        // Left in place: tomorrow's run tries it again.
        logger.warn('gift card expiry failed; it is tried again tomorrow', { organization_id: marker.organization_id, gift_card_id: marker.gift_card_id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return { expired };
}
