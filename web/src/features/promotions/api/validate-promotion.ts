import { useMutation } from '@tanstack/react-query';
import type { promotionValidate } from '@daftar/shared/schemas/promotions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { promotionsPath, type PromotionCheck } from './keys';

export type PromotionValidateBody = z.output<typeof promotionValidate>;

/**
 * Is the promotion earned by this cart, how much does it give (per line), and why or why not. It
 * changes nothing (no use is recorded), so nothing is refreshed after it.
 */
export const validatePromotion = ({ organizationId, data }: { organizationId: string; data: PromotionValidateBody }) =>
  api.post<PromotionCheck>(`${promotionsPath(organizationId)}/validate`, { organizationId, json: data });

export const useValidatePromotion = () => useMutation({ mutationFn: validatePromotion, meta: { handlesErrors: true } });
