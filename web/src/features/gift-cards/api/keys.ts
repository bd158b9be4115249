import type { GiftCardPublic, GiftCardSummary, GiftCardTransactionPublic, GiftCardValidation } from '@daftar/shared/schemas/giftCards';
import { segment } from '../../../lib/api-client';

export type GiftCard = GiftCardPublic;
export type GiftCardLine = GiftCardTransactionPublic;
export type GiftCardFigures = GiftCardSummary;
export type CardCheck = GiftCardValidation;

/**
 * Every gift-card read starts with this key: a money move changes the card, its ledger, the list
 * and the liability figures at once, so one invalidation refreshes them all.
 */
export const giftCardsKey = (organizationId: string) => ['organizations', organizationId, 'gift-cards'] as const;

export const giftCardsPath = (organizationId: string) => `/organizations/${segment(organizationId)}/gift-cards`;

export const giftCardPath = (organizationId: string, giftCardId: string) => `${giftCardsPath(organizationId)}/${segment(giftCardId)}`;
