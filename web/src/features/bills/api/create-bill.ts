import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillCreate } from '@daftar/shared/schemas/bills';
import { api, segment } from '../../../lib/api-client';
import { billsKey, type Bill } from './get-bills';

export const createBill = ({ organizationId, data }: { organizationId: string; data: BillCreate }) =>
  api.post<Bill>(`/organizations/${segment(organizationId)}/bills/with-line-items`, { organizationId, json: data });

/** The form shows validation answers under its fields, so the shared toast stays quiet. */
export const useCreateBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBill,
    meta: { handlesErrors: true },
    onSuccess: (_bill, { organizationId }) => queryClient.invalidateQueries({ queryKey: billsKey(organizationId) }),
  });
};
