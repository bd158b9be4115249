import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import { layawayPath, layawaysKey, type LayawayPayment } from './keys';

/** The layaway's money in order: deposits and payments in, refunds, store credit and fees out. */
export const layawayPaymentsQueryOptions = (organizationId: string, layawayId: string, page: { skip: number; limit: number }) =>
  queryOptions({
    queryKey: [...layawaysKey(organizationId), 'detail', layawayId, 'payments', page],
    queryFn: ({ signal }) => api.get<ListResponse<LayawayPayment>>(`${layawayPath(organizationId, layawayId)}/payments`, { organizationId, query: { ...page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useLayawayPayments = (organizationId: string, layawayId: string, page: { skip: number; limit: number }, enabled = true) =>
  useQuery({ ...layawayPaymentsQueryOptions(organizationId, layawayId, page), enabled });
