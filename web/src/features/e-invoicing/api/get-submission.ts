import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EinvoiceDocumentType, EinvoiceSubmissionPublic } from '@daftar/shared/schemas/einvoiceSubmission';
import { api } from '../../../lib/api-client';
import { documentKey, documentPath } from './keys';

export type EinvoiceSubmission = EinvoiceSubmissionPublic;
export type SubmissionState = EinvoiceSubmission['state'];

/** States in which the queue is still working: the screen asks again until it is done. */
export const IN_FLIGHT_STATES: readonly SubmissionState[] = ['queued', 'submitting'];
export const POLL_INTERVAL_MS = 2_000;

export const submissionQueryOptions = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string) =>
  queryOptions({
    queryKey: [...documentKey(organizationId, documentType, documentId), 'submission'],
    queryFn: ({ signal }) => api.get<EinvoiceSubmission>(documentPath(organizationId, documentType, documentId), { organizationId, signal }),
    refetchInterval: (query) => (query.state.data && IN_FLIGHT_STATES.includes(query.state.data.state) ? POLL_INTERVAL_MS : false),
  });

export const useSubmission = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string) =>
  useQuery({ ...submissionQueryOptions(organizationId, documentType, documentId), enabled: !!organizationId });
