import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { invoicesKey } from './get-invoices';

export const deleteInvoice = ({ organizationId, invoiceId, version }: { organizationId: string; invoiceId: string; version: number }) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}`, { organizationId, query: { version } });

export const useDeleteInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: (_result, { organizationId, invoiceId }) => {
      queryClient.removeQueries({ queryKey: [...invoicesKey(organizationId), 'detail', invoiceId] });
      return queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) });
    },
  });
};
