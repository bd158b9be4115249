import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { ContactOption, ContactPublic } from '@daftar/shared/schemas/contacts';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Customer = ContactPublic;
export type ContactName = ContactOption;

/** Active customers (and contacts that are both) for the invoice's customer picker. */
export const customersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'contacts', 'customers', 'picker'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Customer>>(`/organizations/${segment(organizationId)}/contacts/customers`, {
        organizationId,
        query: { limit: MAX_PAGE_LIMIT },
        signal,
      }),
  });

export const useCustomers = (organizationId: string) => useQuery(customersQueryOptions(organizationId));

/**
 * Every contact in short form, inactive ones too, to name the customer of any invoice in a list
 * (an invoice keeps its customer after the contact is deactivated).
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
