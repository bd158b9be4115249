import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxCreate } from '@daftar/shared/schemas/taxes';
import { api } from '../../../lib/api-client';
import type { Tax } from './get-taxes';
import { taxesKey, taxesPath } from './keys';

export const createTax = ({ organizationId, data }: { organizationId: string; data: TaxCreate }) => api.post<Tax>(taxesPath(organizationId), { organizationId, json: data });

/** The dialog shows refusals under its fields. */
export const useCreateTax = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTax,
    meta: { handlesErrors: true },
    onSuccess: (_tax, { organizationId }) => queryClient.invalidateQueries({ queryKey: taxesKey(organizationId) }),
  });
};
