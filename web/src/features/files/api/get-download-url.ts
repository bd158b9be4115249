import { useMutation } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type FileDownload = z.infer<typeof schemas.fileDownload>;

/** A short-lived presigned address; asked for at the moment of download, never cached. */
export const getDownloadUrl = ({ organizationId, fileId }: { organizationId: string; fileId: string }) =>
  api.get<FileDownload>(`/organizations/${segment(organizationId)}/file-uploads/${segment(fileId)}/download`, { organizationId });

export const useDownloadFile = () => useMutation({ mutationFn: getDownloadUrl });
