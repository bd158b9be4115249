import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactAccountRole, ContactStatement } from '@daftar/shared/schemas/contacts';
import { api, segment } from '../../../lib/api-client';
import { contactsKey, contactsPath } from './keys';

export type { ContactStatement };

export interface StatementParams {
  role: ContactAccountRole;
  /** Absent: the server's default period (the start of this year to today). */
  start_date?: string;
  end_date?: string;
}

/** A customer's or supplier's balance, documents and statement (`GET contacts/{id}/statement`). */
export const contactStatementQueryOptions = (organizationId: string, contactId: string, params: StatementParams) =>
  queryOptions({
    queryKey: [...contactsKey(organizationId), 'statement', contactId, { role: params.role, start_date: params.start_date ?? null, end_date: params.end_date ?? null }],
    queryFn: ({ signal }) =>
      api.get<ContactStatement>(`${contactsPath(organizationId)}/${segment(contactId)}/statement`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useContactStatement = (organizationId: string, contactId: string, params: StatementParams) =>
  useQuery(contactStatementQueryOptions(organizationId, contactId, params));
