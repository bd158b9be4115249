/**
 * Reading layaways (issue 16): the list, one layaway, its items, payments and schedule, the
 * summaries — the route group of the layaway Lambda (layaway/handler.ts) that loads no posting.
 */
import * as lw from '@daftar/shared/schemas/layaway';
import { listOf, pagination } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route } from '../http/api.js';
import { getLayaway, layawaySchedule, layawaySummary, listLayaways, listPayments, presentItem, presentLayaway } from './read.js';
import type { StoredLayawayLine } from '../db/layaway.js';

const ORG = '/api/v1/organizations/{organization_id}';


export const routes = defineRouteGroup('layaway', {
  [`GET ${ORG}/layaway`]: route({
    access: { org: 'viewer' },
    summary: 'Layaways, newest first: by customer (gsi2), status and location (gsi1) as index queries, the other filters on them',
    query: lw.layawayListQuery,
    response: listOf(lw.layawayPublic),
    handler: async ({ organizationId, query }) => listLayaways(organizationId!, query),
  }),
  [`GET ${ORG}/layaway/summary`]: route({
    access: { org: 'viewer' },
    summary: 'Counts and amounts by status (layaways started in the period), deposits held beside the customer deposits account, overdue',
    query: lw.layawaySummaryQuery,
    response: lw.layawaySummary,
    handler: async ({ organizationId, query }) => layawaySummary(organizationId!, query),
  }),
  [`GET ${ORG}/layaway/location/{location_id}/summary`]: route({
    access: { org: 'viewer' },
    summary: "One location's layaways: counts and amounts by status, deposits held, overdue",
    query: lw.layawaySummaryQuery,
    response: lw.layawaySummary,
    handler: async ({ organizationId, params, query }) => layawaySummary(organizationId!, query, params.location_id!),
  }),
  [`GET ${ORG}/layaway/{layaway_id}`]: route({
    access: { org: 'viewer' },
    response: lw.layawayPublic,
    handler: async ({ organizationId, params }) => presentLayaway(await getLayaway(organizationId!, params.layaway_id!)),
  }),
  [`GET ${ORG}/layaway/{layaway_id}/items`]: route({
    access: { org: 'viewer' },
    response: listOf(lw.layawayItemPublic),
    handler: async ({ organizationId, params }) => {
      const layaway = await getLayaway(organizationId!, params.layaway_id!);
      const data = (layaway.lines as StoredLayawayLine[]).map((line) => presentItem(layaway, line));
      return { data, count: data.length };
    },
  }),
  [`GET ${ORG}/layaway/{layaway_id}/payments`]: route({
    access: { org: 'viewer' },
    summary: "The layaway's money in order: deposits and payments in, refunds, store credit and fees out",
    query: pagination,
    response: listOf(lw.layawayPaymentPublic),
    handler: async ({ organizationId, params, query }) => listPayments(organizationId!, params.layaway_id!, query),
  }),
  [`GET ${ORG}/layaway/{layaway_id}/payment-schedule`]: route({
    access: { org: 'viewer' },
    summary: 'The instalments from the start to the due date by frequency, the deposit first, each paid, partly paid, due or overdue',
    response: lw.layawaySchedule,
    handler: async ({ organizationId, params }) => layawaySchedule(organizationId!, params.layaway_id!),
  }),
});
