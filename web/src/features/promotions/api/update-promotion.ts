import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { promotionUpdate } from '@daftar/shared/schemas/promotions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { promotionPath, promotionsKey, type Promotion } from './keys';

export type PromotionUpdateBody = z.output<typeof promotionUpdate>;

/** Settings and reward; the rules change through their own routes (add-rule, update-rule, delete-rule). */
export const updatePromotion = ({ organizationId, promotionId, data }: { organizationId: string; promotionId: string; data: PromotionUpdateBody }) =>
  api.put<Promotion>(promotionPath(organizationId, promotionId), { organizationId, json: data });

export const useUpdatePromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromotion,
    meta: { handlesErrors: true },
    onSuccess: (_promotion, { organizationId }) => queryClient.invalidateQueries({ queryKey: promotionsKey(organizationId) }),
  });
};
