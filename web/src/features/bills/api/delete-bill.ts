import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { billsKey } from './get-bills';

export const deleteBill = ({ organizationId, billId, version }: { organizationId: string; billId: string; version: number }) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}/bills/${segment(billId)}`, { organizationId, query: { version } });

export const useDeleteBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBill,
    onSuccess: (_result, { organizationId, billId }) => {
      queryClient.removeQueries({ queryKey: [...billsKey(organizationId), 'detail', billId] });
      return queryClient.invalidateQueries({ queryKey: billsKey(organizationId) });
    },
  });
};
