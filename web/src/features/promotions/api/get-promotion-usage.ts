import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import { promotionPath, promotionsKey, type PromotionUse } from './keys';

/** The promotion's uses, newest first, one page, each with the sale or invoice that had it. */
export const promotionUsageQueryOptions = (organizationId: string, promotionId: string, page: { skip: number; limit: number }) =>
  queryOptions({
    queryKey: [...promotionsKey(organizationId), 'usage', promotionId, page],
    queryFn: ({ signal }) => api.get<ListResponse<PromotionUse>>(`${promotionPath(organizationId, promotionId)}/usage`, { organizationId, query: { ...page }, signal }),
    placeholderData: keepPreviousData,
  });

export const usePromotionUsage = (organizationId: string, promotionId: string, page: { skip: number; limit: number }, enabled = true) =>
  useQuery({ ...promotionUsageQueryOptions(organizationId, promotionId, page), enabled });
