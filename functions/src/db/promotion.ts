import type { EntityItem } from 'electrodb';
import { PROMOTION_STATUSES } from '@daftar/shared/promotions/engine';
import { PROMOTION_TYPES } from '@daftar/shared/schemas/promotions';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A promotion (issue 16; shared/src/schemas/promotions.ts) with its rules embedded (a promotion
 * is read whole to be evaluated: one item, one read). A rule has its own id for the rule routes,
 * found through PromotionRuleKey. `used_total` is kept on the promotion only when it has a total
 * limit (the limit's condition needs one item); the counts every promotion reports come from its
 * usage figures, sharded by where it was used, so a busy promotion is not one hot item.
 *
 * Access: the organization's promotions by id; by status (gsi1, an index query).
 */
export const Promotion = new Entity(
  {
    model: { entity: 'promotion', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      name_ar: { type: 'string' },
      description: { type: 'string' },
      status: { type: PROMOTION_STATUSES, required: true },
      promotion_type: { type: PROMOTION_TYPES, required: true },
      priority: { type: 'number', required: true },
      exclusive: { type: 'boolean', required: true },
      stackable: { type: 'boolean', required: true },
      usage_limit_total: { type: 'number' },
      usage_limit_per_customer: { type: 'number' },
      used_total: { type: 'number' },
      reward: { type: 'any', required: true },
      /** [{ id, ...PromotionRule }] */
      rules: { type: 'any', required: true },
      version: { type: 'number', required: true },
      created_by: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#PROMOTIONS', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'P#${id}', casing: 'none' },
      },
      byStatus: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'status'], template: 'ORG#${organization_id}#PROMOTIONS#${status}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PromotionRecord = EntityItem<typeof Promotion>;

/** `PROMORULE#<rule id>` → its promotion, for the routes that name a rule alone. */
export const PromotionRuleKey = new Entity(
  {
    model: { entity: 'promotion_rule_key', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      rule_id: { type: 'string', required: true, readOnly: true },
      promotion_id: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byRule: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['rule_id'], template: 'PROMORULE#${rule_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

/** One use of a promotion by a sale or an invoice, newest last. */
export const PromotionUsage = new Entity(
  {
    model: { entity: 'promotion_usage', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      promotion_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      customer_id: { type: 'string', readOnly: true },
      reference_type: { type: 'string', required: true, readOnly: true },
      reference_id: { type: 'string', required: true, readOnly: true },
      /** Minor units. */
      discount: { type: 'number', required: true, readOnly: true },
      location_id: { type: 'string', readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byPromotion: {
        pk: { field: 'pk', composite: ['organization_id', 'promotion_id'], template: 'ORG#${organization_id}#PROMO#${promotion_id}#USAGE', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

/**
 * Running usage figures of a promotion: per shard (`customer#<id>` for a customer's own count,
 * which the per-customer limit conditions; `at#<place>` for the uses at a till or in the office).
 * The summary is one Query of the promotion's figures.
 */
export const PromotionFigures = new Entity(
  {
    model: { entity: 'promotion_figures', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      promotion_id: { type: 'string', required: true, readOnly: true },
      shard: { type: 'string', required: true, readOnly: true },
      uses: { type: 'number' },
      discount: { type: 'number' },
      last_used_at: { type: 'string' },
    },
    indexes: {
      byPromotion: {
        pk: { field: 'pk', composite: ['organization_id', 'promotion_id'], template: 'ORG#${organization_id}#PROMO#${promotion_id}#FIG', casing: 'none' },
        sk: { field: 'sk', composite: ['shard'], template: '${shard}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
