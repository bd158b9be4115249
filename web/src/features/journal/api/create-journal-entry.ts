import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JournalEntryCreate } from '@daftar/shared/schemas/accounting';
import { api } from '../../../lib/api-client';
import type { JournalEntry } from './get-journal-entries';
import { accountsKey, journalKey, organizationPath } from './keys';

export const createJournalEntry = ({ organizationId, data }: { organizationId: string; data: JournalEntryCreate }) =>
  api.post<JournalEntry>(`${organizationPath(organizationId)}/journal-entries`, { organizationId, json: data });

/** The form shows refusals under its lines, so the shared toast stays quiet. */
export const useCreateJournalEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournalEntry,
    meta: { handlesErrors: true },
    onSuccess: async (_entry, { organizationId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: journalKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: accountsKey(organizationId) }),
      ]);
    },
  });
};
