import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

type RouterOptions = Omit<NonNullable<Parameters<typeof createMemoryRouter>[1]>, 'initialEntries'>;

/**
 * Renders routes inside the app's providers, starting at `path`. The app's own routes need the
 * app's route discovery to reach the signed-in screens: `{ patchRoutesOnNavigation: signedInRouteDiscovery() }`.
 */
export function renderRoutes(routes: RouteObject[], path: string, options: RouterOptions = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { ...options, initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

export const Screen = ({ name }: { name: string }): ReactNode => <p>screen:{name}</p>;
