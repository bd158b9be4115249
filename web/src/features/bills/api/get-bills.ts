import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BillPublic, BillStatus } from '@daftar/shared/schemas/bills';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Bill = BillPublic;

export const billsKey = (organizationId: string) => ['organizations', organizationId, 'bills'] as const;

export interface BillListParams {
  status?: BillStatus;
  skip: number;
  limit: number;
}

export const billsQueryOptions = (organizationId: string, { status, skip, limit }: BillListParams) =>
  queryOptions({
    queryKey: [...billsKey(organizationId), 'list', { status: status ?? null, skip, limit }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Bill>>(`/organizations/${segment(organizationId)}/bills`, { organizationId, query: { status, skip, limit }, signal }),
    placeholderData: keepPreviousData,
  });

export const useBills = (organizationId: string, params: BillListParams, enabled = true) => useQuery({ ...billsQueryOptions(organizationId, params), enabled });
