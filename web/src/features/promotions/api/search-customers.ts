import { useQuery } from '@tanstack/react-query';
import { contactsQueryOptions, type Contact } from '../../contacts/api/get-contacts';

export type Customer = Contact;

/** The first active customers matching what was typed: the contacts' own list read. */
export const useCustomerSearch = (organizationId: string, search: string, enabled = true) =>
  useQuery({
    ...contactsQueryOptions(organizationId, 'customers', { search, includeInactive: false, skip: 0, limit: 10 }),
    enabled: enabled && !!organizationId && search.length > 0,
  });
