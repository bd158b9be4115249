import {
  MutationCache,
  QueryClient,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { ApiError } from './api-client';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The mutation shows its own error (or none); the shared toast stays quiet. */
      handlesErrors?: boolean;
    };
  }
}

/**
 * An organization's query asked before the organization is known: every organization-scoped key
 * starts `['organizations', organizationId, …]`, and a page rendered while the organizations list
 * is still loading passes `organizationId ?? ''`.
 */
export const awaitsOrganization = (queryKey: QueryKey) => queryKey[0] === 'organizations' && queryKey.length > 1 && (queryKey[1] === '' || queryKey[1] == null);

/**
 * The one place organization-scoped reads wait for the organization (issue 12: every direct page
 * load asked `/organizations//…` first). Whatever `enabled` a query gives, one whose key has no
 * organization yet stays pending without fetching — as TanStack itself does for `skipToken` — and
 * runs as soon as the page asks again with the id.
 */
class OrganizationAwareQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    if (defaulted.enabled === false || !awaitsOrganization(defaulted.queryKey)) return defaulted;
    return { ...defaulted, enabled: false };
  }
}

/**
 * Mutations report failures through the shared failure handler (SPEC §8); queries show their
 * errors where the data would have been. Reads revalidate whenever a screen mounts (colleagues
 * change members, invitations and files too), showing the cached answer meanwhile.
 */
export function createQueryClient() {
  return new OrganizationAwareQueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
