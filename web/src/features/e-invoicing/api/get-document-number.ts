import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EinvoiceDocumentType } from '@daftar/shared/schemas/einvoiceSubmission';
import { api, segment } from '../../../lib/api-client';
import { documentKey } from './keys';

/**
 * A submission names its document only once it was queued; before that the page reads the number
 * from the invoice or return itself.
 */
export const documentNumberQueryOptions = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string) =>
  queryOptions({
    queryKey: [...documentKey(organizationId, documentType, documentId), 'number'],
    queryFn: async ({ signal }) => {
      const path =
        documentType === 'invoice'
          ? `/organizations/${segment(organizationId)}/invoices/${segment(documentId)}`
          : `/organizations/${segment(organizationId)}/invoices/return/invoices/${segment(documentId)}`;
      const document = await api.get<{ number: string | null }>(path, { organizationId, signal });
      return document.number;
    },
  });

export const useDocumentNumber = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string, enabled: boolean) =>
  useQuery({ ...documentNumberQueryOptions(organizationId, documentType, documentId), enabled: enabled && !!organizationId });
