/**
 * Inventory analytics (GitHub issue 14), read from the daily per-product figures the stock
 * postings keep (db/stockDaily.ts): one Query for an organization's date range, one for a product's
 * days, so every answer costs O(products × days asked) however many movements there were. A day
 * without an item is a day nothing moved: zero demand, not missing data.
 */
import { quantityText } from '@daftar/shared/inventory/costing';
import { abcClasses, forecastDemand, INTERVAL_HIGH, INTERVAL_LOW, xyzClass } from '@daftar/shared/inventory/forecast';
import type { AbcAnalysis, InventoryForecast, InventoryOverview, InventoryPerformance, SlowMoving, TopSelling, InventoryTrends, InventoryDashboardMetrics } from '@daftar/shared/schemas/inventoryAnalytics';
import { Product, type ProductRecord } from '../db/product.js';
import { StockDaily, type StockDailyRecord } from '../db/stockDaily.js';
import { allLevels, amountIn, productsById } from '../inventory/levels.js';
import { addDays } from '../ledger/dates.js';

export type Figures = Required<Pick<StockDailyRecord, 'sold' | 'sold_cost' | 'revenue' | 'received' | 'received_value' | 'adjusted' | 'adjusted_value' | 'movements'>>;
const ZERO: Figures = { sold: 0, sold_cost: 0, revenue: 0, received: 0, received_value: 0, adjusted: 0, adjusted_value: 0, movements: 0 };

const figuresOf = (r: Partial<Figures>): Figures => ({
  sold: r.sold ?? 0,
  sold_cost: r.sold_cost ?? 0,
  revenue: r.revenue ?? 0,
  received: r.received ?? 0,
  received_value: r.received_value ?? 0,
  adjusted: r.adjusted ?? 0,
  adjusted_value: r.adjusted_value ?? 0,
  movements: r.movements ?? 0,
});
const plus = (a: Figures, b: Figures): Figures => ({
  sold: a.sold + b.sold,
  sold_cost: a.sold_cost + b.sold_cost,
  revenue: a.revenue + b.revenue,
  received: a.received + b.received,
  received_value: a.received_value + b.received_value,
  adjusted: a.adjusted + b.adjusted,
  adjusted_value: a.adjusted_value + b.adjusted_value,
  movements: a.movements + b.movements,
});

/** The `days` days ending on `to`, in order. */
export function dateRange(to: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(to, i - days + 1));
}

export const round = (x: number, places = 3) => {
  const f = 10 ** places;
  return Math.round(x * f) / f + 0; // + 0 turns −0 into 0
};
const percent = (part: number, whole: number) => (whole === 0 ? null : round((part * 100) / whole, 1));

/** The organization's days from `from` to `to`, inclusive (the sort key starts with the date). */
export async function organizationDays(organizationId: string, from: string, to: string): Promise<StockDailyRecord[]> {
  const { data } = await StockDaily.query.byDate({ organization_id: organizationId }).between({ date: from } as never, { date: `${to}~` } as never).go({ pages: 'all' });
  return data as StockDailyRecord[];
}

/** One product's days from `from` to `to`. */
async function productDays(organizationId: string, productId: string, from: string, to: string): Promise<StockDailyRecord[]> {
  const { data } = await StockDaily.query.byProduct({ organization_id: organizationId, product_id: productId }).between({ date: from }, { date: to }).go({ pages: 'all' });
  return data as StockDailyRecord[];
}

/** Totals per product over the days, and the days each product sold on. */
function perProduct(days: readonly StockDailyRecord[]) {
  const totals = new Map<string, Figures & { days_sold: number }>();
  for (const d of days) {
    const t = totals.get(d.product_id) ?? { ...ZERO, days_sold: 0 };
    totals.set(d.product_id, { ...plus(t, figuresOf(d)), days_sold: t.days_sold + ((d.sold ?? 0) > 0 ? 1 : 0) });
  }
  return totals;
}

/** The organization's active tracked products (one Query), with what each holds at cost. */
async function trackedStock(organizationId: string) {
  const [{ data }, levels] = await Promise.all([
    Product.query.byName({ organization_id: organizationId }).where((a, { eq }) => `${eq(a.is_tracked_inventory, true)} AND ${eq(a.is_active, true)}`).go({ pages: 'all' }),
    allLevels(organizationId),
  ]);
  const value = new Map<string, number>();
  for (const l of levels) value.set(l.product_id, (value.get(l.product_id) ?? 0) + l.value);
  const products = data as ProductRecord[];
  return {
    products,
    value,
    total: [...value.values()].reduce((s, v) => s + v, 0),
    lowStock: products.filter((p) => p.stock_status === 'low').length,
    outOfStock: products.filter((p) => p.stock_status === 'out').length,
  };
}

const productFields = (id: string, p: ProductRecord | undefined) => ({ product_id: id, sku: p?.sku ?? '', name: p?.name ?? id, name_ar: p?.name_ar ?? null });

interface Window {
  organizationId: string;
  currency: string;
  today: string;
  days: number;
}
const windowOf = (w: Window) => ({ from: addDays(w.today, 1 - w.days), to: w.today });

export async function overview(w: Window): Promise<InventoryOverview> {
  const { from, to } = windowOf(w);
  const [days, stock] = await Promise.all([organizationDays(w.organizationId, from, to), trackedStock(w.organizationId)]);
  const totals = perProduct(days);
  const sum = [...totals.values()].reduce<Figures>((s, t) => plus(s, t), ZERO);
  const amount = amountIn(w.currency);
  return {
    from, to, days: w.days, currency: w.currency,
    tracked_products: stock.products.length,
    products_in_stock: stock.products.filter((p) => (p.on_hand_milli ?? 0) > 0).length,
    low_stock: stock.lowStock,
    out_of_stock: stock.outOfStock,
    stock_value: amount(stock.total),
    products_sold: [...totals.values()].filter((t) => t.sold > 0).length,
    sold: quantityText(sum.sold),
    revenue: amount(sum.revenue),
    cost_of_sales: amount(sum.sold_cost),
    gross_profit: amount(sum.revenue - sum.sold_cost),
    gross_margin_percent: percent(sum.revenue - sum.sold_cost, sum.revenue),
    received_value: amount(sum.received_value),
    adjustment_value: amount(sum.adjusted_value),
  };
}

export async function trends(w: Window): Promise<InventoryTrends> {
  const { from, to } = windowOf(w);
  const byDate = new Map<string, Figures>();
  for (const d of await organizationDays(w.organizationId, from, to)) byDate.set(d.date, plus(byDate.get(d.date) ?? ZERO, figuresOf(d)));
  const amount = amountIn(w.currency);
  return {
    from, to, days: w.days, currency: w.currency,
    data: dateRange(to, w.days).map((date) => {
      const f = byDate.get(date) ?? ZERO;
      return {
        date,
        sold: quantityText(f.sold),
        revenue: amount(f.revenue),
        cost_of_sales: amount(f.sold_cost),
        received: quantityText(f.received),
        received_value: amount(f.received_value),
        adjustment_value: amount(f.adjusted_value),
        movements: f.movements,
      };
    }),
  };
}

export async function topSelling(w: Window & { limit: number }): Promise<TopSelling> {
  const { from, to } = windowOf(w);
  const totals = perProduct(await organizationDays(w.organizationId, from, to));
  const totalRevenue = [...totals.values()].reduce((s, t) => s + t.revenue, 0);
  // By revenue, then quantity, then id: a stable order for equal sellers.
  const ranked = [...totals].filter(([, t]) => t.sold > 0).sort(([a, x], [b, y]) => y.revenue - x.revenue || y.sold - x.sold || (a < b ? -1 : 1)).slice(0, w.limit);
  const products = await productsById(w.organizationId, ranked.map(([id]) => id));
  const amount = amountIn(w.currency);
  return {
    from, to, days: w.days, currency: w.currency,
    data: ranked.map(([id, t]) => ({
      ...productFields(id, products.get(id)),
      sold: quantityText(t.sold),
      revenue: amount(t.revenue),
      cost_of_sales: amount(t.sold_cost),
      gross_profit: amount(t.revenue - t.sold_cost),
      revenue_share_percent: percent(t.revenue, totalRevenue) ?? 0,
      days_sold: t.days_sold,
    })),
  };
}

/**
 * Tracked products holding stock that sold least in the period: those that sold nothing first
 * (most value tied up first), then by days of cover, longest first.
 */
export async function slowMoving(w: Window & { limit: number }): Promise<SlowMoving> {
  const { from, to } = windowOf(w);
  const [days, stock] = await Promise.all([organizationDays(w.organizationId, from, to), trackedStock(w.organizationId)]);
  const totals = perProduct(days);
  const amount = amountIn(w.currency);
  const rows = stock.products
    .filter((p) => (p.on_hand_milli ?? 0) > 0)
    .map((p) => {
      const t = totals.get(p.id) ?? { ...ZERO, days_sold: 0 };
      const cover = t.sold > 0 ? ((p.on_hand_milli ?? 0) * w.days) / t.sold : null;
      return { p, t, cover, value: stock.value.get(p.id) ?? 0 };
    })
    .sort((a, b) => {
      if ((a.cover === null) !== (b.cover === null)) return a.cover === null ? -1 : 1;
      if (a.cover !== null && b.cover !== null && a.cover !== b.cover) return b.cover - a.cover;
      return b.value - a.value || (a.p.id < b.p.id ? -1 : 1);
    })
    .slice(0, w.limit);
  return {
    from, to, days: w.days, currency: w.currency,
    data: rows.map(({ p, t, cover, value }) => ({
      ...productFields(p.id, p),
      on_hand: quantityText(p.on_hand_milli ?? 0),
      stock_value: amount(value),
      sold: quantityText(t.sold),
      days_sold: t.days_sold,
      days_of_cover: cover === null ? null : round(cover, 1),
    })),
  };
}

/** ABC by what the goods sold cost in the period, XYZ by how their daily demand varied. */
export async function abcAnalysis(w: Window & { limit: number }): Promise<AbcAnalysis> {
  const { from, to } = windowOf(w);
  const days = await organizationDays(w.organizationId, from, to);
  const totals = perProduct(days);
  const daily = new Map<string, Map<string, number>>();
  for (const d of days) {
    if (!d.sold) continue;
    const m = daily.get(d.product_id) ?? new Map<string, number>();
    m.set(d.date, (m.get(d.date) ?? 0) + d.sold);
    daily.set(d.product_id, m);
  }
  const dates = dateRange(to, w.days);
  const sold = [...totals].filter(([, t]) => t.sold > 0 || t.sold_cost > 0);
  const classes = abcClasses(sold.map(([id, t]) => ({ id, value: t.sold_cost })));
  const total = sold.reduce((s, [, t]) => s + Math.max(0, t.sold_cost), 0);
  const ranked = sold.sort(([a, x], [b, y]) => y.sold_cost - x.sold_cost || (a < b ? -1 : 1));
  const amount = amountIn(w.currency);
  let cumulative = 0;
  const all = ranked.map(([id, t]) => {
    cumulative += Math.max(0, t.sold_cost);
    const perDay = daily.get(id);
    const { cv, xyz } = xyzClass(dates.map((date) => perDay?.get(date) ?? 0));
    return { id, t, abc: classes.get(id)!, cv, xyz, cumulative };
  });
  const shown = all.slice(0, w.limit);
  const products = await productsById(w.organizationId, shown.map((r) => r.id));
  return {
    from, to, days: w.days, currency: w.currency,
    total_value: amount(total),
    summary: (['A', 'B', 'C'] as const).map((abc) => {
      const rows = all.filter((r) => r.abc === abc);
      const value = rows.reduce((s, r) => s + Math.max(0, r.t.sold_cost), 0);
      return { abc, products: rows.length, value: amount(value), share_percent: percent(value, total) ?? 0 };
    }),
    matrix: (['A', 'B', 'C'] as const).flatMap((abc) =>
      (['X', 'Y', 'Z', null] as const).map((xyz) => ({ abc, xyz, products: all.filter((r) => r.abc === abc && r.xyz === xyz).length })),
    ),
    data: shown.map((r) => ({
      ...productFields(r.id, products.get(r.id)),
      value: amount(r.t.sold_cost),
      share_percent: percent(Math.max(0, r.t.sold_cost), total) ?? 0,
      cumulative_percent: percent(r.cumulative, total) ?? 0,
      abc: r.abc,
      sold: quantityText(r.t.sold),
      days_sold: r.t.days_sold,
      cv: r.cv === null ? null : round(r.cv),
      xyz: r.xyz,
    })),
    count: all.length,
  };
}

/** One product's forecast from its own days: the method its backtest chose, with that error. */
export async function forecast(w: Window & { product: ProductRecord; forecastDays: number; leadTimeDays: number }): Promise<InventoryForecast> {
  const { from, to } = windowOf(w);
  const soldOn = new Map<string, number>();
  for (const d of await productDays(w.organizationId, w.product.id, from, to)) soldOn.set(d.date, (soldOn.get(d.date) ?? 0) + (d.sold ?? 0));
  // The series starts at the product's first day in the window, not before: days before it existed
  // (or was first stocked) are not days of zero demand.
  const created = w.product.created_at.slice(0, 10);
  let begin = created > from ? created : from;
  const firstDay = [...soldOn.keys()].sort()[0];
  if (firstDay && firstDay < begin) begin = firstDay;
  const dates = dateRange(to, Math.max(1, Math.round((Date.parse(to) - Date.parse(begin)) / 86_400_000) + 1));
  const series = dates.map((d) => (soldOn.get(d) ?? 0) / 1000);
  const onHand = (w.product.on_hand_milli ?? 0) / 1000;
  const r = forecastDemand(series, { forecastDays: w.forecastDays, leadTimeDays: w.leadTimeDays, onHand });
  return {
    ...productFields(w.product.id, w.product),
    from: dates[0]!,
    to,
    method: r.method,
    chosen_by: r.chosen_by,
    history: dates.map((date, i) => ({ date, sold: series[i]! })),
    forecast: r.forecast.map((f) => ({ date: addDays(to, f.day), value: round(f.value), low: round(f.low), high: round(f.high) })),
    interval_percent: round((INTERVAL_HIGH - INTERVAL_LOW) * 100, 0),
    backtest: r.backtest && {
      mae: round(r.backtest.mae),
      wape_percent: r.backtest.wape === null ? null : round(r.backtest.wape * 100, 1),
      bias: round(r.backtest.bias),
      horizon: r.backtest.horizon,
      days: r.backtest.days,
      points: r.backtest.points,
    },
    candidates: r.candidates.map((c) => ({ method: c.method, mae: round(c.mae) })),
    reorder: {
      lead_time_days: r.reorder.lead_time_days,
      lead_time_demand: round(r.reorder.lead_time_demand),
      safety_stock: round(r.reorder.safety_stock),
      reorder_point: round(r.reorder.reorder_point),
      on_hand: round(onHand),
      suggested_quantity: r.reorder.suggested_quantity,
    },
  };
}

export async function dashboardMetrics(w: Omit<Window, 'days'>): Promise<InventoryDashboardMetrics> {
  const from = addDays(w.today, -29);
  const [days, stock] = await Promise.all([organizationDays(w.organizationId, from, w.today), trackedStock(w.organizationId)]);
  const since = (first: string) => days.filter((d) => d.date >= first).reduce<Figures>((s, d) => plus(s, figuresOf(d)), ZERO);
  const today = since(w.today);
  const week = since(addDays(w.today, -6));
  const month = since(from);
  const amount = amountIn(w.currency);
  return {
    currency: w.currency,
    today: w.today,
    tracked_products: stock.products.length,
    low_stock: stock.lowStock,
    out_of_stock: stock.outOfStock,
    stock_value: amount(stock.total),
    sold_today: quantityText(today.sold),
    revenue_today: amount(today.revenue),
    revenue_7_days: amount(week.revenue),
    revenue_30_days: amount(month.revenue),
    cost_of_sales_30_days: amount(month.sold_cost),
    movements_today: today.movements,
  };
}

/**
 * Turnover and days of inventory from the period's cost of sales and its average stock value. The
 * value at the end of each day is walked back from today's (the levels) through each day's net
 * change at cost (received − cost of sales + adjustments); transfers move value between locations
 * and leave the total as it was. The average is over the ends of the period's days.
 */
export async function performance(w: Window): Promise<InventoryPerformance> {
  const { from, to } = windowOf(w);
  const [days, stock] = await Promise.all([organizationDays(w.organizationId, from, to), trackedStock(w.organizationId)]);
  const change = new Map<string, number>();
  let sum = ZERO;
  for (const d of days) {
    const f = figuresOf(d);
    sum = plus(sum, f);
    change.set(d.date, (change.get(d.date) ?? 0) + f.received_value - f.sold_cost + f.adjusted_value);
  }
  const dates = dateRange(to, w.days);
  let value = stock.total;
  let sumOfEnds = 0;
  for (let i = dates.length - 1; i >= 0; i--) {
    sumOfEnds += value;
    value -= change.get(dates[i]!) ?? 0;
  }
  const opening = value;
  const average = Math.round(sumOfEnds / dates.length);
  const onHand = stock.products.reduce((s, p) => s + Math.max(0, p.on_hand_milli ?? 0), 0);
  const amount = amountIn(w.currency);
  return {
    from, to, days: w.days, currency: w.currency,
    cost_of_sales: amount(sum.sold_cost),
    opening_stock_value: amount(opening),
    closing_stock_value: amount(stock.total),
    average_stock_value: amount(average),
    turnover: average > 0 ? round(sum.sold_cost / average, 2) : null,
    // Like turnover, only meaningful over a positive average (stock sold before it was received can make it negative).
    days_of_inventory: sum.sold_cost > 0 && average > 0 ? round((average * w.days) / sum.sold_cost, 1) : null,
    gross_margin_percent: percent(sum.revenue - sum.sold_cost, sum.revenue),
    sell_through_percent: percent(sum.sold, sum.sold + onHand),
    shrinkage_value: amount(-sum.adjusted_value),
    shrinkage_percent: sum.sold_cost > 0 ? percent(-sum.adjusted_value, sum.sold_cost) : null,
  };
}
