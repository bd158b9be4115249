import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashFlowKey, transactionPath } from './keys';

/** Only a manual entry is deleted here; a posted one goes with the reversal of its document. */
export const deleteCashFlowEntry = ({ organizationId, transactionId }: { organizationId: string; transactionId: string }) =>
  api.delete<{ message: string }>(transactionPath(organizationId, transactionId), { organizationId });

export const useDeleteCashFlowEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCashFlowEntry,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) => queryClient.invalidateQueries({ queryKey: cashFlowKey(organizationId) }),
  });
};
