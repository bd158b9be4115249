import { MutationCache, QueryClient } from '@tanstack/react-query';
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
 * Mutations report failures through the shared failure handler (SPEC §8); queries show their
 * errors where the data would have been. Reads revalidate whenever a screen mounts (colleagues
 * change members, invitations and files too), showing the cached answer meanwhile.
 */
export function createQueryClient() {
  return new QueryClient({
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
