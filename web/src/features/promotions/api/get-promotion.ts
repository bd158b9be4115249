import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionPath, promotionsKey, type Promotion } from './keys';

/** One promotion with its rules and its figures (uses and discount given). */
export const promotionQueryOptions = (organizationId: string, promotionId: string) =>
  queryOptions({
    queryKey: [...promotionsKey(organizationId), 'detail', promotionId],
    queryFn: ({ signal }) => api.get<Promotion>(promotionPath(organizationId, promotionId), { organizationId, signal }),
  });

export const usePromotion = (organizationId: string, promotionId: string, enabled = true) => useQuery({ ...promotionQueryOptions(organizationId, promotionId), enabled });
