import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceReturnCreate } from '@daftar/shared/schemas/invoiceReturns';
import { api, segment } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { invoicesKey } from './get-invoices';
import { returnsKey, type InvoiceReturn } from './get-returns';

/**
 * A credit note against the invoice, posted at once (the invoice's balance and status change too);
 * once per Idempotency-Key, so a double click or a retry posts one credit note.
 */
export const createReturn = ({
  organizationId,
  invoiceId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  invoiceId: string;
  data: InvoiceReturnCreate;
  idempotencyKey?: string;
}) =>
  api.post<InvoiceReturn>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}/returns`, {
    organizationId,
    json: data,
    headers: idempotencyHeaders(idempotencyKey),
  });

export const useCreateReturn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    meta: { handlesErrors: true },
    onSuccess: (_credit, { organizationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: returnsKey(organizationId) }),
      ]),
  });
};
