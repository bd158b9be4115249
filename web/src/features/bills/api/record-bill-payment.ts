import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillPaymentCreate } from '@daftar/shared/schemas/payments';
import { api, segment } from '../../../lib/api-client';
import { billsKey } from './get-bills';
import type { Payment } from './get-bill-payments';

/**
 * Pays the bill (the supplier is the bill's) and posts the payment, under the dialog's
 * Idempotency-Key, so a retry of the same payment posts once.
 */
export const recordBillPayment = ({
  organizationId,
  billId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  billId: string;
  data: BillPaymentCreate;
  idempotencyKey: string;
}) =>
  api.post<Payment>(`/organizations/${segment(organizationId)}/bills/${segment(billId)}/payments`, {
    organizationId,
    json: data,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const useRecordBillPayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordBillPayment,
    meta: { handlesErrors: true },
    onSuccess: (_payment, { organizationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billsKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'payments'] }),
      ]),
  });
};
