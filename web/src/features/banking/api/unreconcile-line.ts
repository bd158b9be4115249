import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { StatementLine } from './get-statement-lines';
import { keysMovedByReconciliation } from './keys';

/** Admin: undoes the match; an entry the reconciliation posted is reversed. */
export const unreconcileLine = ({ organizationId, bankAccountId, lineId }: { organizationId: string; bankAccountId: string; lineId: string }) =>
  api.delete<StatementLine>(`/organizations/${segment(organizationId)}/bank-accounts/${segment(bankAccountId)}/reconcile/${segment(lineId)}`, { organizationId });

export const useUnreconcileLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unreconcileLine,
    onSuccess: (_line, { organizationId }) => Promise.all(keysMovedByReconciliation(organizationId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
