/**
 * Stock that moves at cost in the books (GitHub issue 14). What a document does to stock is a list
 * of `StockChange`s; this module reads what they touch (one BatchGetItem: the products and their
 * levels at the locations), costs them with shared/src/inventory/costing.ts, and answers the
 * transaction items (the level updates conditioned on the versions read, the movements, the
 * products' on-hand and stock status) and the money they moved, by counter-account. The posting
 * path (documents/posting-path.ts) puts both in the document's ONE transaction: an invoice's sale
 * and its cost of goods sold are committed together or not at all.
 *
 * Concurrency. Levels are read, costed and written back on condition that nobody moved them
 * meanwhile (`version`); when a concurrent sale of the same product at the same location wins,
 * the write fails only on that condition (`StockMoved`) and the posting path builds again from a
 * fresh read — the way a number series that moved is retried.
 *
 * Where the money goes:
 * - `cogs`: goods sold leave inventory at cost (Dr cost of goods sold, Cr inventory), and a
 *   receipt that covers a shortage sold earlier trues the cost up at the receipt's date;
 * - `adjustments`: counts and adjustments (Dr/Cr inventory adjustments: shrinkage or gain);
 * - `counterpart`: receipts whose other side is the document's own (a bill debits inventory with the
 *   line's net: the receipt is that value), so nothing extra is posted for them here.
 */
import { countBy, countTo, issue, parseQuantity, receive, EMPTY_POSITION, InsufficientStock, type StockPosition, type ValuationMethod } from '@daftar/shared/inventory/costing';
import type { MovementReferenceType, MovementType } from '@daftar/shared/schemas/codes';
import { overallReorderPointMilli, stockStatusOf } from '@daftar/shared/stock-status';
import { readItem } from '../db/get-together.js';
import { Product, type ProductRecord } from '../db/product.js';
import { StockLevel, type StockLevelRecord } from '../db/stockLevel.js';
import { StockMovement, type StockMovementRecord } from '../db/stockMovement.js';
import { StockDaily } from '../db/stockDaily.js';
import { StockRecost, type RecostTarget } from '../db/stockRecost.js';
import { MovedMeanwhile, afterCommit, onConditionFailed, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { enqueueRecost } from './recost-queue.js';
import { organizationSettings } from '../organizations/settings.js';
import { uuidv7 } from '../platform/ids.js';
import { NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';

/**
 * About how many different tracked products one posting can move: each takes four of the
 * transaction's 100 actions (its level, its movement, its product's figures, its day's figures)
 * beside the document's own. Measured and explained in docs/inventory.md.
 */
export const MAX_TRACKED_PRODUCTS_PER_POSTING = 20;

/** The reason on the movement that takes an older movement's quantity back after a count. */
export const COUNT_KEPT = 'count_kept';

/** Stock lives here unless a document or a request names another location. */
export const DEFAULT_LOCATION_ID = 'main';

export type StockChangeKind = 'issue' | 'receipt' | 'return_in' | 'count' | 'adjust' | 'transfer_out' | 'transfer_in';

export interface StockChange {
  productId: string;
  locationId?: string;
  kind: StockChangeKind;
  /**
   * Thousandths of the unit. issue, receipt, return_in, transfer_*: the quantity moved (> 0);
   * count: the quantity counted (≥ 0); adjust: the change (found > 0, missing < 0).
   */
  quantity: number;
  /** receipt: what the goods cost (minor units); return_in: their original cost. */
  value?: number;
  referenceType: MovementReferenceType;
  referenceId?: string;
  reason?: string;
  note?: string;
  /**
   * receipt: the account the document already debited with `value` (a bill line's account); the
   * stock lines move it from there to inventory. Absent: the value is booked against inventory
   * adjustments (goods received by hand).
   */
  counterAccountId?: string;
  /** The manual receipt's typed unit cost (minor units per unit), kept on the movement. */
  unitCost?: number;
  /** What a sale brought in (the line's net, minor units): the analytics' revenue. */
  revenue?: number;
  /** The movement this one undoes: recorded as a `reversal` of it. */
  reversesMovementId?: string;
  /** Where the 422 points when this change cannot be made (['body', 'lines', 2]). */
  loc?: (string | number)[];
}

/** What the changes touch, as read. */
export interface StockRead {
  organizationId: string;
  method: ValuationMethod;
  allowNegative: boolean;
  products: Map<string, ProductRecord>;
  levels: Map<string, StockLevelRecord | null>;
}

/** A level moved by someone else between the read and the write: read again and retry. */
export class StockMoved extends MovedMeanwhile {
  constructor() {
    super('Stock moved meanwhile');
  }
}

const levelKey = (productId: string, locationId: string) => `${productId}|${locationId}`;
const locationOf = (change: StockChange) => change.locationId ?? DEFAULT_LOCATION_ID;

/** Only tracked products move stock: of a document's lines, the ones that do. */
export function trackedOnly(changes: StockChange[], products: Map<string, ProductRecord>): StockChange[] {
  return changes.filter((c) => products.get(c.productId)?.is_tracked_inventory);
}

/** A document line's quantity as stock moves it (NaN when it has more than three decimals: refused by planStock). */
export const lineQuantity = (quantity: string) => parseQuantity(quantity) ?? Number.NaN;

/** Reads the products and levels the changes touch, together (one BatchGetItem with whatever else this turn reads). */
export async function readStock(organizationId: string, changes: readonly StockChange[]): Promise<StockRead> {
  const productIds = [...new Set(changes.map((c) => c.productId))];
  const levelKeys = [...new Set(changes.map((c) => levelKey(c.productId, locationOf(c))))];
  const [settings, products, levels] = await Promise.all([
    organizationSettings(organizationId),
    Promise.all(productIds.map((id) => readItem(Product, { organization_id: organizationId, id }))),
    Promise.all(
      levelKeys.map((key) => {
        const [product_id, location_id] = key.split('|') as [string, string];
        return readItem(StockLevel, { organization_id: organizationId, product_id, location_id });
      }),
    ),
  ]);
  return {
    organizationId,
    method: settings.valuationMethod,
    allowNegative: settings.allowNegativeStock,
    products: new Map(products.filter((p): p is ProductRecord => !!p).map((p) => [p.id, p])),
    levels: new Map(levelKeys.map((key, i) => [key, levels[i] ?? null])),
  };
}

const positionOf = (level: StockLevelRecord | null, product: ProductRecord): StockPosition =>
  level
    ? { on_hand: level.on_hand, value: level.value, layers: (level.layers as StockPosition['layers']) ?? [], last_cost: (level.last_cost as StockPosition['last_cost']) ?? null }
    : // Before the first receipt, a gain or a shortage is priced at the catalogue cost.
      { ...EMPTY_POSITION, last_cost: product.cost_fils ? { quantity: 1000, value: product.cost_fils } : null };

export interface StockPlan {
  /** Level updates, movements and product figures, for the posting's transaction. */
  items: TransactItem[];
  movements: StockMovementRecord[];
  /** Net change of the inventory account (minor units). */
  inventory: number;
  /** Debit to cost of goods sold (negative: credit). */
  cogs: number;
  /** Debit to inventory adjustments (negative: credit; a loss is a debit). */
  adjustments: number;
  /** Receipts already debited by the document's own lines, by account (a bill line's account). */
  counterparts: Map<string, number>;
  /** Levels this plan moves at a date before their latest movement: owed a re-costing (inventory/recost.ts). */
  recost: RecostTarget[];
}

export interface PlanContext {
  date: string;
  now: string;
  /**
   * When the goods moved, if before the posting: a till's ticket settled later (pos/settlement.ts)
   * moved its goods on its own day and time. A movement that moved before the location's latest
   * count does not change what the count set. Default: `date`, posted now.
   */
  moved?: { on: string; at: string };
  actorId?: string | null;
  /** The journal entry the movements belong to. */
  entryId?: string;
}

/**
 * Costs the changes in order against the positions read and answers what to write. Throws a 422
 * (at the change's `loc`) for an untracked or unknown product and for a sale beyond what is on hand
 * when the organization does not allow negative stock. No reads: it may run once per attempt.
 */
export function planStock(read: StockRead, changes: readonly StockChange[], context: PlanContext): StockPlan {
  const positions = new Map<string, StockPosition>();
  const productOnHand = new Map<string, number>();
  const movements: StockMovementRecord[] = [];
  const plan: StockPlan = { items: [], movements, inventory: 0, cogs: 0, adjustments: 0, counterparts: new Map(), recost: [] };
  const issues: ValidationIssue[] = [];
  const transferred = new Map<string, number>();
  // The latest count of each level, as read and as this plan's own counts set it.
  const counts = new Map<string, { on: string; at: string } | null>();
  const countOf = (key: string) => {
    if (!counts.has(key)) {
      const level = read.levels.get(key);
      counts.set(key, level?.counted_on ? { on: level.counted_on, at: level.counted_at ?? '' } : null);
    }
    return counts.get(key)!;
  };
  const moved = context.moved ?? { on: context.date, at: context.now };
  // Moved before the count (by date; on its day, before it was posted): the count already saw it.
  const beforeCount = (count: { on: string; at: string } | null) => !!count && (moved.on < count.on || (moved.on === count.on && moved.at < count.at));
  const kept: StockMovementRecord[] = [];
  const days = new Map<string, DailyFigures>();
  const daily = (productId: string) => {
    let figures = days.get(productId);
    if (!figures) days.set(productId, (figures = { movements: 0 }));
    return figures;
  };

  changes.forEach((change, index) => {
    const loc = change.loc ?? ['body', index];
    const product = read.products.get(change.productId);
    if (!product) return void issues.push({ loc, msg: 'Product not found', type: 'not_found' });
    if (!product.is_tracked_inventory) return void issues.push({ loc, msg: `${product.name} (${product.sku}) does not track stock`, type: 'value_error' });
    if (!Number.isSafeInteger(change.quantity) || (change.kind !== 'adjust' && change.kind !== 'count' && change.quantity <= 0)) {
      return void issues.push({ loc, msg: `The quantity of ${product.name} (${product.sku}) must be positive with at most three decimals`, type: 'value_error' });
    }
    const key = levelKey(change.productId, locationOf(change));
    const before = positions.get(key) ?? positionOf(read.levels.get(key) ?? null, product);
    let after: StockPosition;
    let quantity: number;
    let value: number;
    let type: MovementType;
    let short = 0;
    let receivedValue: number | undefined;
    try {
      switch (change.kind) {
        case 'issue':
        case 'transfer_out': {
          // Stock set aside for a customer is not sold, unless the shop sells into negative stock.
          const reserved = read.levels.get(key)?.reserved ?? 0;
          const free = Math.max(before.on_hand, 0) - reserved;
          if (reserved > 0 && change.quantity > free && !(change.kind === 'issue' && read.allowNegative)) throw new InsufficientStock(Math.max(free, 0), change.quantity);
          const out = issue(before, change.quantity, read.method, change.kind === 'issue' && read.allowNegative);
          after = out.position;
          quantity = -change.quantity;
          value = -out.cost;
          short = out.short;
          type = change.kind;
          if (change.kind === 'issue') plan.cogs += out.cost;
          else transferred.set(product.id, out.cost);
          break;
        }
        case 'receipt':
        case 'return_in':
        case 'transfer_in': {
          // A transfer arrives at what it cost where it left.
          const inValue = change.kind === 'transfer_in' && change.value === undefined ? (transferred.get(product.id) ?? 0) : (change.value ?? 0);
          const received = receive(before, change.quantity, inValue, context.date, read.method);
          after = received.position;
          quantity = change.quantity;
          value = inValue - received.trueUp;
          if (received.trueUp) receivedValue = inValue;
          type = change.kind;
          plan.cogs += received.trueUp;
          if (change.kind === 'receipt') {
            if (change.counterAccountId) plan.counterparts.set(change.counterAccountId, (plan.counterparts.get(change.counterAccountId) ?? 0) + inValue);
            else plan.adjustments -= inValue;
          }
          // A customer's return comes back off cost of goods sold, at what it cost when sold.
          if (change.kind === 'return_in') plan.cogs -= change.value ?? 0;
          break;
        }
        case 'count': {
          // A later count already set this stock: an older one cannot change it.
          const latest = countOf(key);
          if (latest && moved.on < latest.on) {
            return void issues.push({ loc, msg: `A count of ${latest.on} already set the stock of ${product.name} (${product.sku}) here; a count dated before it cannot change it`, type: 'counted_later' });
          }
          // Stock set aside for customers (layaways, orders) must stay on hand: a count below it
          // means reserved goods are missing, which the reservation has to be released for first.
          const reservedHere = read.levels.get(key)?.reserved ?? 0;
          if (change.quantity < reservedHere) return void issues.push({ loc, msg: `${reservedHere / 1000} of ${product.name} (${product.sku}) are reserved for customers; release the reservation before counting fewer`, type: 'reserved_stock' });
          const counted = countTo(before, change.quantity, context.date, read.method);
          after = counted.position;
          quantity = counted.difference;
          value = counted.value;
          type = 'count';
          plan.adjustments -= counted.value;
          counts.set(key, { on: moved.on, at: context.now });
          break;
        }
        case 'adjust': {
          if (change.quantity === 0) return void issues.push({ loc, msg: 'An adjustment changes the quantity', type: 'value_error' });
          const target = before.on_hand + change.quantity;
          if (target < 0) return void issues.push({ loc, msg: `Only ${Math.max(before.on_hand, 0) / 1000} of ${product.name} (${product.sku}) on hand`, type: 'insufficient_stock' });
          // Reserved stock is not written off by an adjustment (as it is not sold): only what is free.
          const reservedHere = read.levels.get(key)?.reserved ?? 0;
          if (change.quantity < 0 && target < reservedHere) throw new InsufficientStock(Math.max(before.on_hand - reservedHere, 0), -change.quantity);
          const counted = countTo(before, target, context.date, read.method);
          after = counted.position;
          quantity = counted.difference;
          value = counted.value;
          type = 'adjustment';
          plan.adjustments -= counted.value;
          break;
        }
      }
    } catch (error) {
      if (!(error instanceof InsufficientStock)) throw error;
      return void issues.push({
        loc,
        msg: `Only ${error.available / 1000} of ${product.name} (${product.sku}) on hand; ${error.requested / 1000} needed`,
        type: 'insufficient_stock',
      });
    }
    // An older movement that arrives after a count (a bill dated before it, a sale that synced
    // late): the count saw the shelf, so its quantity stands. The movement is booked as it is (the
    // bill's cost into inventory, the sale's cost of goods sold) and its quantity is taken back at
    // once, against inventory adjustments — which moves the count's shrinkage or gain to where it
    // belongs, dated now, without replaying history.
    let restore: ReturnType<typeof countBy> | null = null;
    if (type !== 'count' && quantity !== 0 && beforeCount(countOf(key))) {
      restore = countBy(after, -quantity, context.date, read.method);
      after = restore.position;
    }
    positions.set(key, after);
    plan.inventory += value;
    const figures = daily(product.id);
    figures.movements += 1;
    if (type === 'issue') {
      figures.sold = (figures.sold ?? 0) - quantity;
      figures.sold_cost = (figures.sold_cost ?? 0) - value;
      if (change.revenue) figures.revenue = (figures.revenue ?? 0) + change.revenue;
    } else if (type === 'receipt' || type === 'return_in') {
      figures.received = (figures.received ?? 0) + quantity;
      figures.received_value = (figures.received_value ?? 0) + value;
    } else if (type === 'adjustment' || type === 'count') {
      figures.adjusted = (figures.adjusted ?? 0) + quantity;
      figures.adjusted_value = (figures.adjusted_value ?? 0) + value;
    }
    productOnHand.set(product.id, (productOnHand.get(product.id) ?? product.on_hand_milli ?? 0) + quantity + (restore?.difference ?? 0));
    if (restore) {
      plan.inventory += restore.value;
      plan.adjustments -= restore.value;
      figures.adjusted = (figures.adjusted ?? 0) + restore.difference;
      figures.adjusted_value = (figures.adjusted_value ?? 0) + restore.value;
      figures.movements += 1;
      const count = countOf(key)!;
      kept.push({
        organization_id: read.organizationId,
        id: '',
        product_id: product.id,
        location_id: locationOf(change),
        movement_type: 'count',
        quantity: restore.difference,
        value: restore.value,
        // The document's own: reversing the document reverses this too, and the count still stands.
        reference_type: change.referenceType,
        reference_id: change.referenceId ?? '',
        reason: COUNT_KEPT,
        note: `Kept at the count of ${count.on}`,
        date: context.date,
        journal_entry_id: context.entryId,
        created_by: context.actorId ?? undefined,
        created_at: context.now,
      });
    }
    if (quantity === 0 && value === 0 && change.kind === 'count') return;
    const id = uuidv7();
    movements.push({
      organization_id: read.organizationId,
      id,
      product_id: product.id,
      location_id: locationOf(change),
      movement_type: change.reversesMovementId ? 'reversal' : type,
      reverses_movement_id: change.reversesMovementId,
      quantity,
      value,
      unit_cost: change.unitCost,
      reference_type: change.referenceType,
      // Made by hand, a movement is its own reference (movements/by-reference/manual/<id>).
      reference_id: change.referenceId ?? id,
      reason: change.reason,
      note: change.note,
      date: context.date,
      short_quantity: short || undefined,
      received_value: receivedValue,
      journal_entry_id: context.entryId,
      created_by: context.actorId ?? undefined,
      created_at: context.now,
    });
    // The count kept, right after the movement it answers (a movement made by hand is its own reference).
    const keptHere = kept.pop();
    if (keptHere) movements.push({ ...keptHere, id: uuidv7(), reference_id: keptHere.reference_id || id });
  });
  if (issues.length) throw new ValidationError(issues);

  for (const [key, position] of positions) {
    const [productId, locationId] = key.split('|') as [string, string];
    const level = read.levels.get(key) ?? null;
    const count = counts.get(key);
    const counted = count && (count.on !== level?.counted_on || count.at !== level?.counted_at) ? { counted_on: count.on, counted_at: count.at } : {};
    // Dated before what this level has already seen: the costs of the later movements were taken
    // without this one. They are re-costed by a queued job (inventory/recost.ts), never here.
    const lastMoved = level?.last_moved_on;
    if (lastMoved && context.date < lastMoved) plan.recost.push({ product_id: productId, location_id: locationId, from: context.date });
    const latest = !lastMoved || context.date > lastMoved ? { last_moved_on: context.date } : {};
    const set = { on_hand: position.on_hand, value: position.value, layers: position.layers, last_cost: position.last_cost ?? undefined, ...counted, ...latest, version: (level?.version ?? 0) + 1, updated_at: context.now };
    const update = StockLevel.update({ organization_id: read.organizationId, product_id: productId, location_id: locationId })
      .set(set as never)
      .where((a, { eq, notExists }) => (level ? eq(a.version, level.version) : notExists(a.version)))
      .params();
    plan.items.push(onConditionFailed(updateItem(update), () => new StockMoved()));
  }
  // Each movement has a new UUIDv7: a plain put (the levels' versions and the document's own
  // condition keep a posting from being applied twice).
  for (const movement of movements) plan.items.push(putItem(StockMovement.put(movement).params()));
  if (plan.recost.length) {
    // The request is stored with the movement that owes it; its message leaves once both are committed.
    const id = uuidv7();
    const request = putItem(StockRecost.create({ organization_id: read.organizationId, kind: 'request', id, targets: plan.recost, requested_at: context.now }).params());
    plan.items.push(afterCommit(request, () => enqueueRecost(read.organizationId, id)));
  }
  for (const [productId, figures] of days) plan.items.push(dailyUpdate(read.organizationId, productId, context.date, figures));
  for (const [productId, onHand] of productOnHand) {
    const product = read.products.get(productId)!;
    const status = stockStatusOf(onHand, overallReorderPointMilli(product.reorder_point_milli, product.reorder_points ?? []), product.is_tracked_inventory);
    plan.items.push(
      onConditionFailed(
        updateItem(
          Product.patch({ organization_id: read.organizationId, id: productId })
            .set({ on_hand_milli: onHand, stock_status: status })
            .where((a, { eq }) => eq(a.on_hand_milli, product.on_hand_milli ?? 0))
            .params(),
        ),
        () => new StockMoved(),
      ),
    );
  }
  return plan;
}

/**
 * The journal lines of a stock plan: cost of goods sold, inventory adjustments, and inventory for
 * whatever the document's own lines do not already put there. They balance by construction (every
 * amount moved to or from inventory is booked against one of the two).
 */
export interface StockPostingLine { account_id: string; debit?: number; credit?: number; description: string }
export function stockPostingLines(plan: StockPlan, accounts: { inventory: string; cogs: string; adjustments: string }): StockPostingLine[] {
  const line = (account_id: string, amount: number, description: string): StockPostingLine[] =>
    amount > 0 ? [{ account_id, debit: amount, description }] : amount < 0 ? [{ account_id, credit: -amount, description }] : [];
  // Receipts the document debited to another account move from there to inventory; those it
  // debited to inventory itself are already there.
  const alreadyInInventory = plan.counterparts.get(accounts.inventory) ?? 0;
  const moved = [...plan.counterparts].filter(([account]) => account !== accounts.inventory);
  return [
    ...line(accounts.cogs, plan.cogs, 'cost of goods sold'),
    ...line(accounts.adjustments, plan.adjustments, 'stock adjustment'),
    ...moved.flatMap(([account, amount]) => line(account, -amount, 'received into inventory')),
    ...line(accounts.inventory, plan.inventory - alreadyInInventory, 'inventory at cost'),
  ];
}

type DailyFigures = { movements: number } & Partial<Record<'sold' | 'sold_cost' | 'revenue' | 'received' | 'received_value' | 'adjusted' | 'adjusted_value', number>>;

/**
 * The ADD to a product's day (db/stockDaily.ts). ElectroDB's update does not write an index's keys
 * when it creates the item, so the product index's keys are set here, from the same templates.
 */
function dailyUpdate(organizationId: string, productId: string, date: string, figures: DailyFigures): TransactItem {
  const params = StockDaily.update({ organization_id: organizationId, date, product_id: productId }).add(figures).params() as {
    UpdateExpression: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  };
  params.UpdateExpression = params.UpdateExpression.replace(/^SET /, 'SET #gsi1pk = :gsi1pk, #gsi1sk = :gsi1sk, ');
  params.ExpressionAttributeNames['#gsi1pk'] = 'gsi1pk';
  params.ExpressionAttributeNames['#gsi1sk'] = 'gsi1sk';
  params.ExpressionAttributeValues[':gsi1pk'] = `ORG#${organizationId}#STOCKDAYS#${productId}`;
  params.ExpressionAttributeValues[':gsi1sk'] = date;
  return updateItem(params);
}

/** A product of this organization, or 404. */
export async function productOf(organizationId: string, productId: string): Promise<ProductRecord> {
  const product = await readItem(Product, { organization_id: organizationId, id: productId });
  if (!product) throw new NotFound('Product not found');
  return product;
}
