export const GIFT_CARDS_PATH = '/gift-cards';

export const giftCardPath = (giftCardId: string) => `${GIFT_CARDS_PATH}/${encodeURIComponent(giftCardId)}`;
