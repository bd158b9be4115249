import * as dashboard from '@daftar/shared/schemas/accountingDashboard';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { accountingDashboard, accountingSummary } from './dashboard.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = defineRoutes('accounting', {
  [`GET ${ORG}/accounting/dashboard`]: route({
    access: { org: 'viewer' },
    summary:
      'The summary plus receivables and payables (outstanding, overdue, ageing), cash and bank balances, revenue and expenses of the last 12 months, documents per status, sales tax position and the latest journal entries (as_of_date, default today)',
    query: dashboard.accountingDashboardQuery,
    response: dashboard.accountingDashboardPublic,
    handler: async ({ organizationId, query }) => accountingDashboard(organizationId!, query.as_of_date),
  }),

  [`GET ${ORG}/accounting/summary`]: route({
    access: { org: 'viewer' },
    summary: 'Revenue, expenses and net income of the fiscal year to date, total assets and liabilities, and the cash position, as of today',
    response: dashboard.accountingSummaryPublic,
    handler: async ({ organizationId }) => accountingSummary(organizationId!),
  }),
});

export const handler = createHandler(routes);
