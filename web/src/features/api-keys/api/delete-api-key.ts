import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';

export const deleteApiKey = ({ organizationId, apiKeyId }: { organizationId: string; apiKeyId: string }) =>
  api.delete<unknown>(`/organizations/${segment(organizationId)}/api-keys/${segment(apiKeyId)}`, { organizationId });

export const useDeleteApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'api-keys'] }),
  });
};
