import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecostingPublic } from '@daftar/shared/schemas/inventory';
import { api, segment } from '../../../lib/api-client';
import { inventoryKey } from './keys';

export type Recosting = RecostingPublic;

/** While a re-costing is owed it usually finishes within seconds: read again until none is. */
const OWED_REFRESH_MS = 5_000;

export const recostingQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId), 'recosting'],
    queryFn: ({ signal }) => api.get<Recosting>(`/organizations/${segment(organizationId)}/inventory/recosting`, { organizationId, signal }),
    refetchInterval: (query) => (query.state.data?.pending.length ? OWED_REFRESH_MS : false),
  });

export const useRecosting = (organizationId: string, enabled = true) => useQuery({ ...recostingQueryOptions(organizationId), enabled });
