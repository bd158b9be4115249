/**
 * Cash flow's transactions and summaries (issue 17): the route group of the cash-flow Lambda
 * (cashflow/handler.ts) that lists, searches and changes cash-flow entries and reads the day
 * figures; loaded by the first of these routes called.
 */
import { listOf, message } from '@daftar/shared/schemas/common';
import * as cf from '@daftar/shared/schemas/cashflow';
import type { CashFlowCategory } from '@daftar/shared/cashflow/classify';
import { defineRouteGroup, route } from '../http/api.js';
import { actorIdOf } from '../http/principal.js';
import { cashFlowsBySource, createManual, deleteManual, listCashFlows, recategorize, recentCashFlows, searchCashFlows, updateManual } from './transactions.js';
import { cashFlowCategories, cashFlowDashboard, cashFlowHistory, cashFlowSeries, cashFlowSummary } from './summaries.js';

const ORG = '/api/v1/organizations/{organization_id}';
const C = `${ORG}/cashflow`;

export const routes = defineRouteGroup('cashflow', {
  [`GET ${C}/transactions`]: route({
    access: { org: 'viewer' },
    summary: 'Cash-flow transactions, newest first: by type, category, account, direction, amount and dates (one range query, the rest filtered on it)',
    query: cf.cashFlowListQuery,
    response: listOf(cf.cashFlowTransactionPublic),
    handler: async ({ organizationId, query }) => listCashFlows(organizationId!, query),
  }),
  [`POST ${C}/transactions`]: route({
    access: { org: 'member' },
    summary: 'A manual entry: a planned receipt or payment the forecast counts on its date (default), or money that moved off the books; never in the ledger',
    status: 201,
    body: cf.cashFlowManualCreate,
    response: cf.cashFlowTransactionPublic,
    handler: async (ctx) => createManual(ctx.organizationId!, ctx.body, actorIdOf(ctx.principal) ?? null),
  }),
  [`PUT ${C}/transactions/{transaction_id}`]: route({
    access: { org: 'member' },
    summary: 'Change a manual entry (a posted one is the record of its posting: only its category changes)',
    body: cf.cashFlowManualUpdate,
    response: cf.cashFlowTransactionPublic,
    handler: async ({ organizationId, params, body }) => updateManual(organizationId!, params.transaction_id!, body),
  }),
  [`DELETE ${C}/transactions/{transaction_id}`]: route({
    access: { org: 'member' },
    summary: 'Delete a manual entry (posted ones go with the reversal of their document)',
    response: message,
    handler: async ({ organizationId, params }) => {
      await deleteManual(organizationId!, params.transaction_id!);
      return { message: 'Cash-flow entry deleted' };
    },
  }),
  [`PUT ${C}/transactions/{transaction_id}/category`]: route({
    access: { org: 'member' },
    summary: "Re-categorise a transaction: its day's figures move with it; the posting's own category is kept as original_category",
    body: cf.cashFlowCategoryUpdate,
    response: cf.cashFlowTransactionPublic,
    handler: async ({ organizationId, params, body }) => recategorize(organizationId!, params.transaction_id!, body.cash_flow_category as CashFlowCategory),
  }),
  [`GET ${C}/transactions/by-source/{source_type}/{source_id}`]: route({
    access: { org: 'viewer' },
    summary: 'The cash flows a document made (a receipt, a payment, an expense…): an index query',
    response: listOf(cf.cashFlowTransactionPublic),
    handler: async ({ organizationId, params }) => cashFlowsBySource(organizationId!, params.source_type!, params.source_id!),
  }),
  [`GET ${C}/summary`]: route({
    access: { org: 'viewer' },
    summary: 'Opening and closing cash, inflow, outflow and net by type and category over a period (default: this month)',
    query: cf.cashFlowPeriodQuery,
    response: cf.cashFlowSummary,
    handler: async ({ organizationId, query }) => cashFlowSummary(organizationId!, query),
  }),
  [`GET ${C}/dashboard`]: route({
    access: { org: 'viewer' },
    summary: 'Cash now, this month and last, the last 30 days day by day, the largest outflows, planned entries',
    response: cf.cashFlowDashboard,
    handler: async ({ organizationId }) => cashFlowDashboard(organizationId!),
  }),
  [`GET ${C}/daily`]: route({
    access: { org: 'viewer' },
    summary: 'Day by day (default: the last 30 days) with the balance',
    query: cf.cashFlowPeriodQuery,
    response: cf.cashFlowSeries,
    handler: async ({ organizationId, query }) => cashFlowSeries(organizationId!, 'day', query),
  }),
  [`GET ${C}/weekly`]: route({
    access: { org: 'viewer' },
    summary: 'Week by week, weeks from Saturday (default: the last 12 weeks)',
    query: cf.cashFlowPeriodQuery,
    response: cf.cashFlowSeries,
    handler: async ({ organizationId, query }) => cashFlowSeries(organizationId!, 'week', query),
  }),
  [`GET ${C}/monthly`]: route({
    access: { org: 'viewer' },
    summary: 'Month by month (default: the last 12 months)',
    query: cf.cashFlowPeriodQuery,
    response: cf.cashFlowSeries,
    handler: async ({ organizationId, query }) => cashFlowSeries(organizationId!, 'month', query),
  }),
  [`GET ${C}/history`]: route({
    access: { org: 'viewer' },
    summary: 'The last `months` months (up to 36) with the balance at each month end',
    query: cf.cashFlowHistoryQuery,
    response: cf.cashFlowSeries,
    handler: async ({ organizationId, query }) => cashFlowHistory(organizationId!, query),
  }),
  [`GET ${C}/categories`]: route({
    access: { org: 'viewer' },
    summary: 'Every category with its type and its money in and out over a period (default: this month)',
    query: cf.cashFlowPeriodQuery,
    response: cf.cashFlowCategoriesList,
    handler: async ({ organizationId, query }) => cashFlowCategories(organizationId!, query),
  }),
  [`GET ${C}/search`]: route({
    access: { org: 'viewer' },
    summary: 'Transactions whose description, document number, category or source match q (Arabic normalised)',
    query: cf.cashFlowSearchQuery,
    response: listOf(cf.cashFlowTransactionPublic),
    handler: async ({ organizationId, query }) => searchCashFlows(organizationId!, query),
  }),
  [`GET ${C}/recent`]: route({
    access: { org: 'viewer' },
    summary: 'The latest transactions (of some accounts)',
    query: cf.cashFlowRecentQuery,
    response: listOf(cf.cashFlowTransactionPublic),
    handler: async ({ organizationId, query }) => recentCashFlows(organizationId!, query.limit, query.account_ids ? query.account_ids.split(',').map((s) => s.trim()).filter(Boolean) : []),
  }),
});
