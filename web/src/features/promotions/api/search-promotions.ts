import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import type { PromotionListParams } from './get-promotions';
import { promotionsKey, promotionsPath, type Promotion } from './keys';

export interface PromotionSearchParams extends PromotionListParams {
  /** Part of the name (either language; the server normalizes Arabic) or of the description. */
  q: string;
}

/** The list narrowed by what was typed: a POST, since the search body is the shared schema's. */
export const searchPromotionsQueryOptions = (organizationId: string, params: PromotionSearchParams) =>
  queryOptions({
    queryKey: [...promotionsKey(organizationId), 'search', params],
    queryFn: ({ signal }) => {
      const body = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
      return api.post<ListResponse<Promotion>>(`${promotionsPath(organizationId)}/search`, { organizationId, json: body, signal });
    },
    placeholderData: keepPreviousData,
  });

export const useSearchPromotions = (organizationId: string, params: PromotionSearchParams, enabled = true) =>
  useQuery({ ...searchPromotionsQueryOptions(organizationId, params), enabled });
