import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LayawayPaymentFrequency, LayawayStatus } from '@daftar/shared/schemas/layaway';
import { api, type ListResponse } from '../../../lib/api-client';
import { layawaysKey, layawaysPath, type Layaway } from './keys';

/** layawayListQuery's filters; absent ones are not sent. */
export interface LayawayListParams {
  skip: number;
  limit: number;
  status?: LayawayStatus;
  customer_id?: string;
  location_id?: string;
  is_overdue?: boolean;
  payment_frequency?: LayawayPaymentFrequency;
  due_date_from?: string;
  due_date_to?: string;
  min_amount?: string;
  max_amount?: string;
}

/** Newest first, one page; customer, status and location are index queries on the server, the rest filter them. */
export const layawaysQueryOptions = (organizationId: string, params: LayawayListParams) =>
  queryOptions({
    queryKey: [...layawaysKey(organizationId), 'list', params],
    queryFn: ({ signal }) => {
      const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
      return api.get<ListResponse<Layaway>>(layawaysPath(organizationId), { organizationId, query, signal });
    },
    placeholderData: keepPreviousData,
  });

export const useLayaways = (organizationId: string, params: LayawayListParams, enabled = true) => useQuery({ ...layawaysQueryOptions(organizationId, params), enabled });
