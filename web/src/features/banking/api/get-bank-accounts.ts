import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BankAccountPublic } from '@daftar/shared/schemas/banking';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { bankingKey } from './keys';

export type BankAccount = BankAccountPublic;

export interface BankAccountListParams {
  include_inactive: boolean;
  skip: number;
  limit: number;
}

export const bankAccountsQueryOptions = (organizationId: string, params: BankAccountListParams) =>
  queryOptions({
    queryKey: [...bankingKey(organizationId), 'list', params],
    queryFn: ({ signal }) => api.get<ListResponse<BankAccount>>(`/organizations/${segment(organizationId)}/bank-accounts`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useBankAccounts = (organizationId: string, params: BankAccountListParams, enabled = true) =>
  useQuery({ ...bankAccountsQueryOptions(organizationId, params), enabled });
