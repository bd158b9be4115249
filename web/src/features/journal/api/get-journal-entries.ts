import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalEntryPublic, JournalEntryStatus, JournalSourceType } from '@daftar/shared/schemas/accounting';
import { api, type ListResponse } from '../../../lib/api-client';
import { journalKey, organizationPath } from './keys';

export type JournalEntry = JournalEntryPublic;

export interface JournalListParams {
  status?: JournalEntryStatus;
  source_type?: JournalSourceType;
  start_date?: string;
  end_date?: string;
  skip: number;
  limit: number;
}

export const journalEntriesQueryOptions = (organizationId: string, params: JournalListParams) =>
  queryOptions({
    queryKey: [...journalKey(organizationId), 'list', { ...params }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<JournalEntry>>(`${organizationPath(organizationId)}/journal-entries`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useJournalEntries = (organizationId: string, params: JournalListParams, enabled = true) =>
  useQuery({ ...journalEntriesQueryOptions(organizationId, params), enabled });
