import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, type ListResponse } from './api-client';
import { STORAGE_KEYS, storage } from './storage';

export type Organization = z.infer<typeof schemas.organizationPublic>;

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organizations'],
    queryFn: ({ signal }) => api.get<ListResponse<Organization>>('/organizations', { signal }),
  });

const readCurrent = () => storage.get(STORAGE_KEYS.currentOrganizationId);

export function useStoredOrganizationId() {
  return useSyncExternalStore(storage.subscribe, readCurrent, () => null);
}

/** SPEC §4: the stored organization if it is still one of the user's, else the first one. */
export function resolveCurrentOrganization<T extends { id: string }>(organizations: readonly T[], storedId: string | null): T | null {
  return organizations.find((o) => o.id === storedId) ?? organizations[0] ?? null;
}

/**
 * The organization the user works in. Switching stores the new id and clears every cached query:
 * nothing read for one organization may be shown for another.
 */
export function useCurrentOrganization() {
  const queryClient = useQueryClient();
  const storedId = useStoredOrganizationId();
  const organizations = useQuery(organizationsQueryOptions());
  const list = organizations.data?.data ?? [];
  const current = resolveCurrentOrganization(list, storedId);

  useEffect(() => {
    if (current && current.id !== storedId) storage.set(STORAGE_KEYS.currentOrganizationId, current.id);
  }, [current, storedId]);

  const switchOrganization = useCallback(
    (organizationId: string) => {
      if (organizationId === readCurrent()) return;
      storage.set(STORAGE_KEYS.currentOrganizationId, organizationId);
      queryClient.clear();
    },
    [queryClient],
  );

  return {
    organization: current,
    organizationId: current?.id ?? null,
    organizations: list,
    isLoading: organizations.isPending,
    error: organizations.error,
    switchOrganization,
  };
}
