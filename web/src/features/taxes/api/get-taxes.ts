import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { TaxPublic } from '@daftar/shared/schemas/taxes';
import { api, type ListResponse } from '../../../lib/api-client';
import { taxesKey, taxesPath } from './keys';

export type Tax = TaxPublic;

/** An organization has a handful of taxes: one page holds them all. */
export const taxesQueryOptions = (organizationId: string, includeInactive: boolean) =>
  queryOptions({
    queryKey: [...taxesKey(organizationId), 'list', { includeInactive }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Tax>>(taxesPath(organizationId), { organizationId, query: { include_inactive: includeInactive, limit: MAX_PAGE_LIMIT }, signal }),
  });

export const useTaxes = (organizationId: string, includeInactive: boolean) => useQuery(taxesQueryOptions(organizationId, includeInactive));
