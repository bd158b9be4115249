import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { ContactOption } from '@daftar/shared/schemas/contacts';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type ContactName = ContactOption;

/**
 * Every contact in short form, inactive ones too: the supplier picker offers the active suppliers,
 * and an expense keeps naming a supplier deactivated since.
 */
export const contactNamesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'contacts', 'names'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<ContactName>>(`/organizations/${segment(organizationId)}/contacts/list`, {
        organizationId,
        query: { limit: MAX_PAGE_LIMIT, include_inactive: true },
        signal,
      }),
    staleTime: 60_000,
  });

export const useContactNames = (organizationId: string) => useQuery(contactNamesQueryOptions(organizationId));
