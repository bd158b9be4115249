import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Tax = TaxOption;

/**
 * The organization's taxes in short form, under the same key as the invoice editor's so both
 * share one read. Inactive ones are included so an item keeps its tax's name; the picker offers
 * only active general taxes (a special tax is never an item's default tax).
 */
export const taxesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'taxes', 'options', { includeInactive: true }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Tax>>(`/organizations/${segment(organizationId)}/taxes/list`, {
        organizationId,
        query: { limit: MAX_PAGE_LIMIT, include_inactive: true },
        signal,
      }),
    staleTime: 60_000,
  });

export const useTaxes = (organizationId: string) => useQuery(taxesQueryOptions(organizationId));
