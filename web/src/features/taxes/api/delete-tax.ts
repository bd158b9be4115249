import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { taxesKey, taxesPath } from './keys';

/** A tax that documents use is deactivated instead of deleted; the answer's message says which. */
export const deleteTax = ({ organizationId, taxId }: { organizationId: string; taxId: string }) =>
  api.delete<{ message: string }>(`${taxesPath(organizationId)}/${segment(taxId)}`, { organizationId });

export const useDeleteTax = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTax,
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: taxesKey(organizationId) }),
  });
};
