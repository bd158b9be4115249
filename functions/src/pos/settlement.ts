/**
 * The stock queue of the till: a posted receipt's tracked lines issued (or returned) at their exact
 * cost, per product, after the sale (issue 15, "no hot item").
 *
 * Why a queue. Under FIFO a sale consumes its product's cost layers; had every sale written its
 * product's level, twenty tills selling bread would all write one item and cancel each other. The
 * sale books cost of goods sold at the catalogue cost (provisional) in its own transaction and
 * leaves a `PosPendingStock` item; this module takes the levels, costs the movements exactly
 * (inventory/stock.ts, the same code as an invoice's), and posts the difference between the exact
 * and the provisional cost — Dr/Cr cost of goods sold against inventory — dated the day it settles,
 * never re-opening the sale's day. Levels are written on condition of their version, so two
 * settlements of the same product are ordered, one retried; the till never waits for them.
 *
 * Exactly once. The settlement's transaction deletes (or, for a receipt of more than 20 tracked
 * products, advances) the pending item on condition of its version: a duplicate delivery finds it
 * gone and writes nothing. A lost message leaves the item, and `settlePending` (the sweep, run by
 * the queue consumer's poll and by sync/status) finds it. Once every pending item is gone, the
 * inventory account equals the valuation to the fil (ledger/verify.ts checks it).
 *
 * A sale always settles: stock may go below zero here even where the organization refuses it for
 * new documents (the goods have left the shop), and a product no longer tracked only gives its
 * provisional cost back to inventory.
 */
import type { ProductRecord } from '../db/product.js';
import { PosPendingStock, type PosPendingStockRecord } from '../db/posPendingStock.js';
import { PosTerminal } from '../db/posTerminal.js';
import { PosTransaction, type PosTransactionRecord, type StoredPosLine } from '../db/posTransaction.js';
import { readItem } from '../db/get-together.js';
import { MovedMeanwhile, deleteItem, onConditionFailed, updateItem, type TransactItem } from '../db/transaction.js';
import { postDocument } from '../documents/posting-path.js';
import { systemAccounts } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { COUNT_KEPT, planStock, readStock, DEFAULT_LOCATION_ID, MAX_TRACKED_PRODUCTS_PER_POSTING, type StockChange, type StockRead } from '../inventory/stock.js';
import { logger } from '../platform/logger.js';
import { uuidv7 } from '../platform/ids.js';

/** The pending item moved (another delivery settled this chunk): nothing to do. */
class AlreadySettled extends Error {}

interface ProductWork { productId: string; changes: StockChange[]; provisional: number; /** The sold line of each change (its exact cost is kept for returns). */ lineIds: (string | null)[] }

/** What the receipt moves, per product: the changes and the cost the receipt already booked. */
export function stockWork(record: PosTransactionRecord, locationId: string): ProductWork[] {
  const byProduct = new Map<string, ProductWork>();
  const work = (productId: string) => {
    let w = byProduct.get(productId);
    if (!w) byProduct.set(productId, (w = { productId, changes: [], provisional: 0, lineIds: [] }));
    return w;
  };
  const reference = { referenceType: 'pos_receipt' as const, referenceId: record.id, locationId };
  const issueOf = (line: StoredPosLine) => {
    if (!line.tracked || !line.product_id) return;
    const w = work(line.product_id);
    w.changes.push({ ...reference, productId: line.product_id, kind: 'issue', quantity: line.quantity, revenue: line.net });
    w.lineIds.push(record.kind === 'sale' ? line.id : null);
    w.provisional += line.cost;
  };
  if (record.kind === 'sale') (record.lines as StoredPosLine[]).forEach(issueOf);
  else {
    for (const line of record.lines as StoredPosLine[]) {
      if (!line.tracked || !line.product_id || !line.restock) continue;
      const w = work(line.product_id);
      // Back on the shelf at what it left with (the sale's cost as booked).
      w.changes.push({ ...reference, productId: line.product_id, kind: 'return_in', quantity: line.quantity, value: line.cost });
      w.lineIds.push(null);
      w.provisional -= line.cost;
    }
    ((record.new_lines as StoredPosLine[] | undefined) ?? []).forEach(issueOf);
  }
  return [...byProduct.values()];
}

/** Settles one receipt (all its chunks). Returns false when there was nothing to settle. */
export async function settleReceipt(organizationId: string, transactionId: string): Promise<boolean> {
  for (let chunk = 0; chunk < 100; chunk++) {
    const [pending, record] = await Promise.all([
      readItem(PosPendingStock, { organization_id: organizationId, transaction_id: transactionId }),
      readItem(PosTransaction, { organization_id: organizationId, id: transactionId }),
    ]);
    if (!pending || !record) return chunk > 0;
    const more = await settleChunk(organizationId, pending, record);
    if (!more) return true;
  }
  throw new Error(`Receipt ${transactionId} did not settle in 100 chunks`);
}

async function settleChunk(organizationId: string, pending: PosPendingStockRecord, record: PosTransactionRecord): Promise<boolean> {
  const [settings, terminal] = await Promise.all([organizationSettings(organizationId), readItem(PosTerminal, { organization_id: organizationId, id: record.terminal_id })]);
  const locationId = terminal?.location_id ?? DEFAULT_LOCATION_ID;
  const done = new Set(pending.done ?? []);
  const remaining = stockWork(record, locationId).filter((w) => !done.has(w.productId));
  const chunk = remaining.slice(0, MAX_TRACKED_PRODUCTS_PER_POSTING);
  const last = remaining.length <= MAX_TRACKED_PRODUCTS_PER_POSTING;
  const date = todayIn(settings.timeZone);
  const entryId = uuidv7();
  const version = pending.version ?? 0;
  const pendingKey = { organization_id: organizationId, transaction_id: record.id };
  const pendingItem: TransactItem = last
    ? deleteItem(PosPendingStock.delete(pendingKey).where((a, { exists, eq, notExists }) => (version ? eq(a.version, version) : `${exists(a.created_at)} AND ${notExists(a.version)}`)).params())
    : updateItem(PosPendingStock.patch(pendingKey).set({ done: [...done, ...chunk.map((w) => w.productId)], version: version + 1 }).where((a, { eq, notExists }) => (version ? eq(a.version, version) : notExists(a.version))).params());
  onConditionFailed(pendingItem, () => new AlreadySettled());
  try {
    await postDocument<null, [StockRead, Record<'inventory' | 'cogs' | 'inventory_adjustments', { id: string }>]>({
      organizationId,
      prepare: () => Promise.all([readStock(organizationId, chunk.flatMap((w) => w.changes)), systemAccounts(organizationId, ['inventory', 'cogs', 'inventory_adjustments'])]),
      build: (_n, now, prepared) => {
        if (!prepared) return { postings: [], items: [], finish: () => null };
        const [read, accounts] = prepared;
        // The goods have left: settle into negative stock if need be, and skip what is no longer tracked.
        const stockRead: StockRead = { ...read, allowNegative: true };
        const tracked = (id: string) => (read.products.get(id) as ProductRecord | undefined)?.is_tracked_inventory === true;
        const settled = chunk.filter((w) => tracked(w.productId));
        const changes = settled.flatMap((w) => w.changes);
        const lineIds = settled.flatMap((w) => w.lineIds);
        // Posted today, but the goods left the shelf when the ticket says: a count made since then
        // already saw them gone (inventory/stock.ts keeps its quantity).
        const moved = { on: record.date, at: new Date(record.occurred_at).toISOString() };
        const plan = changes.length ? planStock(stockRead, changes, { date, now, entryId, moved }) : { items: [], cogs: 0, movements: [] };
        // What each sold line really cost (one movement per issue, in order): a later return of it
        // puts the goods back at this cost, not at the provisional one.
        const exactCosts: Record<string, number> = { ...((record.exact_costs as Record<string, number> | undefined) ?? {}) };
        plan.movements.filter((movement) => movement.reason !== COUNT_KEPT).forEach((movement, i) => {
          const lineId = lineIds[i];
          if (lineId) exactCosts[lineId] = -movement.value;
        });
        const provisional = chunk.reduce((s, w) => s + w.provisional, 0);
        const difference = plan.cogs - provisional;
        const lines = difference > 0
          ? [{ account_id: accounts.cogs.id, debit: difference, description: 'cost of goods sold (exact cost)' }, { account_id: accounts.inventory.id, credit: difference, description: 'inventory at cost' }]
          : difference < 0
            ? [{ account_id: accounts.inventory.id, debit: -difference, description: 'inventory at cost' }, { account_id: accounts.cogs.id, credit: -difference, description: 'cost of goods sold (exact cost)' }]
            : [];
        const receiptItems = [
          updateItem(PosTransaction.patch({ organization_id: organizationId, id: record.id }).set({ ...(last ? { stock_settled: true } : {}), exact_costs: exactCosts }).params()),
        ];
        return {
          postings: lines.length
            ? [{ organizationId, date, entryId, source: { type: record.kind === 'sale' ? 'pos_transaction' : 'pos_return', id: record.id }, memo_narrative: { key: 'ledger.pos.stock_cost', params: { number: record.number } }, shard: record.terminal_id, lines }]
            : [],
          items: [pendingItem, ...plan.items, ...receiptItems],
          finish: () => null,
        };
      },
    });
  } catch (error) {
    if (error instanceof AlreadySettled) return false;
    throw error;
  }
  return !last;
}

/** The sweep: every receipt of the organization still waiting, oldest first. Returns how many settled. */
export async function settlePending(organizationId: string): Promise<number> {
  let settled = 0;
  let cursor: string | null = null;
  do {
    const page: { data: PosPendingStockRecord[]; cursor: string | null } = await PosPendingStock.query.byTransaction({ organization_id: organizationId }).go({ cursor, limit: 100 });
    for (const pending of page.data) {
      try {
        if (await settleReceipt(organizationId, pending.transaction_id)) settled++;
      } catch (error) {
        if (error instanceof MovedMeanwhile) continue;
        logger.warn('pos: a receipt did not settle; it stays pending', { transaction_id: pending.transaction_id, error: error instanceof Error ? error.message : String(error) });
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return settled;
}

/** How long after a sale its follow-up is delivered (SQS counts in whole seconds). */
const FOLLOW_UP_DELAY_SECONDS = 1;

/**
 * As a receipt posts: one message for its follow-up work — the exact stock cost and the JoFotara
 * submission (settlement-consumer.ts) — sent beside the receipt's transaction, so the till waits
 * for nothing after it. A message that never arrives is made good by the sweeps (pending stock
 * items, receipts without a submission).
 */
export async function enqueueFollowUp(organizationId: string, record: PosTransactionRecord): Promise<void> {
  // Imported once per instance (a dynamic import costs a module lookup every time).
  const [{ config }, { SQSClient, SendMessageCommand }] = await (sqsModules ??= Promise.all([import('../platform/config.js'), import('@aws-sdk/client-sqs')]));
  sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  // Sent while the receipt's transaction is still on its way (sales.ts afterPostingHooks):
  // delivered a second later, when it has committed — or failed, and the consumer finds nothing.
  await sqs.send(new SendMessageCommand({ QueueUrl: config.posStockQueueUrl, MessageBody: JSON.stringify({ organization_id: organizationId, transaction_id: record.id }), DelaySeconds: FOLLOW_UP_DELAY_SECONDS }));
}
let sqs: import('@aws-sdk/client-sqs').SQSClient | undefined;
let sqsModules: Promise<[typeof import('../platform/config.js'), typeof import('@aws-sdk/client-sqs')]> | undefined;
