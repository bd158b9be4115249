import { queryOptions, useQuery } from '@tanstack/react-query';
import type { posReturnDetails } from '@daftar/shared/schemas/pos';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';
import { posKey, posPath } from './keys';

export type ReturnDetails = z.infer<typeof posReturnDetails>;

/** What a sale can still give back, per line (sold less earlier returns) and per unit. */
export const returnDetailsQueryOptions = (organizationId: string, transactionId: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'transactions', transactionId, 'return-details'],
    queryFn: ({ signal }) => api.get<ReturnDetails>(`${posPath(organizationId)}/transactions/${segment(transactionId)}/return-details`, { organizationId, signal }),
    // Another till may have taken a return since: read it fresh each time the return opens.
    staleTime: 0,
    retry: false,
  });

export const useReturnDetails = (organizationId: string, transactionId: string | null) =>
  useQuery({ ...returnDetailsQueryOptions(organizationId, transactionId ?? ''), enabled: !!transactionId });
