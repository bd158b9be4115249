import type { EntityItem } from 'electrodb';
import { CASH_FLOW_CATEGORY_KEYS, CASH_FLOW_TYPES, type CashFlowCategory } from '@daftar/shared/cashflow/classify';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A cash-flow transaction (issue 17): one cash or bank account's movement in one journal entry
 * (split in its explained part and its transfer part, shared/src/cashflow/classify.ts), written by
 * the posting itself (ledger/posting.ts), in the entry's transaction — so it is never lost and never
 * doubled — or a manual entry (planned, or off the books), which no posting wrote.
 *
 * Access:
 * - by date: `ORG#<org>#CASHFLOW`, sk `<date>#<id>` (ids UUIDv7): a period's transactions are one
 *   range; the list's other filters (type, category, account, amounts) are FilterExpressions on it;
 * - by source (gsi1): `ORG#<org>#CFSRC#<source_type>#<source_id>`;
 * - by id (gsi2): `ORG#<org>#CFID`, sk `<id>`.
 */
export const CashFlowTransaction = new Entity(
  {
    model: { entity: 'cash_flow_transaction', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      date: { type: 'string', required: true },
      account_id: { type: 'string', required: true },
      /** Signed minor units: + into the account, − out of it. */
      amount: { type: 'number', required: true },
      cash_flow_type: { type: CASH_FLOW_TYPES, required: true },
      cash_flow_category: { type: CASH_FLOW_CATEGORY_KEYS as unknown as readonly [CashFlowCategory, ...CashFlowCategory[]], required: true },
      /** The category the posting gave, kept when a person re-categorises. */
      original_category: { type: 'string' },
      description: { type: 'string' },
      /** Lower-cased, Arabic-normalised description, category and source for `search`. */
      search_text: { type: 'string' },
      source_type: { type: 'string', required: true },
      source_id: { type: 'string', required: true },
      journal_entry_id: { type: 'string' },
      entry_name: { type: 'string' },
      contact_id: { type: 'string' },
      counter_account_id: { type: 'string' },
      /** The balance shard the entry posted on: the day figures item this transaction counts in. */
      shard: { type: 'string' },
      is_manual_entry: { type: 'boolean', required: true },
      /** Manual entries: planned (expected, feeds the forecast) or already happened off the books. */
      is_planned: { type: 'boolean' },
      created_by: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#CASHFLOW', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'id'], template: '${date}#${id}', casing: 'none' },
      },
      bySource: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'source_type', 'source_id'], template: 'ORG#${organization_id}#CFSRC#${source_type}#${source_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
      byId: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id'], template: 'ORG#${organization_id}#CFID', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type CashFlowTransactionRecord = EntityItem<typeof CashFlowTransaction>;

/** Per category: money in, money out (positive minor units) and how many transactions made them. */
export type CashFlowFigure = `${CashFlowCategory}_in` | `${CashFlowCategory}_out` | `${CashFlowCategory}_n`;
const figureAttributes = Object.fromEntries(CASH_FLOW_CATEGORY_KEYS.flatMap((c) => [[`${c}_in`, { type: 'number' }], [`${c}_out`, { type: 'number' }], [`${c}_n`, { type: 'number' }]])) as {
  [K in CashFlowFigure]: { type: 'number' };
};

/**
 * A day's posted cash flows of one cash account on one balance shard, per category (money in and
 * out, positive minor units), changed only by ADD in the posting transaction that wrote the
 * transactions (and by a re-categorisation, which moves an amount between two categories). The
 * summaries read these — one item per (day, account, shard), whatever the number of transactions.
 * Manual entries are not in them (they are not in the books).
 */
export const CashFlowDay = new Entity(
  {
    model: { entity: 'cash_flow_day', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      date: { type: 'string', required: true, readOnly: true },
      account_id: { type: 'string', required: true, readOnly: true },
      shard: { type: 'string', required: true, readOnly: true },
      /** Transactions counted. */
      n: { type: 'number' },
      ...figureAttributes,
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#CFDAY', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'account_id', 'shard'], template: '${date}#${account_id}#${shard}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type CashFlowDayRecord = EntityItem<typeof CashFlowDay>;

/**
 * A forecast as made on a day (the nightly job's, or one asked for on the spot): kept, so that once
 * its days have passed `forecast/accuracy` compares it with what happened. One per organization per
 * day (a later one the same day replaces it); 90 days, every scenario, in minor units.
 */
export const CashFlowForecast = new Entity(
  {
    model: { entity: 'cash_flow_forecast', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      made_on: { type: 'string', required: true, readOnly: true },
      made_at: { type: 'string', required: true },
      /** ForecastResult (shared/src/cashflow/forecast.ts) of 90 days. */
      result: { type: 'any', required: true },
      /** The base scenario's net per day, small, for the accuracy report's reads. */
      base_net: { type: 'any', required: true },
    },
    indexes: {
      byDay: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#CFFORECAST', casing: 'none' },
        sk: { field: 'sk', composite: ['made_on'], template: '${made_on}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type CashFlowForecastRecord = EntityItem<typeof CashFlowForecast>;

/** The owner's forecast settings: alert threshold and recipient, and adjustments to the base. */
export const CashFlowForecastSettings = new Entity(
  {
    model: { entity: 'cash_flow_forecast_settings', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      alert_threshold: { type: 'number' },
      alert_email: { type: 'string' },
      /** Adjustment[] (forecast.ts), amounts in minor units. */
      adjustments: { type: 'any' },
      /** The made_on of the last forecast an alert was sent for (one alert a day at most). */
      alerted_on: { type: 'string' },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'CFFORECASTSETTINGS', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

/** Whether an organization's history has its cash flows (cashflow/backfill.ts). */
export const CashFlowBackfill = new Entity(
  {
    model: { entity: 'cash_flow_backfill', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      entries_backfilled: { type: 'number', required: true },
      completed_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'CASHFLOWBACKFILL', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type CashFlowBackfillRecord = EntityItem<typeof CashFlowBackfill>;
