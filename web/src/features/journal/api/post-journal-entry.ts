import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { JournalEntry } from './get-journal-entries';
import { accountsKey, journalKey, organizationPath } from './keys';

export const postJournalEntry = ({ organizationId, entryId }: { organizationId: string; entryId: string }) =>
  api.post<JournalEntry>(`${organizationPath(organizationId)}/journal-entries/${segment(entryId)}/post`, { organizationId });

export const usePostJournalEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postJournalEntry,
    onSuccess: async (_entry, { organizationId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: journalKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: accountsKey(organizationId) }),
      ]);
    },
  });
};
