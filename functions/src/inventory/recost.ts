/**
 * Re-costing after a back-dated movement (issue 14): "any re-costing it causes is bounded to that
 * product and location and runs as a queued job whose state is visible; closing the period waits
 * for it."
 *
 * A movement dated before what a level has already seen (a bill entered late, an invoice dated
 * last week) is applied to the current position at once (inventory/stock.ts): the books never wait.
 * But the costs of the movements after its date were taken without it — under FIFO, sales after a
 * receipt dated before the layers they consumed took the wrong layers; under moving average, every
 * sale after it took another average. The posting stores a re-costing request in its own
 * transaction (db/stockRecost.ts) and, once committed, queues it (recost-queue.ts).
 *
 * The job, per (product, location): replays every movement of the level in date order with the
 * valuation method — what comes in at what it cost (a count's or adjustment's gain at the last cost
 * as replayed), what goes out at what the method says — and compares with what was booked. The
 * difference is posted ONCE, dated today (history is never rewritten): cost of goods sold for
 * sales and the true-ups of receipts that covered a shortage, inventory adjustments for the other
 * outflows (counts, write-offs, transfers out — a transfer's arrival elsewhere keeps the value it
 * was booked with, so the re-costing stays bounded to this location), against inventory. Two
 * movements of quantity zero (reasons `recost_cogs` and `recost_adjustments`) carry the
 * difference, so the level still equals the sum of its movements and the next replay counts what
 * this one already corrected. The level takes the replayed layers, value and last cost, on
 * condition that nothing moved it meanwhile. A replay from the first movement makes the job
 * idempotent: run twice, the second finds nothing left to post.
 */
import { costAt, issue, receive, EMPTY_POSITION, type StockPosition, type ValuationMethod } from '@daftar/shared/inventory/costing';
import { readItem } from '../db/get-together.js';
import { organizationIdPages } from '../db/organization.js';
import { Product } from '../db/product.js';
import { StockLevel, type StockLevelRecord } from '../db/stockLevel.js';
import { StockMovement, type StockMovementRecord } from '../db/stockMovement.js';
import { StockRecost, type RecostTarget, type StockRecostRecord } from '../db/stockRecost.js';
import { onConditionFailed, putItem, updateItem } from '../db/transaction.js';
import { postDocument } from '../documents/posting-path.js';
import { systemAccounts } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { uuidv7 } from '../platform/ids.js';
import { enqueueRecost } from './recost-queue.js';
import { StockMoved, stockPostingLines } from './stock.js';

/** The quantity-zero movements that carry a re-costing's difference, by where its other side went. */
export const RECOST_COGS = 'recost_cogs';
export const RECOST_ADJUSTMENTS = 'recost_adjustments';

export interface Replayed {
  position: StockPosition;
  /** Inventory's difference whose other side is cost of goods sold (sales, true-ups). */
  cogsSide: number;
  /** Inventory's difference whose other side is inventory adjustments. */
  adjustmentsSide: number;
}

const inOrder = (a: StockMovementRecord, b: StockMovementRecord) =>
  a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.created_at !== b.created_at ? (a.created_at < b.created_at ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Replays a level's movements (all of them, any order given) and answers the position they make
 * and, by counter-account, how far the inventory value booked is from the replayed one. Pure.
 */
export function replayLevel(movements: readonly StockMovementRecord[], method: ValuationMethod, catalogueCost: number | null): Replayed {
  let position: StockPosition = { ...EMPTY_POSITION, last_cost: catalogueCost ? { quantity: 1000, value: catalogueCost } : null };
  let cogsSide = 0;
  let adjustmentsSide = 0;
  for (const m of [...movements].sort(inOrder)) {
    if (m.reason === RECOST_COGS) { cogsSide -= m.value; continue; }
    if (m.reason === RECOST_ADJUSTMENTS) { adjustmentsSide -= m.value; continue; }
    if (m.quantity === 0) continue;
    let replayed: number;
    // A count's or an adjustment's gain (and a count kept against an older movement) comes in at the
    // last cost; everything else that comes in, at what it was booked with.
    const gain = m.quantity > 0 && (m.movement_type === 'count' || m.movement_type === 'adjustment');
    if (m.quantity > 0) {
      const lastCost = position.last_cost;
      const inValue = gain && lastCost ? costAt(lastCost, m.quantity) : (m.received_value ?? m.value);
      const received = receive(position, m.quantity, inValue, m.date, method);
      position = gain ? { ...received.position, last_cost: lastCost } : received.position;
      replayed = inValue - received.trueUp;
    } else {
      const out = issue(position, -m.quantity, method, true);
      position = out.position;
      replayed = -out.cost;
    }
    const difference = replayed - m.value;
    if (m.movement_type === 'issue' || (m.quantity > 0 && !gain)) cogsSide += difference;
    else adjustmentsSide += difference;
  }
  return { position, cogsSide, adjustmentsSide };
}

export interface RecostOutcome {
  product_id: string;
  location_id: string;
  /** Debits of the entry posted (negative: credits); zero when nothing needed correcting. */
  cogs_delta: number;
  adjustments_delta: number;
  inventory_delta: number;
  journal_entry_id: string | null;
}

const levelMovements = async (organizationId: string, productId: string, locationId: string) =>
  (await StockMovement.query.byProduct({ organization_id: organizationId, product_id: productId }).where((a, { eq }) => eq(a.location_id, locationId)).go({ pages: 'all' })).data as StockMovementRecord[];

/** Re-costs one level (see the module comment); one transaction, retried when the level moves meanwhile. */
export async function recostLevel(organizationId: string, target: RecostTarget): Promise<RecostOutcome> {
  const { product_id: productId, location_id: locationId } = target;
  type Prepared = [StockLevelRecord | null, StockMovementRecord[], Awaited<ReturnType<typeof organizationSettings>>, Record<'inventory' | 'cogs' | 'inventory_adjustments', { id: string }>, number | null];
  const { result } = await postDocument<RecostOutcome, Prepared>({
    organizationId,
    prepare: async () => {
      const [level, movements, settings, accounts, product] = await Promise.all([
        readItem(StockLevel, { organization_id: organizationId, product_id: productId, location_id: locationId }),
        levelMovements(organizationId, productId, locationId),
        organizationSettings(organizationId),
        systemAccounts(organizationId, ['inventory', 'cogs', 'inventory_adjustments']),
        readItem(Product, { organization_id: organizationId, id: productId }),
      ]);
      return [level, movements, settings, accounts, product?.cost_fils ?? null];
    },
    build: (_number, now, prepared) => {
      const nothing: RecostOutcome = { product_id: productId, location_id: locationId, cogs_delta: 0, adjustments_delta: 0, inventory_delta: 0, journal_entry_id: null };
      if (!prepared) return { postings: [], items: [], finish: () => nothing };
      const [level, movements, settings, accounts, catalogueCost] = prepared;
      const date = todayIn(settings.timeZone);
      const done = (outcome: RecostOutcome) =>
        putItem(StockRecost.put({ organization_id: organizationId, kind: 'done', id: `${productId}|${locationId}`, product_id: productId, location_id: locationId, from: target.from, done_at: now, cogs_delta: outcome.cogs_delta, adjustments_delta: outcome.adjustments_delta, inventory_delta: outcome.inventory_delta, journal_entry_id: outcome.journal_entry_id ?? undefined }).params());
      if (!level) return { postings: [], items: [done(nothing)], finish: () => nothing };
      const replayed = replayLevel(movements, settings.valuationMethod, catalogueCost);
      // The movements are the level's history; a level they do not add up to is for verifyLedger to report, not for a guess.
      if (replayed.position.on_hand !== level.on_hand) throw new Error(`Stock of ${productId} at ${locationId}: its movements make ${replayed.position.on_hand}, the level holds ${level.on_hand}`);
      const { cogsSide, adjustmentsSide } = replayed;
      const levelItem = onConditionFailed(
        updateItem(
          StockLevel.update({ organization_id: organizationId, product_id: productId, location_id: locationId })
            .set({ value: replayed.position.value, layers: replayed.position.layers, last_cost: replayed.position.last_cost ?? undefined, version: level.version + 1, updated_at: now } as never)
            .where((a, { eq }) => eq(a.version, level.version))
            .params(),
        ),
        () => new StockMoved(),
      );
      if (cogsSide === 0 && adjustmentsSide === 0) return { postings: [], items: [levelItem, done(nothing)], finish: () => nothing };
      const entryId = uuidv7();
      const revaluation = (reason: string, value: number): StockMovementRecord[] =>
        value === 0
          ? []
          : [{ organization_id: organizationId, id: uuidv7(), product_id: productId, location_id: locationId, movement_type: 'adjustment', quantity: 0, value, reference_type: 'manual', reason, note: `Re-costed from ${target.from}`, date, journal_entry_id: entryId, created_at: now }];
      const carriers = [...revaluation(RECOST_COGS, cogsSide), ...revaluation(RECOST_ADJUSTMENTS, adjustmentsSide)].map((m) => ({ ...m, reference_id: m.id }));
      const outcome: RecostOutcome = { product_id: productId, location_id: locationId, cogs_delta: -cogsSide, adjustments_delta: -adjustmentsSide, inventory_delta: cogsSide + adjustmentsSide, journal_entry_id: entryId };
      const lines = stockPostingLines(
        { items: [], movements: [], recost: [], counterparts: new Map(), inventory: outcome.inventory_delta, cogs: outcome.cogs_delta, adjustments: outcome.adjustments_delta },
        { inventory: accounts.inventory.id, cogs: accounts.cogs.id, adjustments: accounts.inventory_adjustments.id },
      );
      return {
        postings: [{ organizationId, date, entryId, source: { type: 'inventory_movement', id: carriers[0]!.id }, memo_narrative: { key: 'ledger.stock.recost', params: { product: productId } }, lines }],
        items: [levelItem, ...carriers.map((m) => putItem(StockMovement.put(m).params())), done(outcome)],
        finish: () => outcome,
      };
    },
  });
  return result;
}

/**
 * Runs one request: each level it names (the earliest date for a level named twice), then the
 * request is deleted. A level that fails leaves the request for the next delivery (the levels
 * already re-costed find nothing left to post).
 */
export async function runRecostRequest(organizationId: string, requestId: string): Promise<RecostOutcome[]> {
  const request = await readItem(StockRecost, { organization_id: organizationId, kind: 'request', id: requestId });
  if (!request) return [];
  const byLevel = new Map<string, RecostTarget>();
  for (const t of (request.targets as RecostTarget[] | undefined) ?? []) {
    const key = `${t.product_id}|${t.location_id}`;
    const seen = byLevel.get(key);
    if (!seen || t.from < seen.from) byLevel.set(key, t);
  }
  const outcomes: RecostOutcome[] = [];
  try {
    for (const target of byLevel.values()) outcomes.push(await recostLevel(organizationId, target));
  } catch (error) {
    await StockRecost.patch({ organization_id: organizationId, kind: 'request', id: requestId })
      .add({ failures: 1 })
      .set({ last_error: error instanceof Error ? error.message.slice(0, 500) : String(error) })
      .go()
      .catch(() => undefined);
    throw error;
  }
  await StockRecost.delete({ organization_id: organizationId, kind: 'request', id: requestId }).go();
  return outcomes;
}

/** An organization's re-costings: those still owed (with the dates they start from) and the last outcome per level. */
export async function recostings(organizationId: string): Promise<{ pending: StockRecostRecord[]; done: StockRecostRecord[] }> {
  const { data } = await StockRecost.query.byKind({ organization_id: organizationId }).go({ pages: 'all' });
  return { pending: data.filter((r) => r.kind === 'request'), done: data.filter((r) => r.kind === 'done') };
}

/**
 * The nightly sweep (maintenance/handler.ts): a request still stored an hour after it was made
 * lost its message or keeps failing — it is queued again. Answers how many were.
 */
export async function requeueStaleRecostings(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 60 * 60_000).toISOString();
  let requeued = 0;
  for await (const ids of organizationIdPages()) {
    for (const organizationId of ids) {
      const { pending } = await recostings(organizationId);
      for (const request of pending.filter((r) => (r.requested_at ?? '') < cutoff)) {
        await enqueueRecost(organizationId, request.id);
        requeued++;
      }
    }
  }
  return requeued;
}
