import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/feedback';
import { LoginRoute } from '../features/auth/routes/login';
import { GuestOnly, RequireAuth, RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';
import { loadFeatureTranslations } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-route';
import { accountsRoutes } from '../features/accounts/routes';
import { journalRoutes } from '../features/journal/routes';
import { contactsRoutes } from '../features/contacts/routes';
import { taxesRoutes } from '../features/taxes/routes';
import { invoicesRoutes } from '../features/invoices/routes';
import { eInvoicingRoutes, eInvoicingSettingsRoutes } from '../features/e-invoicing/routes';
import { billsRoutes } from '../features/bills/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { bankingRoutes } from '../features/banking/routes';
import { reportsRoutes } from '../features/reports/routes';
import { analyticsRoutes } from '../features/analytics/routes';
import { expensesRoutes } from '../features/expenses/routes';
import { budgetsRoutes } from '../features/budgets/routes';
import { categoriesRoutes } from '../features/categories/routes';
import { accountingDashboardRoutes } from '../features/accounting-dashboard/routes';

/** Lazy route modules: only sign-in ships in the entry chunk. */
const lazy = lazyPage;

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
            lazy: lazy(
              () => Promise.all([import('./shell/app-shell'), loadFeatureTranslations()]).then(([shell]) => shell),
              (m) => m.AppShell,
            ),
            children: [
              { index: true, lazy: lazy(() => import('../features/dashboard/routes/dashboard'), (m) => m.DashboardRoute) },
              ...accountingDashboardRoutes,
              ...accountsRoutes,
              ...journalRoutes,
              ...taxesRoutes,
              ...categoriesRoutes,
              ...budgetsRoutes,
              ...contactsRoutes,
              ...invoicesRoutes,
              ...eInvoicingRoutes,
              ...billsRoutes,
              ...paymentsRoutes,
              ...bankingRoutes,
              ...expensesRoutes,
              ...reportsRoutes,
              ...analyticsRoutes,
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
                  ...eInvoicingSettingsRoutes,
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
