import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { journalKey, organizationPath } from './keys';

export const deleteJournalEntry = ({ organizationId, entryId }: { organizationId: string; entryId: string }) =>
  api.delete<{ message: string }>(`${organizationPath(organizationId)}/journal-entries/${segment(entryId)}`, { organizationId });

/** Only drafts can be deleted; a posted entry is reversed. */
export const useDeleteJournalEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJournalEntry,
    onSuccess: (_result, { organizationId, entryId }) => {
      queryClient.removeQueries({ queryKey: [...journalKey(organizationId), 'detail', entryId] });
      return queryClient.invalidateQueries({ queryKey: journalKey(organizationId) });
    },
  });
};
