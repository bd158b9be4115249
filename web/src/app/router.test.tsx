import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import { renderRoutes } from '../testing/render';
import { routes, signedInRouteDiscovery } from './router';

/** The app's routes as production runs them (with the route discovery), in memory, at `path`. */
const renderApp = (path: string) => renderRoutes(routes, path, { patchRoutesOnNavigation: signedInRouteDiscovery() }).router;

const routeIds = (router: ReturnType<typeof createMemoryRouter>) => router.state.matches.map((match) => match.route.id);

/** What a discovery call gets from React Router, with the patches it asked for recorded. */
function discoveryCall(path: string, signal = new AbortController().signal) {
  const patches: { routeId: string | null; children: RouteObject[] }[] = [];
  return {
    patches,
    args: { path, signal, matches: [], fetcherKey: undefined, patch: (routeId: string | null, children: RouteObject[]) => patches.push({ routeId, children }) },
  };
}

describe('routes (issue #13: /login loads nothing of the signed-in app)', () => {
  it('shows sign-in at /login without looking up the signed-in routes', async () => {
    const router = renderApp('/login');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(routeIds(router)).not.toContain('signed-in');
    expect(router.routes[0]!.children!.map((route) => route.id)).not.toContain('signed-in');
  });

  it('sends an anonymous visitor of a signed-in page to sign in, without adding those routes', async () => {
    const router = renderApp('/sales/invoices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(router.routes[0]!.children!.map((route) => route.id)).not.toContain('signed-in');
  });

  it('adds the signed-in routes for someone signed in, and matches their page', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    const router = createMemoryRouter(routes, { initialEntries: ['/onboarding'], patchRoutesOnNavigation: signedInRouteDiscovery() });
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(routeIds(router)).toContain('signed-in');
    expect(router.state.matches.at(-1)!.route.path).toBe('/onboarding');
    expect(router.state.errors).toBeNull();
    router.dispose();
  });

  it('shows "page not found" to someone signed in at a path no route has', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    const router = renderApp('/no-such-page');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page');
    expect(router.routes[0]!.children!.map((route) => route.id)).toContain('signed-in');
  });

  it('patches the signed-in routes in once, and not for an aborted navigation', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    const discover = signedInRouteDiscovery();

    const aborted = new AbortController();
    aborted.abort();
    const first = discoveryCall('/sales/invoices', aborted.signal);
    await discover(first.args);
    expect(first.patches).toHaveLength(0);

    const second = discoveryCall('/sales/invoices');
    await discover(second.args);
    expect(second.patches).toHaveLength(1);
    expect(second.patches[0]!.routeId).toBe('root');
    expect(second.patches[0]!.children.map((route) => route.id)).toEqual(['signed-in']);

    const third = discoveryCall('/sales/invoices/inv-1');
    await discover(third.args);
    expect(third.patches).toHaveLength(0);
  });

  it('patches nothing while nobody is signed in', async () => {
    const call = discoveryCall('/sales/invoices');
    await signedInRouteDiscovery()(call.args);
    expect(call.patches).toHaveLength(0);
  });
});
