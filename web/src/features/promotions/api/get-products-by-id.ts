import { useQueries } from '@tanstack/react-query';
import { productQueryOptions } from '../../products/api/get-product';
import type { CatalogueItem } from './search-products';

/**
 * The products a promotion names (its rules, its free item), each read by id with the catalogue's
 * own cache key, so a product picked this session is not read again.
 */
export function useProductsById(organizationId: string, ids: readonly string[]): ReadonlyMap<string, CatalogueItem> {
  const unique = [...new Set(ids)].filter(Boolean);
  return useQueries({
    queries: unique.map((id) => ({ ...productQueryOptions(organizationId, id), enabled: !!organizationId, staleTime: 60_000 })),
    combine: (results) => new Map(results.flatMap((r, i) => (r.data ? [[unique[i]!, r.data] as const] : []))),
  });
}
