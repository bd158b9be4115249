import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SalesInvoiceCreate } from '@daftar/shared/schemas/invoices';
import { api, segment } from '../../../lib/api-client';
import { invoicesKey, type Invoice } from './get-invoices';

export const createInvoice = ({ organizationId, data }: { organizationId: string; data: SalesInvoiceCreate }) =>
  api.post<Invoice>(`/organizations/${segment(organizationId)}/invoices/with-line-items`, { organizationId, json: data });

/** The form shows validation answers under its fields, so the shared toast stays quiet. */
export const useCreateInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    meta: { handlesErrors: true },
    onSuccess: (_invoice, { organizationId }) => queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) }),
  });
};
