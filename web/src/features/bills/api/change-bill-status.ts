import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillStatus } from '@daftar/shared/schemas/bills';
import { api, segment } from '../../../lib/api-client';
import { billsKey, type Bill } from './get-bills';

/** PUT …/status?status=: voids a draft (cancelled); other moves come from confirmation and payments. */
export const changeBillStatus = ({ organizationId, billId, status }: { organizationId: string; billId: string; status: BillStatus }) =>
  api.put<Bill>(`/organizations/${segment(organizationId)}/bills/${segment(billId)}/status`, { organizationId, query: { status } });

export const useChangeBillStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBillStatus,
    onSuccess: (bill, { organizationId }) => {
      queryClient.setQueryData([...billsKey(organizationId), 'detail', bill.id], bill);
      return queryClient.invalidateQueries({ queryKey: billsKey(organizationId) });
    },
  });
};
