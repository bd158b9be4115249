import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PROMOTION_BULK_OPERATIONS } from '@daftar/shared/schemas/promotions';
import { api } from '../../../lib/api-client';
import { promotionsKey, promotionsPath } from './keys';

export type PromotionBulkOperation = (typeof PROMOTION_BULK_OPERATIONS)[number];

/** What became of each promotion: `detail` is the server's reason when it was refused (an ended one does not start again). */
export interface PromotionBulkResult {
  done: number;
  failed: number;
  results: { promotion_id: string; ok: boolean; detail: string | null }[];
}

export const bulkPromotions = ({ organizationId, operation, promotionIds }: { organizationId: string; operation: PromotionBulkOperation; promotionIds: readonly string[] }) =>
  api.post<PromotionBulkResult>(`${promotionsPath(organizationId)}/bulk-operations`, { organizationId, json: { operation, promotion_ids: promotionIds } });

/** Activate, pause, end (or delete) several promotions, or one from its page: the answer says what happened to each. */
export const useBulkPromotions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkPromotions,
    meta: { handlesErrors: true },
    onSettled: (_answer, _error, { organizationId }) => queryClient.invalidateQueries({ queryKey: promotionsKey(organizationId) }),
  });
};
