import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cashFlowForecastSettings } from '@daftar/shared/schemas/cashflow';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cashFlowKey, cashFlowPath, type ForecastSettings } from './keys';

export type ForecastSettingsBody = z.output<typeof cashFlowForecastSettings>;

/** The threshold and adjustments replace the saved ones whole; the forecast is read again with them. */
export const saveForecastSettings = ({ organizationId, data }: { organizationId: string; data: ForecastSettingsBody }) =>
  api.put<ForecastSettings>(`${cashFlowPath(organizationId)}/forecast/settings`, { organizationId, json: data });

export const useSaveForecastSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveForecastSettings,
    meta: { handlesErrors: true },
    onSuccess: (_settings, { organizationId }) => queryClient.invalidateQueries({ queryKey: cashFlowKey(organizationId) }),
  });
};
