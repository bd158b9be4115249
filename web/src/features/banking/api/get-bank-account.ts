import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { BankAccount } from './get-bank-accounts';
import { bankAccountKey } from './keys';

export const bankAccountQueryOptions = (organizationId: string, bankAccountId: string) =>
  queryOptions({
    queryKey: [...bankAccountKey(organizationId, bankAccountId), 'account'],
    queryFn: ({ signal }) => api.get<BankAccount>(`/organizations/${segment(organizationId)}/bank-accounts/${segment(bankAccountId)}`, { organizationId, signal }),
  });

export const useBankAccount = (organizationId: string, bankAccountId: string) => useQuery(bankAccountQueryOptions(organizationId, bankAccountId));
