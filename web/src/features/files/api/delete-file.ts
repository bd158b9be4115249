import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';

export const deleteFile = ({ organizationId, fileId }: { organizationId: string; fileId: string }) =>
  api.delete<unknown>(`/organizations/${segment(organizationId)}/file-uploads/${segment(fileId)}`, { organizationId });

export const useDeleteFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'files'] }),
  });
};
