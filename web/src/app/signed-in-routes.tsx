import { Navigate, type RouteObject } from 'react-router-dom';
import { loadCoreTranslations, loadFeatureTranslations } from '../lib/i18n';
import { lazyPage as lazy } from '../lib/lazy-route';
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
import { productsRoutes } from '../features/products/routes';
import { inventoryRoutes } from '../features/inventory/routes';
import { accountingDashboardRoutes } from '../features/accounting-dashboard/routes';
import { inventoryAnalyticsRoutes } from '../features/inventory-analytics/routes';
import { posSessionsRoutes } from '../features/pos-sessions/routes';
import { posRegisterRoutes } from '../features/pos/routes';
import { giftCardsRoutes } from '../features/gift-cards/routes';
import { promotionsRoutes } from '../features/promotions/routes';
import { layawayRoutes } from '../features/layaway/routes';
import { loyaltyRoutes } from '../features/loyalty/routes';
import { cashFlowRoutes } from '../features/cashflow/routes';
import { RequireAuth } from './routes/root';

/**
 * The screens behind sign-in. app/router.tsx adds them under the root route the first time a
 * signed-in person navigates to a path the public routes do not match, so an anonymous visit to
 * /login downloads neither this table nor the chunk-preload lists of its pages.
 */
export const signedInRoutes: RouteObject[] = [
  {
    id: 'signed-in',
    element: <RequireAuth />,
    children: [
      {
        path: '/onboarding',
        lazy: lazy(
          () => Promise.all([import('../features/onboarding/routes/onboarding'), loadCoreTranslations()]).then(([page]) => page),
          (m) => m.OnboardingRoute,
        ),
      },
      // The till is full screen: beside the shell, not inside it.
      ...posRegisterRoutes,
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
          ...productsRoutes,
          ...inventoryAnalyticsRoutes,
          ...inventoryRoutes,
          ...posSessionsRoutes,
          ...giftCardsRoutes,
          ...promotionsRoutes,
          ...layawayRoutes,
          ...loyaltyRoutes,
          ...eInvoicingRoutes,
          ...billsRoutes,
          ...paymentsRoutes,
          ...bankingRoutes,
          ...expensesRoutes,
          ...cashFlowRoutes,
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
];
