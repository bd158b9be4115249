import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SalesInvoiceReplace } from '@daftar/shared/schemas/invoices';
import { api, segment } from '../../../lib/api-client';
import { invoicesKey, type Invoice } from './get-invoices';

/** The whole draft, conditioned on the version that was read (409 when someone changed it meanwhile). */
export const replaceInvoice = ({ organizationId, invoiceId, data }: { organizationId: string; invoiceId: string; data: SalesInvoiceReplace }) =>
  api.put<Invoice>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}/with-line-items`, { organizationId, json: data });

export const useReplaceInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceInvoice,
    meta: { handlesErrors: true },
    onSuccess: (_invoice, { organizationId }) => queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) }),
  });
};
