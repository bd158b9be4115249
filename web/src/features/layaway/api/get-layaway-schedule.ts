import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { layawayPath, layawaysKey, type LayawaySchedule } from './keys';

/** The instalments from the start to the due date, the deposit first, each as of today. */
export const layawayScheduleQueryOptions = (organizationId: string, layawayId: string) =>
  queryOptions({
    queryKey: [...layawaysKey(organizationId), 'detail', layawayId, 'schedule'],
    queryFn: ({ signal }) => api.get<LayawaySchedule>(`${layawayPath(organizationId, layawayId)}/payment-schedule`, { organizationId, signal }),
  });

export const useLayawaySchedule = (organizationId: string, layawayId: string, enabled = true) => useQuery({ ...layawayScheduleQueryOptions(organizationId, layawayId), enabled });
