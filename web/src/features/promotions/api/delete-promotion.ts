import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionPath, promotionsKey, type Promotion } from './keys';

/** `deleted: false` when the promotion had been used: it is ended instead (its uses stay with their sales). */
export interface PromotionDeletion {
  deleted: boolean;
  promotion: Promotion;
}

export const deletePromotion = ({ organizationId, promotionId }: { organizationId: string; promotionId: string }) =>
  api.delete<PromotionDeletion>(promotionPath(organizationId, promotionId), { organizationId });

export const useDeletePromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromotion,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) => queryClient.invalidateQueries({ queryKey: promotionsKey(organizationId) }),
  });
};
