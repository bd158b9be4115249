import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * Compacted figures of a past day or month of one organization (ledger/rollups.ts): a month's
 * balance totals per account and its cash flows per cash account and category, a day's cash
 * flows — summed over shards, in ONE item per period, written by the nightly job from the items
 * the postings keep (AccountBalance, CashFlowDay), which stay the truth.
 *
 * Why. Those items are one per (period, account, shard), and a busy organization's carry more of
 * them and bigger ones (a balance item holds up to 93 day attributes): reading them made a year's
 * statements and cash-flow summaries 1.1–1.8× slower at 100,000 transactions than at 1,000 (issues
 * #13 and #17). A past period read from its rollup is one item whatever happened in it.
 *
 * Staying true. Every writer of a past period's figures (a back-dated posting, a re-categorised
 * cash flow, the cash-flow backfill) also ADDs 1 to the period's `v` in the same transaction; the
 * job writes the figures with `cv` = the `v` it read before reading the figures, on condition that
 * `v` did not move. A rollup answers only when `cv === v`; otherwise its period is read from the
 * figures. The watermark item (`period` = `W`) says through which day the job has compacted: a
 * day or month up to it without a rollup had no figures.
 *
 * Access: pk `ORG#<org>#ROLLUPS`, sk `D#<date>` | `M#<month>` | `W` — a range of days or months
 * is one Query.
 */
export const Rollup = new Entity(
  {
    model: { entity: 'rollup', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      /** `D#YYYY-MM-DD`, `M#YYYY-MM` or `W`. */
      period: { type: 'string', required: true, readOnly: true },
      /** Writes of the period's figures since the first (ADD by every writer of a past period). */
      v: { type: 'number' },
      /** The `v` the figures were compacted at. */
      cv: { type: 'number' },
      /** Months: account id → [debit, credit, journal lines]. */
      balances: { type: 'any' },
      /** Cash account id → { n: transactions, c: { category: [in, out, n] } }. */
      flows: { type: 'any' },
      /** Watermark: the last day compacted (YYYY-MM-DD). */
      through: { type: 'string' },
      compacted_at: { type: 'string' },
    },
    indexes: {
      byPeriod: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#ROLLUPS', casing: 'none' },
        sk: { field: 'sk', composite: ['period'], template: '${period}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type RollupRecord = EntityItem<typeof Rollup>;

export type BalanceFigures = Record<string, [debit: number, credit: number, lines: number]>;
export type FlowFigures = Record<string, { n: number; c: Record<string, [inflow: number, outflow: number, count: number]> }>;
