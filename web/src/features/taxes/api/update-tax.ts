import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxUpdate } from '@daftar/shared/schemas/taxes';
import { api, segment } from '../../../lib/api-client';
import type { Tax } from './get-taxes';
import { taxesKey, taxesPath } from './keys';

export const updateTax = ({ organizationId, taxId, data }: { organizationId: string; taxId: string; data: TaxUpdate }) =>
  api.put<Tax>(`${taxesPath(organizationId)}/${segment(taxId)}`, { organizationId, json: data });

/** The dialog shows refusals under its fields. */
export const useUpdateTax = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTax,
    meta: { handlesErrors: true },
    onSuccess: (_tax, { organizationId }) => queryClient.invalidateQueries({ queryKey: taxesKey(organizationId) }),
  });
};
