import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { billsKey, type Bill } from './get-bills';

/** Numbers the draft and posts its journal entry (admin), once per Idempotency-Key. */
export const confirmBill = ({ organizationId, billId, idempotencyKey }: { organizationId: string; billId: string; idempotencyKey?: string }) =>
  api.post<Bill>(`/organizations/${segment(organizationId)}/bills/${segment(billId)}/confirm`, { organizationId, headers: idempotencyHeaders(idempotencyKey) });

export const useConfirmBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBill,
    onSuccess: (bill, { organizationId }) => {
      queryClient.setQueryData([...billsKey(organizationId), 'detail', bill.id], bill);
      return queryClient.invalidateQueries({ queryKey: billsKey(organizationId) });
    },
  });
};
