import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { posCustomerPublic } from '@daftar/shared/schemas/pos';
import type { z } from 'zod';
import { api, type ListResponse } from '../../../lib/api-client';
import { posKey, posPath } from './keys';

export type PosCustomer = z.infer<typeof posCustomerPublic>;

const listOf = (answer: ListResponse<PosCustomer> | PosCustomer[]) => (Array.isArray(answer) ? answer : answer.data);

export const customerSearchQueryOptions = (organizationId: string, query: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'customers', 'search', query],
    queryFn: async ({ signal }) =>
      listOf(await api.get<ListResponse<PosCustomer> | PosCustomer[]>(`${posPath(organizationId)}/customers/search`, { organizationId, signal, query: { query, limit: 10 } })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useCustomerSearch = (organizationId: string, query: string) =>
  useQuery({ ...customerSearchQueryOptions(organizationId, query), enabled: query.trim().length > 0 });

export interface QuickCustomer {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
}

export const quickCreateCustomer = ({ organizationId, customer }: { organizationId: string; customer: QuickCustomer }) =>
  api.post<PosCustomer>(`${posPath(organizationId)}/customers/quick-create`, { organizationId, json: customer });

export const useQuickCreateCustomer = () => useMutation({ mutationFn: quickCreateCustomer, meta: { handlesErrors: true } });
