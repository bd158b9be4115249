import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * Per-(organization, month, account, shard) balance items, changed only with `ADD` inside posting
 * transactions (docs/ledger.md). Each item carries the month's debit and credit totals and, as
 * top-level attributes `dNN_debit` / `dNN_credit`, the totals of each day of the month, so a
 * balance on any date or over any date range reads whole months from `debit`/`credit` and the
 * boundary months day by day, from the same O(accounts × months) items. (`ADD` only reaches
 * top-level attributes, hence attributes and not a map.) Hot accounts are split over shards chosen
 * by the poster (a POS terminal, say); readers sum the shards. `line_count` and `dNN_lines` count
 * the journal lines posted to the account (month and day), for reports that show how many
 * transactions make up an amount (cash-flow categories) without reading the journal.
 *
 * Known cost (issue #13): a whole-month read projects the month totals, but DynamoDB reads (and
 * bills) every item whole, and DynamoDB Local parses every attribute, so an item with postings on
 * many days (up to 93 day attributes) costs more to read than a quiet month's. It is the one way
 * left in which the statements' reads grow with the journal: the same items, counted in the
 * same calls, 19 capacity units for a 100,000-line journal's 168 items against 13 for a 1,000-line
 * one's. Past whole months are therefore read from their rollups (db/rollup.ts, one item per
 * organization and month, written by the nightly job); what is left of this cost is the months a
 * range cuts inside and the months not compacted yet (docs/decisions.md).
 *
 * Access patterns:
 * - an organization's balances over a range of months (trial balance, reports, the chart's
 *   balances): pk `ORG#<org>#BALANCES`, sk between `M#<from-month>` and `M#<to-month>#~`;
 * - one account's balances over a range of months (an account's opening balance): the same
 *   range, filtered on `account_id` (no index: ElectroDB's `update` would not write its keys on
 *   the ADD that creates the item, and the range read is O(accounts × months) anyway);
 * - every balance item of an organization (verification): the pk alone.
 */
export const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));
type Day = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '10' | '11' | '12' | '13' | '14' | '15' | '16'
  | '17' | '18' | '19' | '20' | '21' | '22' | '23' | '24' | '25' | '26' | '27' | '28' | '29' | '30' | '31';
export type DayAttribute = `d${Day}_debit` | `d${Day}_credit`;
/** Journal lines posted to the account on a day of the month. */
export type DayLinesAttribute = `d${Day}_lines`;
const dayAttributes = Object.fromEntries(
  DAYS.flatMap((d) => [[`d${d}_debit`, { type: 'number' }], [`d${d}_credit`, { type: 'number' }], [`d${d}_lines`, { type: 'number' }]]),
) as { [K in DayAttribute | DayLinesAttribute]: { type: 'number' } };

export const AccountBalance = new Entity(
  {
    model: { entity: 'account_balance', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      /** YYYY-MM */
      month: { type: 'string', required: true, readOnly: true },
      account_id: { type: 'string', required: true, readOnly: true },
      /** `-` when the poster chose no shard. */
      shard: { type: 'string', required: true, readOnly: true },
      debit: { type: 'number' },
      credit: { type: 'number' },
      /** Journal lines posted to the account in the month (absent on items written before counts were kept). */
      line_count: { type: 'number' },
      ...dayAttributes,
    },
    indexes: {
      byMonth: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#BALANCES', casing: 'none' },
        sk: { field: 'sk', composite: ['month', 'account_id', 'shard'], template: 'M#${month}#${account_id}#${shard}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type AccountBalanceRecord = EntityItem<typeof AccountBalance>;
