import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type UploadedFile = z.infer<typeof schemas.filePublic>;

/** A receipt is an uploaded file of type `receipt`; the expense keeps its id. */
export const uploadReceipt = ({ organizationId, file, onProgress }: { organizationId: string; file: File; onProgress?: (fraction: number) => void }) => {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api.post<UploadedFile>(`/organizations/${segment(organizationId)}/file-uploads/upload`, {
    organizationId,
    formData,
    query: { file_type: 'receipt' },
    onUploadProgress: onProgress,
  });
};

export const useUploadReceipt = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReceipt,
    onSuccess: (_file, { organizationId }) => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'files'] }),
  });
};
