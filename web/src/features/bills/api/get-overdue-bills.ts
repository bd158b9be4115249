import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { billOverdue } from '@daftar/shared/schemas/bills';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { billsKey } from './get-bills';

export type OverdueBill = z.infer<typeof billOverdue>;

/** Bills past their due date with something still owed, as of a day. */
export const overdueBillsQueryOptions = (organizationId: string, { asOfDate, skip, limit }: { asOfDate: string; skip: number; limit: number }) =>
  queryOptions({
    queryKey: [...billsKey(organizationId), 'overdue', { asOfDate, skip, limit }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<OverdueBill>>(`/organizations/${segment(organizationId)}/bills/overdue/all`, {
        organizationId,
        query: { as_of_date: asOfDate || undefined, skip, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useOverdueBills = (organizationId: string, params: { asOfDate: string; skip: number; limit: number }, enabled = true) =>
  useQuery({ ...overdueBillsQueryOptions(organizationId, params), enabled });
