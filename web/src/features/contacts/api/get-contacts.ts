import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactPublic } from '@daftar/shared/schemas/contacts';
import { api, type ListResponse } from '../../../lib/api-client';
import { contactsKey, contactsPath } from './keys';

export type Contact = ContactPublic;

/** Customers include contacts of type both, and so do suppliers. */
export type ContactRole = 'customers' | 'suppliers';

export interface ContactListParams {
  search?: string;
  includeInactive: boolean;
  skip: number;
  limit: number;
}

export const contactsQueryOptions = (organizationId: string, role: ContactRole, { search, includeInactive, skip, limit }: ContactListParams) =>
  queryOptions({
    queryKey: [...contactsKey(organizationId), role, { search: search ?? '', includeInactive, skip, limit }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Contact>>(`${contactsPath(organizationId)}/${role}`, {
        organizationId,
        query: { search, include_inactive: includeInactive, skip, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useContacts = (organizationId: string, role: ContactRole, params: ContactListParams, enabled = true) =>
  useQuery({ ...contactsQueryOptions(organizationId, role, params), enabled });
