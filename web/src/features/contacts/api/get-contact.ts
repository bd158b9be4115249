import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { Contact } from './get-contacts';
import { contactsKey, contactsPath } from './keys';

export const contactQueryOptions = (organizationId: string, contactId: string) =>
  queryOptions({
    queryKey: [...contactsKey(organizationId), 'detail', contactId],
    queryFn: ({ signal }) => api.get<Contact>(`${contactsPath(organizationId)}/${segment(contactId)}`, { organizationId, signal }),
  });

export const useContact = (organizationId: string, contactId: string) => useQuery({ ...contactQueryOptions(organizationId, contactId), enabled: !!organizationId && !!contactId });
