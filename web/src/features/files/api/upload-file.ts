import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { FileType, FileUpload } from './get-files';

export interface UploadFileInput {
  organizationId: string;
  file: File;
  description?: string;
  /** Comma-separated, as the API takes them. */
  tags?: string;
  fileType: FileType;
  onProgress?: (fraction: number) => void;
}

export const uploadFile = ({ organizationId, file, description, tags, fileType, onProgress }: UploadFileInput) => {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api.post<FileUpload>(`/organizations/${segment(organizationId)}/file-uploads/upload`, {
    organizationId,
    formData,
    query: { description, tags, file_type: fileType },
    onUploadProgress: onProgress,
  });
};

export const useUploadFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: (_file, { organizationId }) => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'files'] }),
  });
};
