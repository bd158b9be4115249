import type { ComponentType } from 'react';
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/loading';
import { LoginRoute } from '../features/auth/routes/login';
import { isSignedIn } from '../lib/auth';
import { loadCoreTranslations } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-route';
import { GuestOnly, RootLayout, UnknownPath } from './routes/root';
import { RouteError } from './routes/route-error';

const ROOT_ID = 'root';

/** A page beyond sign-in, with the texts the entry chunk leaves out (lib/i18n). */
const lazy = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazyPage(() => Promise.all([load(), loadCoreTranslations()]).then(([module]) => module), pick);

/**
 * The public routes, in the entry chunk with sign-in. The signed-in screens (app/signed-in-routes)
 * are added under the root route once someone signed in goes to a path these do not match; until
 * then such a path falls to `*`, which sends an anonymous visitor to sign in (issue #13: /login
 * downloads nothing of the signed-in app).
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', element: <LoginRoute /> },
          { path: '/signup', lazy: lazy(() => import('../features/auth/routes/signup'), (m) => m.SignupRoute) },
          { path: '/recover-password', lazy: lazy(() => import('../features/auth/routes/recover-password'), (m) => m.RecoverPasswordRoute) },
          { path: '/reset-password', lazy: lazy(() => import('../features/auth/routes/reset-password'), (m) => m.ResetPasswordRoute) },
        ],
      },
      { path: '/verify-email', lazy: lazy(() => import('../features/auth/routes/verify-email'), (m) => m.VerifyEmailRoute) },
      { path: '/logout', lazy: lazy(() => import('../features/auth/routes/logout'), (m) => m.LogoutRoute) },
      {
        path: '/accept-invitation',
        lazy: lazy(() => import('../features/invitations/routes/accept-invitation'), (m) => m.AcceptInvitationRoute),
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

/**
 * React Router asks this whenever a path matches only `*` (or a route with params): the first time
 * someone signed in does, the signed-in table is fetched and patched in, once per router.
 */
export function signedInRouteDiscovery(): PatchRoutesOnNavigationFunction {
  let patched = false;
  return async ({ patch, signal }) => {
    if (patched || !isSignedIn()) return;
    const { signedInRoutes } = await import('./signed-in-routes');
    // An aborted navigation's patch is dropped by the router; the next one patches instead.
    if (patched || signal.aborted) return;
    patch(ROOT_ID, signedInRoutes);
    patched = true;
  };
}

export const createAppRouter = () => createBrowserRouter(routes, { patchRoutesOnNavigation: signedInRouteDiscovery() });
