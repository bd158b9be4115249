import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSendRequest } from '@daftar/shared/schemas/invoiceReturns';
import { api, segment } from '../../../lib/api-client';
import { invoicesKey, type Invoice } from './get-invoices';

/** E-mails the invoice (PDF attached); a confirmed invoice becomes sent. */
export const sendInvoice = ({ organizationId, invoiceId, data }: { organizationId: string; invoiceId: string; data: InvoiceSendRequest }) =>
  api.post<Invoice>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}/send`, { organizationId, json: data });

export const useSendInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvoice,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) => queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) }),
  });
};
