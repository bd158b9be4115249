import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { invoicesKey, type Invoice } from './get-invoices';

/** Numbers the draft and posts its journal entry (admin). */
export const confirmInvoice = ({ organizationId, invoiceId }: { organizationId: string; invoiceId: string }) =>
  api.post<Invoice>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}/confirm`, { organizationId });

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
