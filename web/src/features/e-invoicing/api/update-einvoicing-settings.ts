import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EinvoicingSettingsPublic, EinvoicingSettingsUpdate } from '@daftar/shared/schemas/einvoicing';
import { api, segment } from '../../../lib/api-client';
import { eInvoicingKey, settingsKey } from './keys';

export const updateEinvoicingSettings = ({ organizationId, data }: { organizationId: string; data: EinvoicingSettingsUpdate }) =>
  api.put<EinvoicingSettingsPublic>(`/organizations/${segment(organizationId)}/e-invoicing/settings`, { organizationId, json: data });

export const useUpdateEinvoicingSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEinvoicingSettings,
    onSuccess: (settings, { organizationId }) => {
      queryClient.setQueryData(settingsKey(organizationId), settings);
      // Previews carry the seller's details and the track: they are stale now.
      return queryClient.invalidateQueries({ queryKey: eInvoicingKey(organizationId) });
    },
  });
};
