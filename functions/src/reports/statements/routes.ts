/**
 * The financial statements' routes (viewer and up): profit and loss, balance sheet, trial balance,
 * working capital, cash flow statement and cash flow by category. Periods resolve in the
 * organization's time zone and fiscal year; labels (cash-flow lines, category names) follow
 * `lang`, else the caller's Accept-Language. What the routes run is imported on the first call
 * (../implementation.ts), so a cold start of the reports Lambda evaluates none of the statements.
 */
import * as statements from '@daftar/shared/schemas/reportStatements';
import { defineRouteGroup, route, type RouteContext } from '../../http/api.js';
import type { ReportInput } from '../request.js';

const ORG = '/api/v1/organizations/{organization_id}';

/** A statement route's request: its query, labels in the caller's language, `extra` the report's own parameters. */
const requestOf = async (ctx: RouteContext<unknown, ReportInput>, extra?: Record<string, string | undefined>) =>
  (await import('../implementation.js')).reportRequest(ctx.organizationId!, ctx.query, ctx.headers['accept-language'], { query: extra });

export const routes = defineRouteGroup('reports', {
  [`GET ${ORG}/reports/profit-loss`]: route({
    access: { org: 'viewer' },
    summary: 'Profit and loss for a period (current_month by default, or custom_start…custom_end), optionally compared with the period before',
    query: statements.profitLossReportQuery,
    response: statements.profitLossReportPublic,
    handler: async (ctx) => {
      const { presentProfitLoss, profitLoss } = await import('../implementation.js');
      const request = await requestOf(ctx);
      return presentProfitLoss(request, await profitLoss(request, ctx.query.include_comparison));
    },
  }),

  [`GET ${ORG}/reports/balance-sheet`]: route({
    access: { org: 'viewer' },
    summary: 'Balance sheet on as_of_date (default: the end of the period, today while it runs), with current period earnings in equity',
    query: statements.statementAsOfQuery,
    response: statements.balanceSheetReportPublic,
    handler: async (ctx) => {
      const { balanceSheet, presentBalanceSheet } = await import('../implementation.js');
      const request = await requestOf(ctx);
      return presentBalanceSheet(request, await balanceSheet(request));
    },
  }),

  [`GET ${ORG}/reports/trial-balance`]: route({
    access: { org: 'viewer' },
    summary: 'Trial balance on as_of_date: each account with a balance in the debit or the credit column',
    query: statements.statementAsOfQuery,
    response: statements.trialBalanceReportPublic,
    handler: async (ctx) => {
      const { presentTrialBalance, trialBalance } = await import('../implementation.js');
      const request = await requestOf(ctx);
      return presentTrialBalance(request, await trialBalance(request));
    },
  }),

  [`GET ${ORG}/reports/working-capital`]: route({
    access: { org: 'viewer' },
    summary: 'Working capital on as_of_date: current assets, current liabilities, current and quick ratios',
    query: statements.statementAsOfQuery,
    response: statements.workingCapitalReportPublic,
    handler: async (ctx) => {
      const { presentWorkingCapital, workingCapital } = await import('../implementation.js');
      const request = await requestOf(ctx);
      return presentWorkingCapital(request, await workingCapital(request));
    },
  }),

  [`GET ${ORG}/reports/cash-flow-statement`]: route({
    access: { org: 'viewer' },
    summary: 'Cash flow statement for a period (indirect method): operating, investing and financing, beginning and ending cash',
    query: statements.statementPeriodQuery,
    response: statements.cashFlowStatementReportPublic,
    handler: async (ctx) => {
      const { cashFlowStatement, presentCashFlowStatement } = await import('../implementation.js');
      const request = await requestOf(ctx);
      return presentCashFlowStatement(request, await cashFlowStatement(request));
    },
  }),

  [`GET ${ORG}/reports/cash-flow/categories`]: route({
    access: { org: 'viewer' },
    summary: 'Income and expense accounts over a period with their amounts and transaction counts (category_type all, income, expense or expenses)',
    query: statements.cashFlowCategoriesReportQuery,
    response: statements.cashFlowCategoriesReportPublic,
    handler: async (ctx) => {
      const { cashFlowCategories, presentCashFlowCategories } = await import('../implementation.js');
      const request = await requestOf(ctx, { category_type: ctx.query.category_type });
      return presentCashFlowCategories(request, await cashFlowCategories(request, ctx.query.category_type));
    },
  }),
});
