import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { UploadedFile } from './upload-receipt';

export const receiptQueryOptions = (organizationId: string, fileId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'files', 'detail', fileId],
    queryFn: ({ signal }) => api.get<UploadedFile>(`/organizations/${segment(organizationId)}/file-uploads/${segment(fileId)}`, { organizationId, signal }),
  });

/** The receipt's name and size, for the expense that points at it. */
export const useReceipt = (organizationId: string, fileId: string | null | undefined) =>
  useQuery({ ...receiptQueryOptions(organizationId, fileId ?? ''), enabled: !!fileId });

/** A short-lived presigned address, asked for at the moment of opening, never cached. */
export const getReceiptDownload = ({ organizationId, fileId }: { organizationId: string; fileId: string }) =>
  api.get<{ url: string; expires_in: number; filename: string }>(`/organizations/${segment(organizationId)}/file-uploads/${segment(fileId)}/download`, { organizationId });

export const useReceiptDownload = () => useMutation({ mutationFn: getReceiptDownload });
