import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { inventoryKey, type Location } from './keys';

export const locationsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId), 'locations'],
    queryFn: ({ signal }) => api.get<ListResponse<Location>>(`/organizations/${segment(organizationId)}/inventory/locations`, { organizationId, signal }),
    // Locations change rarely; the pickers of every dialog share this one read.
    staleTime: 5 * 60_000,
  });

export const useLocations = (organizationId: string, enabled = true) => useQuery({ ...locationsQueryOptions(organizationId), enabled });
