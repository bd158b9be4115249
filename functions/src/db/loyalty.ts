import type { EntityItem } from 'electrodb';
import { LOYALTY_MEMBER_STATUSES, LOYALTY_REWARD_TYPES, LOYALTY_TRANSACTION_TYPES } from '@daftar/shared/schemas/loyalty';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * An organization's loyalty programs (issue 16; shared/src/schemas/loyalty.ts), all in ONE item.
 * Why not an item per program: the till must know a customer's program terms while it reads the
 * sale (one BatchGetItem, pos/sales.ts), and it learns the program only from the member it reads
 * in that same batch — one item with every program's terms is read beside the member without a
 * second round trip. An organization has a handful of programs (at most LOYALTY_PROGRAMS_MAX,
 * well inside the 400 KB item limit); changes are conditioned on `version`, so two edits at once
 * cannot lose one another.
 */
export const LoyaltyPrograms = new Entity(
  {
    model: { entity: 'loyalty_programs', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      /** StoredLoyaltyProgram[] (functions/src/loyalty/programs.ts), in the order they were made. */
      programs: { type: 'any', required: true },
      version: { type: 'number', required: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'LOYALTYPROGRAMS', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type LoyaltyProgramsRecord = EntityItem<typeof LoyaltyPrograms>;

/**
 * A customer in a program: what the shop owes them in points. The balance, the lots it is made of
 * (each earn a lot with its own expiry; shared/src/loyalty/points.ts draws on them) and the revenue
 * deferred for them change only in the transaction that records the points, on condition that the
 * member's `version` is still the one read — two tills redeeming at once cannot overdraw it: the
 * second re-reads and is refused when the points are gone. Each change is a line of the member's
 * ledger (LoyaltyActivity) numbered by the version it made.
 *
 * Keyed by the customer (one program at a time); by program through gsi1 (members, summaries).
 */
export const LoyaltyMember = new Entity(
  {
    model: { entity: 'loyalty_member', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      customer_id: { type: 'string', required: true, readOnly: true },
      /** customer_loyalty_id: the enrolment's own id (a customer who leaves and comes back gets a new one). */
      id: { type: 'string', required: true },
      loyalty_program_id: { type: 'string', required: true },
      customer_name: { type: 'string', required: true },
      /** Lower-cased, Arabic-normalised name, phone and e-mail (shared/src/search.ts) for `search`. */
      search_text: { type: 'string' },
      status: { type: LOYALTY_MEMBER_STATUSES, required: true },
      points_balance: { type: 'number', required: true },
      lifetime_points: { type: 'number', required: true },
      redeemed_points: { type: 'number', required: true },
      expired_points: { type: 'number', required: true },
      taken_back_points: { type: 'number', required: true },
      /** Revenue deferred for the points held (minor units; deferral method). */
      deferred: { type: 'number', required: true },
      /** PointLot[] (points.ts): lots with points left. */
      lots: { type: 'any', required: true },
      notes: { type: 'string' },
      version: { type: 'number', required: true },
      enrolled_at: { type: 'string', required: true },
      last_activity_at: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byCustomer: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#LOYALTYMEMBERS', casing: 'none' },
        sk: { field: 'sk', composite: ['customer_id'], template: 'C#${customer_id}', casing: 'none' },
      },
      byProgram: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'loyalty_program_id'], template: 'ORG#${organization_id}#LOYALTYPROG#${loyalty_program_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['customer_id'], template: '${customer_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type LoyaltyMemberRecord = EntityItem<typeof LoyaltyMember>;

/**
 * One line of a customer's point ledger. `seq` is the member version the change made, so the lines
 * are in order and `balance_after` is exact; the Put is conditioned on its absence, with the
 * member's versioned update. gsi1 files every line of the organization by its id (UUIDv7, so
 * newest last): the ledger across customers, and a line by id, are index queries.
 */
export const LoyaltyActivity = new Entity(
  {
    model: { entity: 'loyalty_activity', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      customer_id: { type: 'string', required: true, readOnly: true },
      seq: { type: 'number', required: true, readOnly: true },
      seq_key: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      loyalty_program_id: { type: 'string', required: true, readOnly: true },
      transaction_type: { type: LOYALTY_TRANSACTION_TYPES, required: true, readOnly: true },
      points: { type: 'number', required: true, readOnly: true },
      balance_after: { type: 'number', required: true, readOnly: true },
      /** Minor units: + revenue deferred with the line, − released. */
      deferred_change: { type: 'number', required: true, readOnly: true },
      reference_type: { type: 'string', readOnly: true },
      reference_id: { type: 'string', readOnly: true },
      location_id: { type: 'string', readOnly: true },
      description: { type: 'string' },
      journal_entry_id: { type: 'string', readOnly: true },
      /** A manual line undone: the reversal line's id. */
      reversed_by: { type: 'string' },
      created_by: { type: 'string', readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byCustomer: {
        pk: { field: 'pk', composite: ['organization_id', 'customer_id'], template: 'ORG#${organization_id}#LOYALTY#${customer_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['seq_key'], template: 'A#${seq_key}', casing: 'none' },
      },
      byId: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'ORG#${organization_id}#LOYALTYTX', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type LoyaltyActivityRecord = EntityItem<typeof LoyaltyActivity>;

/** A reward of a program's catalogue: points to money off, or to a free item. */
export const LoyaltyReward = new Entity(
  {
    model: { entity: 'loyalty_reward', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      loyalty_program_id: { type: 'string', required: true },
      name: { type: 'string', required: true },
      name_ar: { type: 'string' },
      description: { type: 'string' },
      points_cost: { type: 'number', required: true },
      reward_type: { type: LOYALTY_REWARD_TYPES, required: true },
      /** Minor units (discount rewards). */
      discount_amount: { type: 'number' },
      product_id: { type: 'string' },
      active: { type: 'boolean', required: true },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#LOYALTYREWARDS', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'R#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type LoyaltyRewardRecord = EntityItem<typeof LoyaltyReward>;

/**
 * A lot's expiry date, filed by date across organizations (`LOYALTYEXPIRY#<date>`), so the nightly
 * job reads the members with points lapsing without a Scan. Written with the lot; a marker whose
 * points were spent meanwhile is simply dropped by the job.
 */
export const LoyaltyExpiry = new Entity(
  {
    model: { entity: 'loyalty_expiry', version: '1', service: 'daftar' },
    attributes: {
      expires_on: { type: 'string', required: true, readOnly: true },
      organization_id: { type: 'string', required: true, readOnly: true },
      customer_id: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['expires_on'], template: 'LOYALTYEXPIRY#${expires_on}', casing: 'none' },
        sk: { field: 'sk', composite: ['organization_id', 'customer_id'], template: '${organization_id}#${customer_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
