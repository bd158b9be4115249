import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionPath, promotionsKey, type PromotionFigures } from './keys';

/** Times used, by how many customers, the discount given and what is left of the limit. */
export const promotionSummaryQueryOptions = (organizationId: string, promotionId: string) =>
  queryOptions({
    queryKey: [...promotionsKey(organizationId), 'summary', promotionId],
    queryFn: ({ signal }) => api.get<PromotionFigures>(`${promotionPath(organizationId, promotionId)}/summary`, { organizationId, signal }),
  });

export const usePromotionSummary = (organizationId: string, promotionId: string, enabled = true) =>
  useQuery({ ...promotionSummaryQueryOptions(organizationId, promotionId), enabled });
