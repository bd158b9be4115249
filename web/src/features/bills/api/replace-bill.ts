import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillReplace } from '@daftar/shared/schemas/bills';
import { api, segment } from '../../../lib/api-client';
import { billsKey, type Bill } from './get-bills';

/** The whole draft, conditioned on the version that was read (409 when someone changed it meanwhile). */
export const replaceBill = ({ organizationId, billId, data }: { organizationId: string; billId: string; data: BillReplace }) =>
  api.put<Bill>(`/organizations/${segment(organizationId)}/bills/${segment(billId)}/with-line-items`, { organizationId, json: data });

export const useReplaceBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceBill,
    meta: { handlesErrors: true },
    onSuccess: (_bill, { organizationId }) => queryClient.invalidateQueries({ queryKey: billsKey(organizationId) }),
  });
};
