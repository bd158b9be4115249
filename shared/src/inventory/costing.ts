/**
 * Stock costing (GitHub issue 14): what goods cost when they leave, in integer minor units, exact
 * to the fil. One product at one location is a `StockPosition`: the quantity on hand (thousandths
 * of the unit: 1 kg = 1000), its value, and — under FIFO — the cost layers that make up that value,
 * oldest first. Every operation returns the new position and the cost it moved; the value of a
 * position is always the sum of what came in less the sum of what went out, so the inventory
 * account (which receives exactly those amounts) equals the valuation to the fil, whatever the
 * rounding.
 *
 * Rounding. Taking part of a layer (or, under moving average, part of the pool) costs
 * `value × taken / quantity` rounded half away from zero; taking the whole of it costs its whole
 * value. The rounding error therefore stays in what is left and leaves with the last unit: nothing
 * is lost or created.
 *
 * Negative stock (a till cannot refuse goods that are physically on the shelf): when the
 * organization allows it, a sale beyond what is on hand is costed at the last known unit cost and
 * leaves the position negative (quantity and value). The next receipt first covers the shortage:
 * the difference between what the shortage now really cost and what was credited for it is the
 * `trueUp`, posted at the receipt's date to cost of goods sold (history is never replayed).
 */

export const VALUATION_METHODS = ['fifo', 'average'] as const;
export type ValuationMethod = (typeof VALUATION_METHODS)[number];

/** Goods received together at one cost: quantity in thousandths, value in minor units. */
export interface CostLayer {
  quantity: number;
  value: number;
  /** The day the layer came in (YYYY-MM-DD), shown on the product page. */
  received_on: string;
}

/** A unit cost kept as the quantity and value it was seen on (no rounding until used). */
export interface UnitCost {
  quantity: number;
  value: number;
}

export interface StockPosition {
  on_hand: number;
  value: number;
  /** FIFO only, oldest first; empty under moving average and while the position is negative. */
  layers: CostLayer[];
  /** The cost of the last receipt (or the catalogue cost before any): prices a shortage or a count's gain. */
  last_cost: UnitCost | null;
}

export const EMPTY_POSITION: StockPosition = { on_hand: 0, value: 0, layers: [], last_cost: null };

/** Not enough on hand, and the organization does not sell into negative stock. */
export class InsufficientStock extends Error {
  constructor(readonly available: number, readonly requested: number) {
    super(`Only ${available / 1000} on hand, ${requested / 1000} requested`);
  }
}

/** value × numerator / denominator, rounded half away from zero, without leaving integers. */
export function mulDiv(value: number, numerator: number, denominator: number): number {
  if (denominator === 0) throw new Error('mulDiv by zero');
  const product = BigInt(value) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = product < 0n !== d < 0n;
  const p = product < 0n ? -product : product;
  const q = d < 0n ? -d : d;
  const rounded = (p * 2n + q) / (q * 2n);
  return Number(negative ? -rounded : rounded);
}

/** What `quantity` costs at a unit cost; without any known cost, nothing. */
export function costAt(unit: UnitCost | null, quantity: number): number {
  if (!unit || unit.quantity === 0) return 0;
  return mulDiv(unit.value, quantity, unit.quantity);
}

const sumValues = (layers: readonly CostLayer[]) => layers.reduce((sum, l) => sum + l.value, 0);

export interface Receipt {
  position: StockPosition;
  /** Added to cost of goods sold (negative: taken off it) for a shortage sold before this receipt. */
  trueUp: number;
}

/** Goods in at a known value (a purchase, a return at its original cost, a transfer's arrival, a count's gain). */
export function receive(position: StockPosition, quantity: number, value: number, date: string, method: ValuationMethod): Receipt {
  if (quantity <= 0) throw new Error('A receipt brings a positive quantity');
  let { on_hand, value: held } = position;
  let layers = position.layers.map((l) => ({ ...l }));
  let inQuantity = quantity;
  let inValue = value;
  let trueUp = 0;
  if (on_hand < 0) {
    // Cover the shortage first: it was credited at the last cost; it really cost this receipt's.
    const covered = Math.min(-on_hand, inQuantity);
    const realCost = covered === inQuantity ? inValue : mulDiv(inValue, covered, inQuantity);
    const credited = covered === -on_hand ? held : mulDiv(held, covered, on_hand === 0 ? 1 : -on_hand);
    // `credited` is negative (the position's value is below zero); the difference is the true-up.
    trueUp = realCost + credited;
    on_hand += covered;
    held -= credited;
    inQuantity -= covered;
    inValue -= realCost;
    layers = [];
  }
  const last_cost: UnitCost = { quantity, value };
  if (inQuantity === 0) return { position: { on_hand, value: held, layers, last_cost }, trueUp };
  on_hand += inQuantity;
  held += inValue;
  if (method === 'fifo') layers.push({ quantity: inQuantity, value: inValue, received_on: date });
  return { position: { on_hand, value: held, layers: method === 'fifo' ? layers : [], last_cost }, trueUp };
}

export interface Issue {
  position: StockPosition;
  /** What the goods that left cost (minor units, ≥ 0 unless the position's value was negative). */
  cost: number;
  /** Part of the quantity sold beyond what was on hand (thousandths): flagged on the movement. */
  short: number;
}

/** Goods out (a sale, a transfer's departure, a count's loss), costed by the method. */
export function issue(position: StockPosition, quantity: number, method: ValuationMethod, allowNegative: boolean): Issue {
  if (quantity <= 0) throw new Error('An issue takes a positive quantity');
  const available = Math.max(position.on_hand, 0);
  if (quantity > available && !allowNegative) throw new InsufficientStock(available, quantity);
  let cost = 0;
  let remaining = quantity;
  let { on_hand, value } = position;
  let layers = position.layers.map((l) => ({ ...l }));
  if (available > 0) {
    const taken = Math.min(available, remaining);
    if (method === 'fifo') {
      let left = taken;
      const kept: CostLayer[] = [];
      for (const layer of layers) {
        if (left === 0) { kept.push(layer); continue; }
        const t = Math.min(layer.quantity, left);
        const c = t === layer.quantity ? layer.value : mulDiv(layer.value, t, layer.quantity);
        cost += c;
        left -= t;
        if (t < layer.quantity) kept.push({ ...layer, quantity: layer.quantity - t, value: layer.value - c });
      }
      layers = kept;
    } else {
      cost += taken === on_hand ? value : mulDiv(value, taken, on_hand);
    }
    on_hand -= taken;
    value -= cost;
    remaining -= taken;
  }
  let short = 0;
  if (remaining > 0) {
    // Sold beyond what is on hand: at the last known cost, until a receipt tells the real one.
    const shortCost = costAt(position.last_cost, remaining);
    cost += shortCost;
    on_hand -= remaining;
    value -= shortCost;
    short = remaining;
    layers = [];
  }
  if (method === 'fifo' && on_hand >= 0 && layers.length && sumValues(layers) !== value) throw new Error('FIFO layers out of step with the value');
  return { position: { on_hand, value, layers: method === 'fifo' ? layers : [], last_cost: position.last_cost }, cost, short };
}

export interface CountResult {
  position: StockPosition;
  /** Quantity found (positive) or missing (negative), thousandths. */
  difference: number;
  /** Value found (positive: a gain) or missing (negative: shrinkage), minor units. */
  value: number;
}

/**
 * A count sets the quantity on hand: what is missing leaves at cost (shrinkage), what was found
 * comes in at the last known cost (a gain). Counting a negative position up to zero or more is a
 * receipt of the difference at the last cost.
 */
export function countTo(position: StockPosition, counted: number, date: string, method: ValuationMethod): CountResult {
  if (counted < 0) throw new Error('A count is not negative');
  const difference = counted - position.on_hand;
  if (difference === 0) return { position, difference: 0, value: 0 };
  if (difference < 0) {
    const out = issue(position, -difference, method, false);
    return { position: out.position, difference, value: -out.cost };
  }
  const received = receive(position, difference, costAt(position.last_cost, difference), date, method);
  // A count is not a purchase: the last purchase cost stays what it was. What it books is the
  // whole change of the position's value (a shortage's true-up included), against the count.
  return { position: { ...received.position, last_cost: position.last_cost }, difference, value: received.position.value - position.value };
}

/**
 * Moves a position by `difference` as a count does — goods found come in at the last cost, goods
 * missing leave at what the method says they cost — but by a difference, and into negative stock
 * when the position is there already. What keeps a count's quantity when an older movement
 * arrives after it (inventory/stock.ts): the older movement's quantity is taken back this way.
 */
export function countBy(position: StockPosition, difference: number, date: string, method: ValuationMethod): CountResult {
  if (difference === 0) return { position, difference: 0, value: 0 };
  if (difference < 0) {
    const out = issue(position, -difference, method, true);
    return { position: out.position, difference, value: -out.cost };
  }
  const received = receive(position, difference, costAt(position.last_cost, difference), date, method);
  return { position: { ...received.position, last_cost: position.last_cost }, difference, value: received.position.value - position.value };
}

/** Units of stock as the API writes them: thousandths to a decimal string ("2.5", "10", "-0.25"). */
export function quantityText(thousandths: number): string {
  const negative = thousandths < 0;
  const abs = Math.abs(thousandths);
  const whole = Math.floor(abs / 1000);
  const fraction = String(abs % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A decimal quantity ("2.5", "0.750", 3) to thousandths; null when it has more than three decimals. */
export function parseQuantity(text: string | number): number | null {
  const s = typeof text === 'number' ? String(text) : text.trim();
  const m = /^(-)?(\d{1,9})(?:\.(\d{1,3}))?$/.exec(s);
  if (!m) return null;
  const value = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -value : value;
}
