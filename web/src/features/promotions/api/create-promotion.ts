import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { promotionCreate } from '@daftar/shared/schemas/promotions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { promotionsKey, promotionsPath, type Promotion } from './keys';

export type PromotionCreateBody = z.output<typeof promotionCreate>;

export const createPromotion = ({ organizationId, data }: { organizationId: string; data: PromotionCreateBody }) =>
  api.post<Promotion>(promotionsPath(organizationId), { organizationId, json: data });

/** The form shows its own 422 beside the fields. */
export const useCreatePromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotion,
    meta: { handlesErrors: true },
    onSuccess: (_promotion, { organizationId }) => queryClient.invalidateQueries({ queryKey: promotionsKey(organizationId) }),
  });
};
