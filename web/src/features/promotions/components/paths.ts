export const PROMOTIONS_PATH = '/promotions';
export const NEW_PROMOTION_PATH = '/promotions/new';

export const promotionPagePath = (promotionId: string) => `${PROMOTIONS_PATH}/${encodeURIComponent(promotionId)}`;

export const editPromotionPath = (promotionId: string) => `${promotionPagePath(promotionId)}/edit`;
