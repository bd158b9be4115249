import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentCreate } from '@daftar/shared/schemas/payments';
import { api, segment } from '../../../lib/api-client';
import type { Payment } from './get-payments';
import { keysMovedByPayments } from './keys';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface RecordPaymentVariables {
  organizationId: string;
  data: PaymentCreate;
  /** One per opened form: a double click or a retry after a lost answer posts the payment once. */
  idempotencyKey: string;
}

export const recordPayment = ({ organizationId, data, idempotencyKey }: RecordPaymentVariables) =>
  api.post<Payment>(`/organizations/${segment(organizationId)}/payments`, { organizationId, json: data, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export const useRecordPayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    meta: { handlesErrors: true },
    onSuccess: (_payment, { organizationId }) =>
      Promise.all(keysMovedByPayments(organizationId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
