import { useQueries } from '@tanstack/react-query';
import { contactQueryOptions } from '../../contacts/api/get-contact';
import type { Customer } from './search-customers';

/** The customers a rule names, each read by id under the contacts' own cache key. */
export function useCustomersById(organizationId: string, ids: readonly string[]): ReadonlyMap<string, Customer> {
  const unique = [...new Set(ids)].filter(Boolean);
  return useQueries({
    queries: unique.map((id) => ({ ...contactQueryOptions(organizationId, id), enabled: !!organizationId, staleTime: 60_000 })),
    combine: (results) => new Map(results.flatMap((r, i) => (r.data ? [[unique[i]!, r.data] as const] : []))),
  });
}
