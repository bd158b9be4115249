import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceStatus } from '@daftar/shared/schemas/invoices';
import { api, segment } from '../../../lib/api-client';
import { invoicesKey, type Invoice } from './get-invoices';

/** draft → cancelled and confirmed → sent (admin); anything else is refused with 409. */
export const changeInvoiceStatus = ({ organizationId, invoiceId, status }: { organizationId: string; invoiceId: string; status: InvoiceStatus }) =>
  api.put<Invoice>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}/status`, { organizationId, query: { new_status: status } });

export const useChangeInvoiceStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeInvoiceStatus,
    onSuccess: (invoice, { organizationId }) => {
      queryClient.setQueryData([...invoicesKey(organizationId), 'detail', invoice.id], invoice);
      return queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) });
    },
  });
};
