import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EinvoiceDocumentType, EinvoiceSubmitRequest } from '@daftar/shared/schemas/einvoiceSubmission';
import { api } from '../../../lib/api-client';
import type { EinvoiceSubmission } from './get-submission';
import { documentKey, documentPath } from './keys';

interface SubmitVariables {
  organizationId: string;
  documentType: EinvoiceDocumentType;
  documentId: string;
  options: EinvoiceSubmitRequest;
}

/** Answers 202 with the submission queued; the consumer sends it to the portal afterwards. */
export const submitDocument = ({ organizationId, documentType, documentId, options }: SubmitVariables) =>
  api.post<EinvoiceSubmission>(`${documentPath(organizationId, documentType, documentId)}/submit`, {
    organizationId,
    json: documentType === 'invoice' ? options : {},
  });

export const useSubmitDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDocument,
    onSuccess: (submission, { organizationId, documentType, documentId }) => {
      // The queued state is shown at once, which starts the polling.
      queryClient.setQueryData([...documentKey(organizationId, documentType, documentId), 'submission'], submission);
      return queryClient.invalidateQueries({ queryKey: documentKey(organizationId, documentType, documentId) });
    },
  });
};
