import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { ContactOption } from '@daftar/shared/schemas/contacts';
import { api, type ListResponse } from '../../../lib/api-client';
import { organizationPath } from './keys';

export type ContactName = ContactOption;

/** Every contact in short form (inactive ones too, to name the contact of an old line). */
export const contactOptionsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'contacts', 'options', { includeInactive: true }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<ContactName>>(`${organizationPath(organizationId)}/contacts/list`, {
        organizationId,
        query: { limit: MAX_PAGE_LIMIT, include_inactive: true },
        signal,
      }),
    staleTime: 60_000,
  });

export const useContactOptions = (organizationId: string) => useQuery(contactOptionsQueryOptions(organizationId));
