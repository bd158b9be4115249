/**
 * The till's per-product day figures (db/posProductDay.ts), what the POS dashboard's top products
 * read (issue 15: POS reports flat in the number of sales), counted in a receipt's follow-up.
 *
 * Why not in the sale's transaction. The sale stays one light transaction (pos/sales.ts); a line
 * per product would add two actions each (organization and terminal items) to a ticket of up to
 * 200 lines, and a popular product's item would be one item every till writes at once. Here,
 * off the till's path, the stock queue's consumer (settlement-consumer.ts) counts each posted
 * receipt after settling it; two follow-ups adding to the same product's item only retry each
 * other (db/transaction.ts), and no cashier waits for them.
 *
 * What is counted, per (receipt's business day `record.date`, product), organization-wide and for
 * the receipt's terminal: the quantity (thousandths) and the net (minor units, after discounts,
 * before tax). A sale's lines add; a return's lines subtract and an exchange's new lines add.
 * Untracked products count like tracked ones (a bakery's fresh bread is often untracked). A line
 * without a product (none is sold today, but the stored line allows it) is skipped: there is no
 * product to name.
 *
 * Exactly once. The counting transaction sets the receipt's `products_counted` on condition of the
 * value it read (absent at first): a redelivered message, or the sweep meeting the message, finds
 * it set and adds nothing. A receipt of more products than one transaction holds (two items per
 * product and the receipt: 49 products) is counted in chunks in the products' fixed order (first
 * appearance on the receipt); the marker holds how many products are in (`"49"`) until the last
 * chunk sets it to `done`. Each chunk is all or nothing, and only one writer can move the marker
 * from a given value, so no chunk counts twice.
 *
 * A lost message is made good by `countMissing` (the consumer's periodic sweep): the receipts of
 * the last days without `products_counted: done`. A receipt older than that window (one made offline
 * long before it synced and whose message was lost, or posted before these figures existed) is not
 * counted.
 */
import { PosProductDay, PosTerminalProductDay } from '../db/posProductDay.js';
import { PosTransaction, type PosTransactionRecord, type StoredPosLine } from '../db/posTransaction.js';
import { readItem } from '../db/get-together.js';
import { MAX_TRANSACTION_ACTIONS, onConditionFailed, postTransaction, updateItem, type TransactItem } from '../db/transaction.js';
import { logger } from '../platform/logger.js';
import { uuidv7Floor } from './einvoice.js';

/** The marker of a receipt whose every product is counted. */
export const PRODUCTS_COUNTED = 'done';

/** Products per counting transaction: two day items each, and the receipt's marker. */
export const PRODUCTS_PER_CHUNK = Math.floor((MAX_TRANSACTION_ACTIONS - 1) / 2);

/** What one receipt adds to one product's day: thousandths and minor units, the product's names as the receipt has them. */
export interface ProductCount {
  productId: string;
  quantity: number;
  net: number;
  name: string;
  name_ar: string | null;
  sku: string | null;
}

/** A receipt's figures per product, in the order the products first appear on it (fixed, so chunks are too). */
export function productCounts(record: Pick<PosTransactionRecord, 'kind' | 'lines' | 'new_lines'>): ProductCount[] {
  const byProduct = new Map<string, ProductCount>();
  const count = (line: StoredPosLine, sign: 1 | -1) => {
    if (!line.product_id) return;
    let c = byProduct.get(line.product_id);
    if (!c) byProduct.set(line.product_id, (c = { productId: line.product_id, quantity: 0, net: 0, name: line.name, name_ar: null, sku: null }));
    c.quantity += sign * line.quantity;
    c.net += sign * line.net;
    c.name = line.name;
    c.name_ar = line.name_ar ?? null;
    c.sku = line.sku ?? null;
  };
  const lines = (record.lines as StoredPosLine[] | undefined) ?? [];
  if (record.kind === 'sale') for (const line of lines) count(line, 1);
  else {
    for (const line of lines) count(line, -1);
    for (const line of (record.new_lines as StoredPosLine[] | undefined) ?? []) count(line, 1);
  }
  return [...byProduct.values()];
}

/** Another writer moved the receipt's marker first (a second delivery, the sweep): read it again. */
class CountedMeanwhile extends Error {}

export interface CountOptions {
  /** The receipt as the caller already read it (the sweep's Query, maybe stale): the first round uses it. */
  read?: PosTransactionRecord;
  /** Products per transaction (tests make it small to see the chunks). */
  perChunk?: number;
  /** At most this many chunks (tests stop half-way, as a crash would). */
  maxChunks?: number;
}

/**
 * Counts one receipt's products into the day figures (every chunk still to do). Returns how many
 * chunks this call wrote: 0 when the receipt was already counted or is not there.
 */
export async function countReceiptProducts(organizationId: string, transactionId: string, options: CountOptions = {}): Promise<number> {
  const perChunk = Math.max(1, Math.min(options.perChunk ?? PRODUCTS_PER_CHUNK, PRODUCTS_PER_CHUNK));
  let written = 0;
  let read = options.read;
  // A receipt has at most 400 lines (a return's and its exchange's): 9 chunks; the bound only stops a loop gone wrong.
  for (let round = 0; round < 100; round++) {
    if (written >= (options.maxChunks ?? Infinity)) return written;
    const record = read ?? (await readItem(PosTransaction, { organization_id: organizationId, id: transactionId }));
    read = undefined;
    if (!record || record.products_counted === PRODUCTS_COUNTED) return written;
    try {
      await countChunk(organizationId, record, perChunk);
      written++;
    } catch (error) {
      if (!(error instanceof CountedMeanwhile)) throw error;
    }
  }
  throw new Error(`Receipt ${transactionId} was not counted in 100 rounds`);
}

async function countChunk(organizationId: string, record: PosTransactionRecord, perChunk: number): Promise<void> {
  const marker = record.products_counted;
  const from = marker === undefined ? 0 : Number(marker);
  if (!Number.isSafeInteger(from) || from < 0) throw new Error(`Receipt ${record.id} has a products_counted of ${marker}`);
  const all = productCounts(record);
  const chunk = all.slice(from, from + perChunk);
  const next = from + chunk.length >= all.length ? PRODUCTS_COUNTED : String(from + chunk.length);
  const receipt = updateItem(
    PosTransaction.patch({ organization_id: organizationId, id: record.id })
      .set({ products_counted: next })
      .where((a, { eq, notExists }) => (marker === undefined ? notExists(a.products_counted) : eq(a.products_counted, marker)))
      .params(),
  );
  onConditionFailed(receipt, () => new CountedMeanwhile());
  const items: TransactItem[] = [receipt];
  for (const c of chunk) {
    const key = { organization_id: organizationId, date: record.date, product_id: c.productId };
    items.push(
      updateItem(dayUpdate(PosProductDay.update(key).add(figuresOf(c)).set(namesOf(c)), c)),
      updateItem(dayUpdate(PosTerminalProductDay.update({ ...key, terminal_id: record.terminal_id }).add(figuresOf(c)).set(namesOf(c)), c)),
    );
  }
  await postTransaction(items);
}

/** ADD the figures, SET the names as this receipt has them (an absent one removed). */
function dayUpdate<U extends { remove(names: never): unknown; params(): object }>(update: U, c: ProductCount): Record<string, unknown> {
  const cleared = [...(c.name_ar ? [] : ['name_ar']), ...(c.sku ? [] : ['sku'])];
  return (cleared.length ? (update.remove(cleared as never) as U) : update).params() as Record<string, unknown>;
}

const figuresOf = (c: ProductCount) => ({ quantity_milli: c.quantity, net: c.net });
const namesOf = (c: ProductCount) => ({ name: c.name, ...(c.name_ar ? { name_ar: c.name_ar } : {}), ...(c.sku ? { sku: c.sku } : {}) });

export interface CountMissingOptions {
  /** How far back receipts are looked at (default 7 days). */
  days?: number;
  /** Receipts posted more recently than this are left to their message (default 2 minutes). */
  minAgeMs?: number;
  now?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The sweep: counts the organization's receipts of the last `days` whose products are not (all)
 * counted — a message lost between the sale and the queue, or one that kept failing. Returns how
 * many receipts it counted.
 *
 * As `resubmitMissing` (einvoice.ts) does: one Query of the receipts' partition from the window's
 * first UUIDv7 (a key range, not the history), filtered on the marker. The receipts it finds are
 * counted as read; the Query is not strongly consistent, and a receipt its message counted
 * meanwhile is refused by the marker's condition, then read again and found done.
 */
export async function countMissing(organizationId: string, options: CountMissingOptions = {}): Promise<number> {
  const now = options.now ?? Date.now();
  const postedBefore = now - (options.minAgeMs ?? 2 * 60 * 1000);
  const { data } = await PosTransaction.query
    .byId({ organization_id: organizationId })
    .gte({ id: uuidv7Floor(now - (options.days ?? 7) * DAY_MS) })
    .where((a, { ne, notExists }) => `(${notExists(a.products_counted)} OR ${ne(a.products_counted, PRODUCTS_COUNTED)})`)
    .go({ pages: 'all' });
  let counted = 0;
  for (const receipt of data) {
    if (Date.parse(receipt.posted_at) > postedBefore) continue;
    try {
      if (await countReceiptProducts(organizationId, receipt.id, { read: receipt })) counted++;
    } catch (error) {
      logger.warn('pos: a receipt could not be counted into the product figures; the sweep will try again', { organization_id: organizationId, transaction_id: receipt.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return counted;
}
