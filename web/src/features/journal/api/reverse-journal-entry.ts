import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { journalEntryReverse } from '@daftar/shared/schemas/accounting';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import type { JournalEntry } from './get-journal-entries';
import { accountsKey, journalKey, organizationPath } from './keys';

export type JournalEntryReverse = z.output<typeof journalEntryReverse>;

/**
 * Answers with the reversal: a new posted entry, debits and credits swapped, linked both ways. The
 * dialog's Idempotency-Key makes a double click or a retry one reversal.
 */
export const reverseJournalEntry = ({
  organizationId,
  entryId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  entryId: string;
  data: JournalEntryReverse;
  idempotencyKey?: string;
}) =>
  api.post<JournalEntry>(`${organizationPath(organizationId)}/journal-entries/${segment(entryId)}/reverse`, {
    organizationId,
    json: data,
    headers: idempotencyHeaders(idempotencyKey),
  });

/** The dialog shows a refused date under its field. */
export const useReverseJournalEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseJournalEntry,
    meta: { handlesErrors: true },
    onSuccess: async (_reversal, { organizationId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: journalKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: accountsKey(organizationId) }),
      ]);
    },
  });
};
