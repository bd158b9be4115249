import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentUpdate } from '@daftar/shared/schemas/payments';
import { api, segment } from '../../../lib/api-client';
import type { Payment } from './get-payments';
import { paymentsKey } from './keys';

/** Only reference and notes change on a recorded payment; `version` refuses a stale edit (409). */
export const updatePayment = ({ organizationId, paymentId, data }: { organizationId: string; paymentId: string; data: PaymentUpdate }) =>
  api.put<Payment>(`/organizations/${segment(organizationId)}/payments/${segment(paymentId)}`, { organizationId, json: data });

export const useUpdatePayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayment,
    meta: { handlesErrors: true },
    onSuccess: (payment, { organizationId }) => {
      queryClient.setQueryData([...paymentsKey(organizationId), 'detail', payment.id], payment);
      return queryClient.invalidateQueries({ queryKey: paymentsKey(organizationId) });
    },
  });
};
