import { queryOptions, useQuery } from '@tanstack/react-query';
import type { accountSummaryByType } from '@daftar/shared/schemas/accounting';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { accountsKey, accountsPath } from './keys';

export type AccountSummaryByType = z.infer<typeof accountSummaryByType>;

export const summaryByTypeQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...accountsKey(organizationId), 'summary-by-type'],
    queryFn: ({ signal }) => api.get<AccountSummaryByType>(`${accountsPath(organizationId)}/summary/by-type`, { organizationId, signal }),
  });

export const useSummaryByType = (organizationId: string) => useQuery(summaryByTypeQueryOptions(organizationId));
