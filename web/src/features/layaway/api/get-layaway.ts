import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { layawayPath, layawaysKey, type Layaway } from './keys';

export const layawayQueryOptions = (organizationId: string, layawayId: string) =>
  queryOptions({
    queryKey: [...layawaysKey(organizationId), 'detail', layawayId],
    queryFn: ({ signal }) => api.get<Layaway>(layawayPath(organizationId, layawayId), { organizationId, signal }),
  });

export const useLayaway = (organizationId: string, layawayId: string, enabled = true) => useQuery({ ...layawayQueryOptions(organizationId, layawayId), enabled });
