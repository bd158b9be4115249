import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { billsKey, type Bill } from './get-bills';

/** Numbers the draft and posts its journal entry (admin). */
export const confirmBill = ({ organizationId, billId }: { organizationId: string; billId: string }) =>
  api.post<Bill>(`/organizations/${segment(organizationId)}/bills/${segment(billId)}/confirm`, { organizationId });

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
