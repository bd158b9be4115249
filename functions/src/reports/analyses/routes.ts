/**
 * The analyses' routes, a route group of the reports Lambda (reports/handler.ts). Every one reads:
 * viewer and up. A bad query (a date not written YYYY-MM-DD, a start after its end, an unknown
 * period) is refused with 422 before anything is read. What the routes run is imported on the
 * first call (../implementation.ts), so a cold start of the reports Lambda evaluates none of it.
 */
import {
  posCashierPerformancePublic,
  posCashierPerformanceQuery,
  posDashboardMetricsPublic,
  posDashboardQuery,
  posSalesSummaryPublic,
  posSalesSummaryQuery,
  posShiftReconciliationPublic,
  posShiftReconciliationQuery,
  payablesAnalysisPublic,
  receivablesAnalysisPublic,
  reportAnalysisAsOfQuery,
  reportDashboardMetricsPublic,
  revenueAnalyticsPublic,
  revenueAnalyticsQuery,
} from '@daftar/shared/schemas/reportAnalyses';
import { defineRouteGroup, route, type RouteContext } from '../../http/api.js';

const ORG = '/api/v1/organizations/{organization_id}';
const viewer = { org: 'viewer' } as const;
const organizationOf = (ctx: RouteContext) => ctx.organizationId!;

export const routes = defineRouteGroup('reports', {
  [`GET ${ORG}/reports/receivables-analysis`]: route({
    access: viewer,
    summary: 'Receivables ageing (current, 1–30, 31–60, 61–90, over 90 days past due), average days outstanding, collection risk and top customers',
    query: reportAnalysisAsOfQuery,
    response: receivablesAnalysisPublic,
    handler: async (ctx) => (await import('../implementation.js')).receivablesAnalysis(organizationOf(ctx), ctx.query.as_of_date),
  }),
  [`GET ${ORG}/reports/payables-analysis`]: route({
    access: viewer,
    summary: 'Payables ageing, average days outstanding, payment risk and top suppliers',
    query: reportAnalysisAsOfQuery,
    response: payablesAnalysisPublic,
    handler: async (ctx) => (await import('../implementation.js')).payablesAnalysis(organizationOf(ctx), ctx.query.as_of_date),
  }),
  [`GET ${ORG}/reports/revenue-analytics`]: route({
    access: viewer,
    summary: 'Revenue of the period against the previous one, the monthly trend and the top revenue sources',
    query: revenueAnalyticsQuery,
    response: revenueAnalyticsPublic,
    handler: async (ctx) => {
      const { loadReportOrganization, resolvePeriod, revenueAnalytics } = await import('../implementation.js');
      const organization = await loadReportOrganization(organizationOf(ctx));
      return revenueAnalytics(organization, resolvePeriod(ctx.query, organization));
    },
  }),
  [`GET ${ORG}/reports/dashboard-metrics`]: route({
    access: viewer,
    summary: 'The dashboard summary (revenue, expenses and net income year to date, assets, liabilities, cash) with the change of each',
    response: reportDashboardMetricsPublic,
    handler: async (ctx) => (await import('../implementation.js')).dashboardMetrics(organizationOf(ctx)),
  }),
  [`GET ${ORG}/reports/pos/sales-summary`]: route({
    access: viewer,
    summary: 'POS sales of the days (today by default), by payment method and by hour',
    query: posSalesSummaryQuery,
    response: posSalesSummaryPublic,
    handler: async (ctx) => {
      const { loadReportOrganization, posSalesSummary } = await import('../implementation.js');
      return posSalesSummary(await loadReportOrganization(organizationOf(ctx)), ctx.query);
    },
  }),
  [`GET ${ORG}/reports/pos/cashier-performance`]: route({
    access: viewer,
    summary: 'POS sales per cashier over the days',
    query: posCashierPerformanceQuery,
    response: posCashierPerformancePublic,
    handler: async (ctx) => {
      const { loadReportOrganization, posCashierPerformance } = await import('../implementation.js');
      return posCashierPerformance(await loadReportOrganization(organizationOf(ctx)), ctx.query);
    },
  }),
  [`GET ${ORG}/reports/pos/shift-reconciliation`]: route({
    access: viewer,
    summary: 'POS sessions of the days with expected and counted cash',
    query: posShiftReconciliationQuery,
    response: posShiftReconciliationPublic,
    handler: async (ctx) => {
      const { loadReportOrganization, posShiftReconciliation } = await import('../implementation.js');
      return posShiftReconciliation(await loadReportOrganization(organizationOf(ctx)), ctx.query);
    },
  }),
  [`GET ${ORG}/reports/pos/dashboard-metrics`]: route({
    access: viewer,
    summary: "The POS dashboard: today's sales and the period's figures",
    query: posDashboardQuery,
    response: posDashboardMetricsPublic,
    handler: async (ctx) => {
      const { loadReportOrganization, posDashboardMetrics } = await import('../implementation.js');
      return posDashboardMetrics(await loadReportOrganization(organizationOf(ctx)), ctx.query);
    },
  }),
});
