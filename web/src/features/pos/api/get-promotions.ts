import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Promotion } from '@daftar/shared/promotions/engine';
import { enginePromotionOf } from '@daftar/shared/pos/promotions';
import type { PromotionPublic } from '@daftar/shared/schemas/promotions';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, api, segment, type ListResponse } from '../../../lib/api-client';
import { posStore } from '../offline/store';
import { posKey } from './keys';

/** How often an open register asks for the active promotions again (one started or ended meanwhile). */
export const PROMOTIONS_REFRESH_MS = 5 * 60_000;

const deviceKey = (organizationId: string, locationId: string | null) => `promotions:${organizationId}:${locationId ?? '-'}`;

export const promotionsKey = (organizationId: string, locationId: string | null) => [...posKey(organizationId), 'promotions', locationId ?? null] as const;

/** The promotions the register keeps: as the server listed them, and when it did. */
export interface PromotionsSnapshot {
  promotions: PromotionPublic[];
  fetched_at: string;
  source: 'server' | 'device';
}

/** The engine's view of a promotion as `GET promotions/active` gives it (shared/src/pos/promotions.ts). */
export const toEnginePromotion = (p: PromotionPublic): Promotion => enginePromotionOf(p, { total: p.used_total, byCustomer: 0 });

/**
 * The active promotions of the terminal's location. The last answer is kept on this device with
 * the catalogue's other facts, so a register opened without the network still applies the offers
 * the customer sees on the shelf; a server refusal (4xx) is not hidden by it.
 */
async function fetchActivePromotions(organizationId: string, locationId: string | null, signal?: AbortSignal): Promise<PromotionsSnapshot> {
  const key = deviceKey(organizationId, locationId);
  try {
    const list = await api.get<ListResponse<PromotionPublic>>(`/organizations/${segment(organizationId)}/promotions/active`, {
      organizationId,
      signal,
      query: locationId ? { location_id: locationId } : undefined,
    });
    const snapshot: PromotionsSnapshot = { promotions: list.data, fetched_at: new Date().toISOString(), source: 'server' };
    await posStore().putMeta(key, snapshot);
    return snapshot;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error;
    const cached = await posStore().getMeta<PromotionsSnapshot>(key);
    if (cached) return { ...cached, source: 'device' };
    throw error;
  }
}

export interface ActivePromotions {
  /** The engine's promotions (empty until known, or when they cannot be read). */
  promotions: readonly Promotion[];
  /** Each promotion's names as the screens and the receipt show them. */
  names: ReadonlyMap<string, { name: string; name_ar: string | null }>;
  source: 'none' | 'device' | 'server';
  error: unknown;
  /** Reads them from the server now (a sale was refused because they changed). */
  refresh: () => Promise<void>;
}

/**
 * The register's active promotions: the device's copy at once, then the server's, read again every
 * few minutes while the register is open and whenever `refresh` is called.
 */
export function useActivePromotions(organizationId: string, locationId: string | null): ActivePromotions {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => promotionsKey(organizationId, locationId), [organizationId, locationId]);
  const [device, setDevice] = useState<PromotionsSnapshot | null>(null);
  useEffect(() => {
    let live = true;
    void posStore()
      .getMeta<PromotionsSnapshot>(deviceKey(organizationId, locationId))
      .then((cached) => live && cached && setDevice({ ...cached, source: 'device' }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [organizationId, locationId]);

  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchActivePromotions(organizationId, locationId, signal),
    refetchInterval: PROMOTIONS_REFRESH_MS,
    refetchOnWindowFocus: false,
    retry: false,
    staleTime: 60_000,
  });

  // A refusal (4xx) is not hidden by the device's copy; a network failure already fell back to it.
  const snapshot = query.data ?? (query.error ? null : device);
  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey, exact: true });
  }, [queryClient, queryKey]);

  return useMemo(() => {
    const list = snapshot?.promotions ?? [];
    return {
      promotions: list.map(toEnginePromotion),
      names: new Map(list.map((p) => [p.id, { name: p.name, name_ar: p.name_ar }])),
      source: snapshot?.source ?? 'none',
      error: query.error,
      refresh,
    };
  }, [snapshot, query.error, refresh]);
}
