import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { invoicesKey, type Invoice } from './get-invoices';

/**
 * Numbers the draft and posts its journal entry (admin). The key names the person's intent: a
 * repeat (double click, retry) answers the confirmed invoice and takes no second number.
 */
export const confirmInvoice = ({ organizationId, invoiceId, idempotencyKey }: { organizationId: string; invoiceId: string; idempotencyKey?: string }) =>
  api.post<Invoice>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}/confirm`, { organizationId, headers: idempotencyHeaders(idempotencyKey) });

export const useConfirmInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmInvoice,
    onSuccess: (invoice, { organizationId }) => {
      queryClient.setQueryData([...invoicesKey(organizationId), 'detail', invoice.id], invoice);
      return queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) });
    },
  });
};
