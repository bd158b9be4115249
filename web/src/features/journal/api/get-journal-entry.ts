import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { JournalEntry } from './get-journal-entries';
import { journalKey, organizationPath } from './keys';

export const journalEntryQueryOptions = (organizationId: string, entryId: string) =>
  queryOptions({
    queryKey: [...journalKey(organizationId), 'detail', entryId],
    queryFn: ({ signal }) => api.get<JournalEntry>(`${organizationPath(organizationId)}/journal-entries/${segment(entryId)}`, { organizationId, signal }),
  });

export const useJournalEntry = (organizationId: string, entryId: string | null | undefined) =>
  useQuery({ ...journalEntryQueryOptions(organizationId, entryId ?? ''), enabled: !!organizationId && !!entryId });
