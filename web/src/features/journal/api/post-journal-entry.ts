import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import type { JournalEntry } from './get-journal-entries';
import { accountsKey, journalKey, organizationPath } from './keys';

/** Posts the draft (admin), once per Idempotency-Key. */
export const postJournalEntry = ({ organizationId, entryId, idempotencyKey }: { organizationId: string; entryId: string; idempotencyKey?: string }) =>
  api.post<JournalEntry>(`${organizationPath(organizationId)}/journal-entries/${segment(entryId)}/post`, { organizationId, headers: idempotencyHeaders(idempotencyKey) });

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
