import { useMutation } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type UploadedFile = z.infer<typeof schemas.filePublic>;

/** A product picture goes through the organization's file uploads; the product keeps the file's id. */
export const uploadImage = ({ organizationId, file, onProgress }: { organizationId: string; file: File; onProgress?: (fraction: number) => void }) => {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api.post<UploadedFile>(`/organizations/${segment(organizationId)}/file-uploads/upload`, {
    organizationId,
    formData,
    query: { file_type: 'image', tags: 'product' },
    onUploadProgress: onProgress,
  });
};

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
