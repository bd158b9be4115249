import { Entity } from './entity.js';
import { entityConfig } from './client.js';
import { existingItemUpdate, MovedMeanwhile, onConditionFailed, updateItem, type TransactItem } from './transaction.js';
import { readItem } from './get-together.js';

/**
 * Number series: INV-000001, BILL-000001, RET-000001, PAY-000001, JE-000001 and, with the till,
 * one series per POS terminal. One entity for all of them, one item per (organization, series).
 *
 * Gapless. A document's number is taken INSIDE the transaction that posts it: the transaction
 * holds an Update of the series item conditioned on the value read (`last = n` → `last = n + 1`).
 * A refused, conflicting or duplicate request commits nothing, so it consumes no number; two
 * postings that read the same value cannot both commit — the loser re-reads and takes the next
 * (documents/posting-path.ts). Tax invoices in Jordan must be numbered without gaps, and a
 * journal a person has to explain gaps in is not one they trust.
 *
 * Scoped series. Every posting of one series meets on its item, so a series is the unit of
 * serialization: invoices do not wait for bills, and each POS terminal gets its own series
 * (`POS#<terminal>`) so that tills never wait for each other or for the back office. Journal
 * entries posted by documents take their document's number and touch no journal series at all
 * (docs/decisions.md, "Journal entry numbers"); only entries made in the journal (manual,
 * reversals, opening balances, bank-statement entries) take the JOURNAL series.
 *
 * Access: pk `ORG#<org>`, sk `SEQ#<series>`, attribute `last` (the last number taken). Items
 * written before this module keep their keys; their `__edb_e__` names the old per-series
 * entities, hence `ignoreOwnership` on reads; the JOURNAL item kept its counter in `last_number`,
 * read as a fallback and replaced by `last` the first time a number is taken.
 */
export const NumberSeries = new Entity(
  {
    model: { entity: 'number_series', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      series: { type: 'string', required: true, readOnly: true },
      last: { type: 'number' },
      /** The JOURNAL counter's attribute before one series module existed. */
      last_number: { type: 'number' },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['series'], template: 'SEQ#${series}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

/** A series as posting code names it. */
export interface SeriesRef {
  /** Key of the series: 'INVOICE', 'BILL', 'INVRETURN', 'PAYMENT', 'JOURNAL', 'POS#<terminal>'. */
  series: string;
  /** What its numbers are written with: 'INV' → INV-000001. */
  prefix: string;
}

export const SERIES = {
  invoice: { series: 'INVOICE', prefix: 'INV' },
  bill: { series: 'BILL', prefix: 'BILL' },
  creditNote: { series: 'INVRETURN', prefix: 'RET' },
  payment: { series: 'PAYMENT', prefix: 'PAY' },
  journal: { series: 'JOURNAL', prefix: 'JE' },
} as const satisfies Record<string, SeriesRef>;

/** INV-000001: the prefix and the number, six digits at least. */
export const formatSeriesNumber = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;

/** The series' state as read: the last number taken and how the item stores it. */
export interface SeriesPosition {
  organizationId: string;
  series: SeriesRef;
  last: number;
  stored: 'absent' | 'last' | 'legacy';
}

/** Reads where a series stands (strongly consistent: the next number is `last + 1`). */
export async function readSeries(organizationId: string, series: SeriesRef): Promise<SeriesPosition> {
  // Read together with the posting's other single items (db/get-together.ts): one round trip.
  const data = await readItem(NumberSeries, { organization_id: organizationId, series: series.series }, { ignoreOwnership: true });
  if (!data) return { organizationId, series, last: 0, stored: 'absent' };
  if (typeof data.last === 'number') return { organizationId, series, last: data.last, stored: 'last' };
  return { organizationId, series, last: data.last_number ?? 0, stored: 'legacy' };
}

/** The series moved on by someone else between the read and the write: read again and retry. */
export class SeriesMoved extends MovedMeanwhile {
  constructor(readonly series: string) {
    super(`The ${series} series moved on meanwhile`);
  }
}

/**
 * The transaction item that takes the next `count` numbers of a series read at `position`: it
 * commits only if nobody took a number since. Returns the numbers taken.
 */
export function takeNumbers(position: SeriesPosition, count = 1): { numbers: number[]; item: TransactItem } {
  const { organizationId, series, last, stored } = position;
  const next = last + count;
  const params = NumberSeries.update({ organization_id: organizationId, series: series.series })
    .set({ last: next })
    .where((a, { eq, notExists }) =>
      stored === 'last' ? eq(a.last, last) : stored === 'legacy' ? `${notExists(a.last)} AND ${eq(a.last_number, last)}` : `${notExists(a.last)} AND ${notExists(a.last_number)}`,
    )
    .params();
  return {
    numbers: Array.from({ length: count }, (_, i) => last + 1 + i),
    // At the number read, the series item must be there: nothing of it but `last` is written.
    item: onConditionFailed(updateItem(stored === 'last' ? existingItemUpdate(params, ['organization_id', 'series']) : params), () => new SeriesMoved(series.series)),
  };
}
