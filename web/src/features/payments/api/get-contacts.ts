import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { ContactOption, ContactPublic } from '@daftar/shared/schemas/contacts';
import type { PaymentType } from '@daftar/shared/schemas/payments';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Contact = ContactPublic;
export type ContactName = ContactOption;

/** Who can pay or be paid: active customers for payments received, active suppliers for payments sent (both kinds included). */
export const payableContactsQueryOptions = (organizationId: string, type: PaymentType) => {
  const role = type === 'received' ? 'customers' : 'suppliers';
  return queryOptions({
    queryKey: ['organizations', organizationId, 'contacts', role, 'picker'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Contact>>(`/organizations/${segment(organizationId)}/contacts/${role}`, { organizationId, query: { limit: MAX_PAGE_LIMIT }, signal }),
  });
};

export const usePayableContacts = (organizationId: string, type: PaymentType) => useQuery(payableContactsQueryOptions(organizationId, type));

/** Every contact in short form, inactive ones too, to name the contact of any payment. */
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
