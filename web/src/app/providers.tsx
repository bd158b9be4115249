import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeRoot } from '../components/theme';
import { Toaster } from '../components/toaster';
import { createQueryClient } from '../lib/query-client';

/** Theme, direction (Arabic mirrors every primitive too), data cache and toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { i18n } = useTranslation();
  const dir = i18n.dir(i18n.resolvedLanguage ?? i18n.language);
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
