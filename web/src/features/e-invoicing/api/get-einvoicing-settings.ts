import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EinvoicingSettingsPublic } from '@daftar/shared/schemas/einvoicing';
import { api, segment } from '../../../lib/api-client';
import { settingsKey } from './keys';

export const einvoicingSettingsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: settingsKey(organizationId),
    queryFn: ({ signal }) => api.get<EinvoicingSettingsPublic>(`/organizations/${segment(organizationId)}/e-invoicing/settings`, { organizationId, signal }),
  });

export const useEinvoicingSettings = (organizationId: string, enabled = true) =>
  useQuery({ ...einvoicingSettingsQueryOptions(organizationId), enabled: enabled && !!organizationId });
