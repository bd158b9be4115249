import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { Customer } from './get-customers';

export const contactQueryOptions = (organizationId: string, contactId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'contacts', 'detail', contactId],
    queryFn: ({ signal }) => api.get<Customer>(`/organizations/${segment(organizationId)}/contacts/${segment(contactId)}`, { organizationId, signal }),
  });

export const useContact = (organizationId: string, contactId: string | null | undefined) =>
  useQuery({ ...contactQueryOptions(organizationId, contactId ?? ''), enabled: !!contactId });
