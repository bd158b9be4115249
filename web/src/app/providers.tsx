import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ThemeRoot } from '../components/theme';
import { useAccessToken } from '../lib/auth';
import { useWritingDirection } from '../lib/direction';
import { createQueryClient } from '../lib/query-client';
import { toastStore } from '../lib/toast';

const Toaster = lazy(() => import('../components/toaster').then((module) => ({ default: module.Toaster })));

const hasToasts = () => toastStore.getSnapshot().length > 0;

/**
 * The toaster brings the icon set with it, too much for the sign-in entry chunk (issue #13): it
 * is fetched when the first toast is raised, or as soon as someone is signed in, so the app's
 * screens have their live region from the start. Once there, it stays.
 */
function DeferredToaster() {
  const signedIn = !!useAccessToken();
  const toastsUp = useSyncExternalStore(toastStore.subscribe, hasToasts, hasToasts);
  const [wanted, setWanted] = useState(false);
  if (!wanted && (signedIn || toastsUp)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Theme, direction (Arabic mirrors every primitive too), data cache and toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const dir = useWritingDirection();
  return (
    <QueryClientProvider client={client}>
      <ThemeRoot>
        <Direction.Provider dir={dir}>
          {children}
          <DeferredToaster />
        </Direction.Provider>
      </ThemeRoot>
    </QueryClientProvider>
  );
}
