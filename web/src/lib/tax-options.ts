import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import { api, segment, type ListResponse } from './api-client';

export type Tax = TaxOption;

/**
 * The organization's taxes in short form, one read shared by every editor that picks a tax
 * (invoice, bill and expense lines, a product's default tax). Inactive ones are included so a
 * saved line keeps its tax's name; each picker offers only the active taxes it allows.
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
