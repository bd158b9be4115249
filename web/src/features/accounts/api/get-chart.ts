import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountTreeNode } from '@daftar/shared/schemas/accounting';
import { api } from '../../../lib/api-client';
import { accountsKey, accountsPath } from './keys';

export type AccountNode = AccountTreeNode;

export interface ChartOfAccounts {
  currency: string;
  data: AccountNode[];
  count: number;
}

export const chartQueryOptions = (organizationId: string, includeInactive: boolean) =>
  queryOptions({
    queryKey: [...accountsKey(organizationId), 'chart', { includeInactive }],
    queryFn: ({ signal }) =>
      api.get<ChartOfAccounts>(`${accountsPath(organizationId)}/chart`, { organizationId, query: { include_inactive: includeInactive }, signal }),
  });

export const useChart = (organizationId: string, includeInactive: boolean) => useQuery(chartQueryOptions(organizationId, includeInactive));
