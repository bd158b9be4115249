/**
 * Promotions' Lambda (issue 16): offers and their rules, what is active, the "why (not)" of a cart
 * (`validate`), usage with its limits, and each promotion's summary. The arithmetic is the shared
 * engine's (shared/src/promotions/engine.ts), the same the register runs.
 */
import * as z from 'zod';
import * as pr from '@daftar/shared/schemas/promotions';
import { listOf, message, pagination } from '@daftar/shared/schemas/common';
import { createHandler, defineRoutes, route, type RouteContext } from '../http/api.js';
import { actorIdOf } from '../http/principal.js';
import { organizationSettings } from '../organizations/settings.js';
import {
  activePromotions,
  addRule,
  bulkOperation,
  createPromotion,
  deletePromotion,
  deleteRule,
  getPromotion,
  listPromotions,
  presentPromotion,
  promotionSummary,
  recordUsage,
  searchPromotions,
  showPromotion,
  updatePromotion,
  updateRule,
  usageOf,
  validatePromotion,
  type Who,
} from './promotions.js';

const ORG = '/api/v1/organizations/{organization_id}';
const whoOf = (ctx: RouteContext<unknown, unknown>): Who => ({ actor: ctx.actor(), userId: actorIdOf(ctx.principal) ?? null });

export const routes = defineRoutes('promotions', {
  [`GET ${ORG}/promotions`]: route({
    access: { org: 'viewer' },
    summary: 'Promotions, newest first; by status (an index query) and type',
    query: pr.promotionListQuery,
    response: listOf(pr.promotionPublic),
    handler: async ({ organizationId, query }) => listPromotions(organizationId!, query),
  }),
  [`POST ${ORG}/promotions`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'A promotion: its reward, priority, exclusive or stackable, usage limits, and the rules that earn it',
    status: 201,
    body: pr.promotionCreate,
    response: pr.promotionPublic,
    handler: async (ctx) => createPromotion(ctx.organizationId!, ctx.body, whoOf(ctx)),
  }),
  [`GET ${ORG}/promotions/active`]: route({
    access: { org: 'viewer' },
    summary: 'Active promotions (of a location): what the register evaluates each cart against',
    query: pr.promotionActiveQuery,
    response: listOf(pr.promotionPublic),
    handler: async ({ organizationId, query }) => {
      const [promotions, { currency }] = await Promise.all([activePromotions(organizationId!, query.location_id), organizationSettings(organizationId!)]);
      return { data: promotions.map((p) => presentPromotion(p, currency)), count: promotions.length };
    },
  }),
  [`POST ${ORG}/promotions/search`]: route({
    access: { org: 'viewer' },
    summary: 'Search promotions by name (Arabic normalized) or description, with the list filters',
    body: pr.promotionSearch,
    response: listOf(pr.promotionPublic),
    handler: async ({ organizationId, body }) => searchPromotions(organizationId!, body),
  }),
  [`POST ${ORG}/promotions/validate`]: route({
    access: { org: 'member' },
    summary: 'Is the promotion earned by this cart (its lines, or cart_total and item_count)? The discount in fils per line, and why or why not',
    body: pr.promotionValidate,
    response: pr.promotionValidation,
    handler: async ({ organizationId, body }) => validatePromotion(organizationId!, body),
  }),
  [`POST ${ORG}/promotions/usage`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Record a use by an invoice or by hand; the limits (in total, per customer) hold under concurrency (409 when reached)',
    status: 201,
    body: pr.promotionUsageCreate,
    response: z.object({ promotion_id: z.string(), recorded: z.boolean() }),
    handler: async (ctx) => recordUsage(ctx.organizationId!, ctx.body, whoOf(ctx)),
  }),
  [`POST ${ORG}/promotions/bulk-operations`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Activate, pause, end or delete several promotions; the result per promotion',
    body: pr.promotionBulkOperation,
    response: z.object({ done: z.number().int(), failed: z.number().int(), results: z.array(z.object({ promotion_id: z.string(), ok: z.boolean(), detail: z.string().nullable() })) }),
    handler: async (ctx) => bulkOperation(ctx.organizationId!, ctx.body, whoOf(ctx)),
  }),
  [`PUT ${ORG}/promotions/rules/{rule_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    body: pr.promotionRuleInput,
    response: pr.promotionRulePublic,
    handler: async (ctx) => updateRule(ctx.organizationId!, ctx.params.rule_id!, ctx.body, whoOf(ctx)),
  }),
  [`DELETE ${ORG}/promotions/rules/{rule_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    response: message,
    handler: async (ctx) => deleteRule(ctx.organizationId!, ctx.params.rule_id!, whoOf(ctx)),
  }),
  [`GET ${ORG}/promotions/{promotion_id}`]: route({
    access: { org: 'viewer' },
    response: pr.promotionPublic,
    handler: async ({ organizationId, params }) => showPromotion(organizationId!, params.promotion_id!),
  }),
  [`PUT ${ORG}/promotions/{promotion_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    body: pr.promotionUpdate,
    response: pr.promotionPublic,
    handler: async (ctx) => updatePromotion(ctx.organizationId!, ctx.params.promotion_id!, ctx.body, whoOf(ctx)),
  }),
  [`DELETE ${ORG}/promotions/{promotion_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'A promotion never used is deleted; a used one is ended (its uses stay with their sales)',
    response: z.object({ deleted: z.boolean(), promotion: pr.promotionPublic }),
    handler: async (ctx) => deletePromotion(ctx.organizationId!, ctx.params.promotion_id!, whoOf(ctx)),
  }),
  [`POST ${ORG}/promotions/{promotion_id}/rules`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    status: 201,
    body: pr.promotionRuleInput,
    response: pr.promotionRulePublic,
    handler: async (ctx) => addRule(ctx.organizationId!, ctx.params.promotion_id!, ctx.body, whoOf(ctx)),
  }),
  [`GET ${ORG}/promotions/{promotion_id}/rules`]: route({
    access: { org: 'viewer' },
    response: listOf(pr.promotionRulePublic),
    handler: async ({ organizationId, params }) => {
      const p = await getPromotion(organizationId!, params.promotion_id!);
      const rules = presentPromotion(p, 'JOD').rules;
      return { data: rules, count: rules.length };
    },
  }),
  [`GET ${ORG}/promotions/{promotion_id}/usage`]: route({
    access: { org: 'viewer' },
    summary: 'Uses of the promotion, newest first, with the sale or invoice of each',
    query: pagination,
    response: listOf(pr.promotionUsagePublic),
    handler: async ({ organizationId, params, query }) => usageOf(organizationId!, params.promotion_id!, query),
  }),
  [`GET ${ORG}/promotions/{promotion_id}/summary`]: route({
    access: { org: 'viewer' },
    response: pr.promotionSummary,
    handler: async ({ organizationId, params }) => promotionSummary(organizationId!, params.promotion_id!),
  }),
});

export const handler = createHandler(routes);
