import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EinvoiceDocumentType, EinvoicePreview, EinvoicePreviewQuery } from '@daftar/shared/schemas/einvoiceSubmission';
import { api } from '../../../lib/api-client';
import { documentKey, documentPath } from './keys';

export type { EinvoicePreview };

export const previewQueryOptions = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string, options: EinvoicePreviewQuery) =>
  queryOptions({
    queryKey: [...documentKey(organizationId, documentType, documentId), 'preview', options],
    queryFn: ({ signal }) =>
      api.get<EinvoicePreview>(`${documentPath(organizationId, documentType, documentId)}/preview`, {
        organizationId,
        // A return's type, payment method and buyer are its invoice's: it takes no options.
        query: documentType === 'invoice' ? { ...options } : undefined,
        signal,
      }),
  });

export const usePreview = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string, options: EinvoicePreviewQuery, enabled: boolean) =>
  useQuery({ ...previewQueryOptions(organizationId, documentType, documentId, options), enabled: enabled && !!organizationId });
