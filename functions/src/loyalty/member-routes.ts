/**
 * Loyalty members, their points and transactions (issue 16): the route group of the loyalty
 * Lambda (loyalty/handler.ts) that posts points, loaded by the first of them called.
 */
import * as ly from '@daftar/shared/schemas/loyalty';
import { listOf, message } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route, type RouteContext } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import { adjustPoints, bulkOperation, describeTransaction, earnPoints, enroll, getMember, getTransaction, listMembers, listTransactions, redeemPoints, reverseTransaction, searchMembers, unenroll, updateMember, type Who } from './members.js';

const ORG = '/api/v1/organizations/{organization_id}';
const L = `${ORG}/loyalty`;

const whoOf = (ctx: RouteContext<unknown, unknown>): Who => ({ actor: ctx.actor(), userId: actorIdOf(ctx.principal) ?? null });

export const routes = defineRouteGroup('loyalty', {
  [`GET ${L}/customers`]: route({
    access: { org: 'viewer' },
    summary: 'Customers in programs (by program: an index query)',
    query: ly.loyaltyCustomerListQuery,
    response: listOf(ly.loyaltyCustomerPublic),
    handler: async ({ organizationId, query }) => listMembers(organizationId!, query),
  }),
  [`POST ${L}/customers`]: route({
    access: { org: 'member' },
    summary: 'Enrol a customer in a program (one program at a time)',
    status: 201,
    body: ly.loyaltyCustomerCreate,
    response: ly.loyaltyCustomerPublic,
    handler: async ({ organizationId, body }) => enroll(organizationId!, body),
  }),
  [`GET ${L}/customers/{customer_id}`]: route({
    access: { org: 'viewer' },
    summary: "A customer's points: balance, usable now, value, tier, next expiry and the revenue deferred for them",
    response: ly.loyaltyCustomerPublic,
    handler: async ({ organizationId, params }) => getMember(organizationId!, params.customer_id!),
  }),
  [`PUT ${L}/customers/{customer_id}`]: route({
    access: { org: 'admin' },
    summary: 'Suspend or reactivate the membership, notes, or move to another program (only with no points left)',
    body: ly.loyaltyCustomerUpdate,
    response: ly.loyaltyCustomerPublic,
    handler: async ({ organizationId, params, body }) => updateMember(organizationId!, params.customer_id!, body),
  }),
  [`DELETE ${L}/customers/{customer_id}`]: route({
    access: { org: 'admin' },
    summary: 'Remove the customer from the program (only with no points left; the ledger stays)',
    response: message,
    handler: async ({ organizationId, params }) => {
      await unenroll(organizationId!, params.customer_id!);
      return { message: 'The customer left the loyalty program' };
    },
  }),
  [`GET ${L}/customers/{customer_id}/transactions`]: route({
    access: { org: 'viewer' },
    summary: "The customer's point ledger, newest first, with the balance after each line",
    query: ly.loyaltyTransactionListQuery.omit({ customer_id: true }),
    response: listOf(ly.loyaltyTransactionPublic),
    handler: async ({ organizationId, params, query }) => listTransactions(organizationId!, { ...query, customer_id: params.customer_id! }),
  }),
  // ---- The ledger
  [`GET ${L}/transactions`]: route({
    access: { org: 'viewer' },
    summary: 'Point ledger lines of every customer (or one), newest first, by type and dates',
    query: ly.loyaltyTransactionListQuery,
    response: listOf(ly.loyaltyTransactionPublic),
    handler: async ({ organizationId, query }) => listTransactions(organizationId!, query),
  }),
  [`POST ${L}/transactions`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'A manual correction (± points with the reason): points given are booked as marketing, points taken release their deferred share as other income',
    status: 201,
    body: ly.loyaltyTransactionCreate,
    response: ly.loyaltyTransactionPublic,
    handler: async (ctx) => adjustPoints(ctx.organizationId!, ctx.body, whoOf(ctx)),
  }),
  [`GET ${L}/transactions/{id}`]: route({
    access: { org: 'viewer' },
    response: ly.loyaltyTransactionPublic,
    handler: async ({ organizationId, params }) => getTransaction(organizationId!, params.id!),
  }),
  [`PUT ${L}/transactions/{id}`]: route({
    access: { org: 'admin' },
    summary: 'Correct what a line says (its points and money never change: undo it instead)',
    body: ly.loyaltyTransactionUpdate,
    response: ly.loyaltyTransactionPublic,
    handler: async ({ organizationId, params, body }) => describeTransaction(organizationId!, params.id!, body.description),
  }),
  [`DELETE ${L}/transactions/{id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Undo a manual line with a reversal line (lines of sales, returns and lapses are undone by returning the sale, never deleted)',
    response: message,
    handler: async (ctx) => {
      await reverseTransaction(ctx.organizationId!, ctx.params.id!, whoOf(ctx));
      return { message: 'The line was undone' };
    },
  }),
  // ---- Rewards
  [`POST ${L}/earn-points`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Points given to a customer (query fields): on a sale or invoice their share of revenue is deferred; given for nothing, booked as marketing. Send an Idempotency-Key',
    status: 201,
    query: ly.loyaltyPointsQuery,
    response: ly.loyaltyCustomerPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 201, body: await earnPoints(ctx.organizationId!, ctx.query, whoOf(ctx), guard ? { claim: guard } : null) })),
  }),
  [`POST ${L}/redeem-points`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Points spent in the office (a reward handed over; reward_id checks its cost): their deferred share is released to sales. Send an Idempotency-Key',
    status: 201,
    query: ly.loyaltyPointsQuery,
    response: ly.loyaltyCustomerPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 201, body: await redeemPoints(ctx.organizationId!, ctx.query, whoOf(ctx), guard ? { claim: guard } : null) })),
  }),
  [`POST ${L}/search`]: route({
    access: { org: 'viewer' },
    summary: 'Customers in programs by name, phone or e-mail (Arabic normalised), program, tier and points',
    body: ly.loyaltySearch,
    response: listOf(ly.loyaltyCustomerPublic),
    handler: async ({ organizationId, body }) => searchMembers(organizationId!, body),
  }),
  [`POST ${L}/bulk-operations`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Enrol, adjust or remove several customers; each on its own, the result per customer',
    body: ly.loyaltyBulkOperation,
    response: ly.loyaltyBulkResult,
    handler: async (ctx) => bulkOperation(ctx.organizationId!, ctx.body, whoOf(ctx)),
  }),
});
