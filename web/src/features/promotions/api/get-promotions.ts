import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import { promotionsKey, promotionsPath, type Promotion, type PromotionStatus, type PromotionType } from './keys';

/** promotionListQuery's filters; absent ones are not sent. */
export interface PromotionListParams {
  skip: number;
  limit: number;
  status?: PromotionStatus;
  promotion_type?: PromotionType;
}

/** Newest first, one page, by status (an index on the server) and type. */
export const promotionsQueryOptions = (organizationId: string, params: PromotionListParams) =>
  queryOptions({
    queryKey: [...promotionsKey(organizationId), 'list', params],
    queryFn: ({ signal }) => api.get<ListResponse<Promotion>>(promotionsPath(organizationId), { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const usePromotions = (organizationId: string, params: PromotionListParams, enabled = true) => useQuery({ ...promotionsQueryOptions(organizationId, params), enabled });
