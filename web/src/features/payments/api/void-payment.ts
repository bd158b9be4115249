import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import type { Payment } from './get-payments';
import { keysMovedByPayments, paymentsKey } from './keys';

/** Posts the reversal and gives every allocated document its amount back (admin), once per Idempotency-Key. */
export const voidPayment = ({ organizationId, paymentId, idempotencyKey }: { organizationId: string; paymentId: string; idempotencyKey?: string }) =>
  api.delete<Payment>(`/organizations/${segment(organizationId)}/payments/${segment(paymentId)}`, { organizationId, headers: idempotencyHeaders(idempotencyKey) });

export const useVoidPayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidPayment,
    onSuccess: (payment, { organizationId }) => {
      queryClient.setQueryData([...paymentsKey(organizationId), 'detail', payment.id], payment);
      return Promise.all(keysMovedByPayments(organizationId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
};
