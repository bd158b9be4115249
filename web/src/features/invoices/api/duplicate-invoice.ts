import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { invoicesKey, type Invoice } from './get-invoices';

/** A new draft copying the invoice, its lines recomputed with the current taxes. */
export const duplicateInvoice = ({ organizationId, invoiceId }: { organizationId: string; invoiceId: string }) =>
  api.post<Invoice>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}/duplicate`, { organizationId });

export const useDuplicateInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateInvoice,
    onSuccess: (_copy, { organizationId }) => queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) }),
  });
};
