import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { layawaysKey, layawaysPath, type LayawayFigures } from './keys';

/** Counts and amounts by status, the deposits held beside the customer deposits account, and what is overdue. */
export const layawaySummaryQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...layawaysKey(organizationId), 'summary'],
    queryFn: ({ signal }) => api.get<LayawayFigures>(`${layawaysPath(organizationId)}/summary`, { organizationId, signal }),
  });

export const useLayawaySummary = (organizationId: string, enabled = true) => useQuery({ ...layawaySummaryQueryOptions(organizationId), enabled });
