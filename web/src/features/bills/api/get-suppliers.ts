import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { ContactOption, ContactPublic } from '@daftar/shared/schemas/contacts';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Supplier = ContactPublic;
export type ContactName = ContactOption;

/** Active suppliers (and contacts that are both) for the bill's supplier picker. */
export const suppliersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'contacts', 'suppliers', 'picker'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Supplier>>(`/organizations/${segment(organizationId)}/contacts/suppliers`, { organizationId, query: { limit: MAX_PAGE_LIMIT }, signal }),
  });

export const useSuppliers = (organizationId: string) => useQuery(suppliersQueryOptions(organizationId));

/** Every contact in short form, inactive ones too, to name the supplier of any bill in a list. */
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

export const contactQueryOptions = (organizationId: string, contactId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'contacts', 'detail', contactId],
    queryFn: ({ signal }) => api.get<Supplier>(`/organizations/${segment(organizationId)}/contacts/${segment(contactId)}`, { organizationId, signal }),
  });

export const useContact = (organizationId: string, contactId: string | null | undefined) =>
  useQuery({ ...contactQueryOptions(organizationId, contactId ?? ''), enabled: !!contactId });
