import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { expensesKey, type Expense } from './get-expenses';

/** Approving posts the expense's journal entry in the same transaction (admins only), once per Idempotency-Key. */
export const approveExpense = ({ organizationId, expenseId, version, idempotencyKey }: { organizationId: string; expenseId: string; version: number; idempotencyKey?: string }) =>
  api.post<Expense>(`/organizations/${segment(organizationId)}/expenses/${segment(expenseId)}/approve`, {
    organizationId,
    query: { version },
    headers: idempotencyHeaders(idempotencyKey),
  });

export const useApproveExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveExpense,
    onSuccess: (_expense, { organizationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: expensesKey(organizationId) }),
        // The books moved: balances and reports read before are stale.
        queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'accounts'] }),
        queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'journal-entries'] }),
      ]),
  });
};
