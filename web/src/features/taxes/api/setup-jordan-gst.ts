import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JordanGstSetupResult } from '@daftar/shared/schemas/taxes';
import { api } from '../../../lib/api-client';
import { taxesKey, taxesPath } from './keys';

/** Creates the standard Jordan set the organization lacks (idempotent) and records its GST number. */
export const setupJordanGst = ({ organizationId, gstRegistrationNumber }: { organizationId: string; gstRegistrationNumber?: string }) =>
  api.post<JordanGstSetupResult>(`${taxesPath(organizationId)}/jordan-gst/setup`, {
    organizationId,
    query: { gst_registration_number: gstRegistrationNumber },
  });

export const useSetupJordanGst = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupJordanGst,
    onSuccess: async (_result, { organizationId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taxesKey(organizationId) }),
        // The registration number is part of the organization's profile.
        queryClient.invalidateQueries({ queryKey: ['organizations'], exact: true }),
        queryClient.invalidateQueries({ queryKey: ['organizations', organizationId], exact: true }),
      ]);
    },
  });
};
