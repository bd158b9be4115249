import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type FileUpload = z.infer<typeof schemas.filePublic>;
export type FileType = z.infer<typeof schemas.fileType>;

export const filesQueryOptions = (organizationId: string, fileType?: FileType) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'files', { fileType: fileType ?? null }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<FileUpload>>(`/organizations/${segment(organizationId)}/file-uploads`, {
        organizationId,
        query: { file_type: fileType },
        signal,
      }),
  });

export const useFiles = (organizationId: string, fileType?: FileType) => useQuery(filesQueryOptions(organizationId, fileType));
