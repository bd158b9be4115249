import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { api, segment } from '../../../lib/api-client';
import { accountsKey, accountsPath } from './keys';

export type Account = AccountPublic;

export const accountQueryOptions = (organizationId: string, accountId: string) =>
  queryOptions({
    queryKey: [...accountsKey(organizationId), 'detail', accountId],
    queryFn: ({ signal }) => api.get<Account>(`${accountsPath(organizationId)}/${segment(accountId)}`, { organizationId, signal }),
  });

export const useAccount = (organizationId: string, accountId: string | null | undefined) =>
  useQuery({ ...accountQueryOptions(organizationId, accountId ?? ''), enabled: !!organizationId && !!accountId });
