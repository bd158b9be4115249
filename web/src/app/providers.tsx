import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { ThemeRoot } from '../components/theme';
import { Toaster } from '../components/toaster';
import { useWritingDirection } from '../lib/direction';
import { createQueryClient } from '../lib/query-client';

/** Theme, direction (Arabic mirrors every primitive too), data cache and toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const dir = useWritingDirection();
  return (
    <QueryClientProvider client={client}>
      <ThemeRoot>
        <Direction.Provider dir={dir}>
          {children}
          <Toaster />
        </Direction.Provider>
      </ThemeRoot>
    </QueryClientProvider>
  );
}
