/**
 * Loyalty's Lambda (issue 16): programs and rewards, customers in programs, the point ledger, the
 * office's earn and redeem, search, bulk work and summaries. Points a till sale earns or redeems
 * move in the sale's own transaction (pos/sales.ts with loyalty/till.ts); the nightly lapse is the
 * maintenance job's (expiry.ts).
 */

import * as ly from '@daftar/shared/schemas/loyalty';
import { listOf, message } from '@daftar/shared/schemas/common';
import { createHandler, defineRoutes, route, type RouteContext } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import {
  adjustPoints,
  bulkOperation,
  describeTransaction,
  earnPoints,
  enroll,
  getMember,
  getTransaction,
  listMembers,
  listTransactions,
  redeemPoints,
  reverseTransaction,
  searchMembers,
  unenroll,
  updateMember,
  type Who,
} from './members.js';
import { createProgram, createReward, deleteProgram, deleteReward, getProgram, listPrograms, listRewards, presentReward, programSummary, readReward, updateProgram, updateReward } from './programs.js';
import { organizationSettings } from '../organizations/settings.js';

const ORG = '/api/v1/organizations/{organization_id}';
const L = `${ORG}/loyalty`;

const whoOf = (ctx: RouteContext<unknown, unknown>): Who => ({ actor: ctx.actor(), userId: actorIdOf(ctx.principal) ?? null });

export const routes = defineRoutes('loyalty', {
  // ---- Programs
  [`GET ${L}/programs`]: route({
    access: { org: 'viewer' },
    summary: 'Loyalty programs with their members, the points customers hold and the revenue deferred for them',
    query: ly.loyaltyProgramListQuery,
    response: listOf(ly.loyaltyProgramPublic),
    handler: async ({ organizationId, query }) => listPrograms(organizationId!, query),
  }),
  [`POST ${L}/programs`]: route({
    access: { org: 'admin' },
    summary: 'A program: points per JOD, rounding, minimum spend, point value, expiry, tiers, and how the points are accounted for',
    status: 201,
    body: ly.loyaltyProgramCreate,
    response: ly.loyaltyProgramPublic,
    handler: async ({ organizationId, body }) => createProgram(organizationId!, body),
  }),
  [`GET ${L}/programs/{loyalty_program_id}`]: route({
    access: { org: 'viewer' },
    response: ly.loyaltyProgramPublic,
    handler: async ({ organizationId, params }) => getProgram(organizationId!, params.loyalty_program_id!),
  }),
  [`PUT ${L}/programs/{loyalty_program_id}`]: route({
    access: { org: 'admin' },
    summary: 'New terms apply to what is earned from now on; the point value and accounting method are fixed while points are outstanding',
    body: ly.loyaltyProgramUpdate,
    response: ly.loyaltyProgramPublic,
    handler: async ({ organizationId, params, body }) => updateProgram(organizationId!, params.loyalty_program_id!, body),
  }),
  [`DELETE ${L}/programs/{loyalty_program_id}`]: route({
    access: { org: 'admin' },
    summary: 'A program without members is deleted (one with members can be made inactive)',
    response: message,
    handler: async ({ organizationId, params }) => {
      await deleteProgram(organizationId!, params.loyalty_program_id!);
      return { message: 'Loyalty program deleted' };
    },
  }),
  [`GET ${L}/programs/{loyalty_program_id}/summary`]: route({
    access: { org: 'viewer' },
    summary: 'Members, points earned, redeemed, lapsed and taken back, the deferred revenue beside the liability account, tiers, points lapsing soon',
    response: ly.loyaltyProgramSummary,
    handler: async ({ organizationId, params }) => programSummary(organizationId!, params.loyalty_program_id!),
  }),
  // ---- Customers
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
  [`GET ${L}/rewards`]: route({
    access: { org: 'viewer' },
    query: ly.loyaltyRewardListQuery,
    response: listOf(ly.loyaltyRewardPublic),
    handler: async ({ organizationId, query }) => listRewards(organizationId!, query),
  }),
  [`POST ${L}/rewards`]: route({
    access: { org: 'admin' },
    summary: 'A reward of a program: points to money off, or to a free item',
    status: 201,
    body: ly.loyaltyRewardCreate,
    response: ly.loyaltyRewardPublic,
    handler: async ({ organizationId, body }) => createReward(organizationId!, body),
  }),
  [`GET ${L}/rewards/{id}`]: route({
    access: { org: 'viewer' },
    response: ly.loyaltyRewardPublic,
    handler: async ({ organizationId, params }) => {
      const [reward, { currency }] = await Promise.all([readReward(organizationId!, params.id!), organizationSettings(organizationId!)]);
      return presentReward(reward, currency);
    },
  }),
  [`PUT ${L}/rewards/{id}`]: route({
    access: { org: 'admin' },
    body: ly.loyaltyRewardUpdate,
    response: ly.loyaltyRewardPublic,
    handler: async ({ organizationId, params, body }) => updateReward(organizationId!, params.id!, body),
  }),
  [`DELETE ${L}/rewards/{id}`]: route({
    access: { org: 'admin' },
    response: message,
    handler: async ({ organizationId, params }) => {
      await deleteReward(organizationId!, params.id!);
      return { message: 'Reward deleted' };
    },
  }),
  // ---- Points in the office
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

export const handler = createHandler(routes);

