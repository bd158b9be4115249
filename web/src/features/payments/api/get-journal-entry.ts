import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalEntryPublic } from '@daftar/shared/schemas/accounting';
import { api, segment } from '../../../lib/api-client';

export type JournalEntry = JournalEntryPublic;

export const journalEntryQueryOptions = (organizationId: string, entryId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'journal-entries', 'detail', entryId],
    queryFn: ({ signal }) =>
      api.get<JournalEntry>(`/organizations/${segment(organizationId)}/journal-entries/${segment(entryId)}`, { organizationId, signal }),
  });

export const useJournalEntry = (organizationId: string, entryId: string | null | undefined) =>
  useQuery({ ...journalEntryQueryOptions(organizationId, entryId ?? ''), enabled: !!entryId });
