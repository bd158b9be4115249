import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { BillPublic } from '@daftar/shared/schemas/bills';
import type { InvoicePublic } from '@daftar/shared/schemas/invoices';
import { api, segment } from '../../../lib/api-client';

export type DocumentKind = 'invoice' | 'bill';
/** What the payment screens need of an invoice or a bill. */
export type SettledDocument = Pick<InvoicePublic | BillPublic, 'id' | 'number' | 'contact_id' | 'status' | 'issue_date' | 'balance_due' | 'currency'>;

export const documentQueryOptions = (organizationId: string, kind: DocumentKind, documentId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, kind === 'invoice' ? 'invoices' : 'bills', 'detail', documentId],
    queryFn: ({ signal }): Promise<SettledDocument> =>
      api.get<SettledDocument>(`/organizations/${segment(organizationId)}/${kind === 'invoice' ? 'invoices' : 'bills'}/${segment(documentId)}`, { organizationId, signal }),
  });

/** The invoice or bill named in the address (`?invoice_id=`), to preselect its contact and itself. */
export const useDocument = (organizationId: string, kind: DocumentKind, documentId: string | null) =>
  useQuery({ ...documentQueryOptions(organizationId, kind, documentId ?? ''), enabled: !!documentId });

/** The documents a payment settled (at most 20), to name them by number. */
export const useDocuments = (organizationId: string, documents: readonly { kind: DocumentKind; id: string }[]) =>
  useQueries({ queries: documents.map((d) => documentQueryOptions(organizationId, d.kind, d.id)) });
