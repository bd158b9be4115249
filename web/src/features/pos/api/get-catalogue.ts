import { useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { ProductPublic } from '@daftar/shared/schemas/products';
import { useEffect, useState } from 'react';
import { api, type ListResponse } from '../../../lib/api-client';
import { organizationsQueryOptions } from '../../../lib/organizations';
import { taxesQueryOptions } from '../../../lib/tax-options';
import { productCategoriesQueryOptions } from '../../products/api/get-category-options';
import { buildCatalogueIndex, toCatalogueItem, type CatalogueIndex, type CatalogueSnapshot } from '../offline/catalogue';
import { posStore } from '../offline/store';

const snapshotKey = (organizationId: string) => `catalogue:${organizationId}`;

/** Every active product and service, page by page at the API's largest page. */
export async function fetchAllProducts(organizationId: string, signal?: AbortSignal): Promise<ProductPublic[]> {
  const all: ProductPublic[] = [];
  for (let skip = 0; ; skip += MAX_PAGE_LIMIT) {
    const page = await api.get<ListResponse<ProductPublic>>(`/organizations/${encodeURIComponent(organizationId)}/products-services`, {
      organizationId,
      signal,
      query: { skip, limit: MAX_PAGE_LIMIT },
    });
    all.push(...page.data);
    if (page.data.length < MAX_PAGE_LIMIT || all.length >= page.count) return all;
  }
}

export interface CatalogueState {
  index: CatalogueIndex | null;
  snapshot: CatalogueSnapshot | null;
  /** Where what is shown came from. */
  source: 'none' | 'device' | 'server';
  refreshing: boolean;
  error: unknown;
}

/**
 * The till's catalogue: the device's copy first (shown at once), then the server's, read in the
 * background and kept for next time. Categories and taxes travel with it: a line's tax must be
 * known offline too; so does the organization's scale-label layout, which labels are read by.
 */
export function useCatalogue(organizationId: string | null): CatalogueState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CatalogueState>({ index: null, snapshot: null, source: 'none', refreshing: true, error: null });

  useEffect(() => {
    if (!organizationId) return;
    const controller = new AbortController();
    let fromServer = false;
    const show = (snapshot: CatalogueSnapshot, source: 'device' | 'server') =>
      setState({ index: buildCatalogueIndex(snapshot.items, snapshot.scale_barcodes), snapshot, source, refreshing: source === 'device', error: null });

    void posStore()
      .getMeta<CatalogueSnapshot>(snapshotKey(organizationId))
      .then((cached) => {
        if (cached && !fromServer && !controller.signal.aborted) show(cached, 'device');
      })
      .catch(() => undefined);

    void (async () => {
      try {
        const [products, taxes, productCategories, serviceCategories, organizations] = await Promise.all([
          fetchAllProducts(organizationId, controller.signal),
          queryClient.fetchQuery(taxesQueryOptions(organizationId)),
          queryClient.fetchQuery(productCategoriesQueryOptions(organizationId, 'product')),
          queryClient.fetchQuery(productCategoriesQueryOptions(organizationId, 'service')),
          // The shell has read the list already: the organization's scale-label layout comes from it.
          queryClient.ensureQueryData(organizationsQueryOptions()),
        ]);
        const snapshot: CatalogueSnapshot = {
          items: products.filter((p) => p.is_active).map(toCatalogueItem),
          categories: [...productCategories.data, ...serviceCategories.data].map((c) => ({ id: c.id, name: c.name, name_ar: c.name_ar })),
          taxes: taxes.data,
          scale_barcodes: organizations.data.find((o) => o.id === organizationId)?.scale_barcodes,
          fetched_at: new Date().toISOString(),
        };
        if (controller.signal.aborted) return;
        fromServer = true;
        show(snapshot, 'server');
        await posStore().putMeta(snapshotKey(organizationId), snapshot);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, refreshing: false, error }));
      }
    })();
    return () => controller.abort();
  }, [organizationId, queryClient]);

  return state;
}
