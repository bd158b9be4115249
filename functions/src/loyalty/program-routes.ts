/**
 * Loyalty programs and their rewards (issue 16): a route group of the loyalty Lambda
 * (loyalty/handler.ts), loaded by the first of them called.
 */
import * as ly from '@daftar/shared/schemas/loyalty';
import { listOf, message } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route } from '../http/api.js';
import { createProgram, createReward, deleteProgram, deleteReward, getProgram, listPrograms, listRewards, presentReward, programSummary, readReward, updateProgram, updateReward } from './programs.js';
import { organizationSettings } from '../organizations/settings.js';

const ORG = '/api/v1/organizations/{organization_id}';
const L = `${ORG}/loyalty`;

export const routes = defineRouteGroup('loyalty', {
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
});
