import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/feedback';
import { LoginRoute } from '../features/auth/routes/login';
import { GuestOnly, RequireAuth, RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';

/** Lazy route modules: only sign-in ships in the entry chunk. */
const lazy = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => async () => ({ Component: pick(await load()) });

export const routes: RouteObject[] = [
  {
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
      {
        element: <RequireAuth />,
        children: [
          { path: '/onboarding', lazy: lazy(() => import('../features/onboarding/routes/onboarding'), (m) => m.OnboardingRoute) },
          {
            lazy: lazy(() => import('./shell/app-shell'), (m) => m.AppShell),
            children: [
              { index: true, lazy: lazy(() => import('../features/dashboard/routes/dashboard'), (m) => m.DashboardRoute) },
              { path: '/admin', lazy: lazy(() => import('../features/admin/routes/admin'), (m) => m.AdminRoute) },
              {
                path: '/settings',
                lazy: lazy(() => import('./routes/settings-layout'), (m) => m.SettingsLayout),
                children: [
                  { index: true, element: <Navigate to="organization" replace /> },
                  {
                    path: 'organization',
                    lazy: lazy(() => import('../features/organizations/routes/organization-settings'), (m) => m.OrganizationSettingsRoute),
                  },
                  { path: 'members', lazy: lazy(() => import('../features/members/routes/members'), (m) => m.MembersRoute) },
                  { path: 'invitations', lazy: lazy(() => import('../features/invitations/routes/invitations'), (m) => m.InvitationsRoute) },
                  { path: 'api-keys', lazy: lazy(() => import('../features/api-keys/routes/api-keys'), (m) => m.ApiKeysRoute) },
                  { path: 'audit-log', lazy: lazy(() => import('../features/audit-logs/routes/audit-log'), (m) => m.AuditLogRoute) },
                  { path: 'files', lazy: lazy(() => import('../features/files/routes/files'), (m) => m.FilesRoute) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: lazy(() => import('./routes/not-found'), (m) => m.NotFoundRoute) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
